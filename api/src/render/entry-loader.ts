import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteCodeError } from './server-fetch';

type Fetch = (href: string) => Promise<Response>;

/** Node's own modules only: a server entry asks for `vm`, `path`, `fs`… and never for a package of ours. */
const requireBuiltin = createRequire(import.meta.url);

/**
 * `fs` as server code sees it: a path a renderer may not read (Node's permission model, decision 057) does not exist.
 * The bundled node runtime asks `existsSync` of each chunk's URL path before fetching it (trap 5), and under the
 * permission model that throws ERR_ACCESS_DENIED instead of answering false.
 */
const fsForServerCode: typeof fs = {
  ...fs,
  existsSync(file) {
    try {
      return fs.existsSync(file);
    } catch {
      return false;
    }
  },
};
const requireForServerCode = Object.assign(
  (id: string) => (id === 'fs' || id === 'node:fs' ? fsForServerCode : requireBuiltin(id)),
  requireBuiltin,
);

/**
 * Runs a CommonJS server entry fetched over HTTP (architecture §7, trap 3). `vm` is not a sandbox: only code from the
 * allowed origins, with the sha256 its manifest names, reaches this point.
 */
function runCommonJs(code: string, filename: string): Record<string, unknown> {
  const wrapper = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
    filename,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }).runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} as Record<string, unknown> };
  // __dirname is the URL's path, which exists on no disk: the bundled node runtime then fetches chunks over HTTP
  // instead of looking for them in a local folder of the same name (trap 5)
  const dirname = new URL('.', filename).pathname;
  wrapper(module.exports, module, requireForServerCode, dirname, filename);
  return module.exports;
}

/**
 * The runtime plugin that loads every server entry: fetched with a timeout, refused unless it answers 200 and its
 * sha256 is the one its manifest names (`expectedSha256` by entry URL), then run once.
 */
export function serverEntryLoader(
  fetchCode: Fetch,
  expectedSha256: (entry: string) => string | undefined,
): ModuleFederationRuntimePlugin {
  return {
    name: 'gota-server-entry-loader',
    async loadEntry({ remoteInfo }) {
      const expected = expectedSha256(remoteInfo.entry);
      if (!expected) throw new RemoteCodeError(`${remoteInfo.entry} no está en ningún manifiesto conocido`);
      const code = await (await fetchCode(remoteInfo.entry)).text();
      const actual = createHash('sha256').update(code).digest('hex');
      if (actual !== expected)
        throw new RemoteCodeError(
          `${remoteInfo.entry}: sha256 ${actual.slice(0, 12)}… no es el del manifiesto (${expected.slice(0, 12)}…)`,
        );
      const exports = runCommonJs(code, remoteInfo.entry);
      const container = exports[remoteInfo.entryGlobalName] ?? exports[remoteInfo.name] ?? exports;
      return container as never;
    },
  };
}

/** A global plugin: every chunk a server entry loads goes through the same fetch (trap 4: only global plugins reach it). */
export function serverChunkFetch(fetchCode: Fetch): ModuleFederationRuntimePlugin {
  return { name: 'gota-server-chunk-fetch', fetch: (url) => fetchCode(url) };
}
