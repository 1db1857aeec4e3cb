import { createRequire } from 'node:module';
import { createInstance, registerGlobalPlugins } from '@module-federation/enhanced/runtime';
import type { FederatedModule } from './render-types';
import { serverChunkFetch, serverEntryLoader } from './entry-loader';
import type { RemoteRelease } from './remote-manifest';

const requireFromApi = createRequire(import.meta.url);

/**
 * What the API provides to every server build (architecture §7): one React, one router, one zustand for the whole
 * process. The server builds bundle none of them (`import: false`), so a missing one fails loudly instead of loading a
 * second copy. `@gota/shared` is provided by the shell's server build, which is always loaded first.
 */
function hostShared() {
  const provide = (request: string, pkg: string) => ({
    version: (requireFromApi(`${pkg}/package.json`) as { version: string }).version,
    lib: () => requireFromApi(request) as never,
    shareConfig: { singleton: true, requiredVersion: false as const },
  });
  return {
    react: provide('react', 'react'),
    'react/jsx-runtime': provide('react/jsx-runtime', 'react'),
    'react/jsx-dev-runtime': provide('react/jsx-dev-runtime', 'react'),
    'react-dom': provide('react-dom', 'react-dom'),
    'react-dom/server': provide('react-dom/server', 'react-dom'),
    'react-router-dom': provide('react-router-dom', 'react-router-dom'),
    zustand: provide('zustand', 'zustand'),
  };
}

type Fetch = (href: string) => Promise<Response>;

/**
 * Chunk fetches run inside each server build's own runtime, which only global plugins reach (trap 4), and a global
 * plugin is registered once per process. It asks the hosts of this process in turn (one in production; tests may
 * make several apps): the first whose fetch accepts the URL answers.
 */
const fetchers = new Set<Fetch>();
let chunkFetchRegistered = false;
async function anyHostFetch(href: string): Promise<Response> {
  let lastError: unknown = new Error(`Ningún renderizador acepta ${href}`);
  for (const fetchCode of fetchers) {
    try {
      return await fetchCode(href);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * The runtime warns "[ Federation Runtime ]: The remote … is already registered" on stderr whenever a name it knows is
 * registered again with `force`. Ours are the two deliberate replacements: a new release takes its name from the last
 * one (`use`, once per release, which the API logs itself as «nueva versión del código de servidor»), and a release whose
 * container failed gets a fresh one (`load`, after the failure was logged). Only that warning is left out, and only
 * while we register (the call is synchronous).
 */
function withoutReplacementWarning(register: () => void): void {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].includes('is already registered'))) warn(...args);
  };
  try {
    register();
  } finally {
    console.warn = warn;
  }
}

export interface FederationHost {
  /** Makes `release` the live version of its remote (trap 2: `force`, one live version per name). True if it changed. */
  use(release: RemoteRelease): boolean;
  release(name: string): RemoteRelease | undefined;
  /** Loads a module (`mf_stories/Blog`, `shell/server`) of the live release; one load at a time per module and release. */
  load<T = FederatedModule>(id: string): Promise<T>;
  close(): void;
}

/**
 * The API's one Module Federation runtime instance (architecture §7): it loads the shell's and the remotes' server
 * code at run time, from the registry, never at build time.
 *
 * @example
 * const host = federationHost(serverFetch({ roots, allowedOrigins: [], timeoutMs: 2000 }))
 * host.use(release)
 * const { renderPage } = await host.load('shell/server')
 */
export function federationHost(fetchCode: Fetch): FederationHost {
  const releases = new Map<string, RemoteRelease>();
  const sha256ByEntry = new Map<string, string>();
  const loads = new Map<string, Promise<unknown>>();
  // remotes whose container failed while loading a module: the next load registers them again, for a fresh container
  const broken = new Set<string>();
  fetchers.add(fetchCode);
  if (!chunkFetchRegistered) {
    registerGlobalPlugins([serverChunkFetch(anyHostFetch)]);
    chunkFetchRegistered = true;
  }
  const register = (release: RemoteRelease) =>
    withoutReplacementWarning(() =>
      instance.registerRemotes([{ name: release.name, entry: release.serverEntry, type: 'commonjs-module' }], { force: true }),
    );
  const instance = createInstance({
    name: 'gota_api',
    remotes: [],
    shared: hostShared(),
    plugins: [serverEntryLoader(fetchCode, (entry) => sha256ByEntry.get(entry))],
  });

  return {
    use(release) {
      const current = releases.get(release.name);
      if (current?.serverEntry === release.serverEntry) return false;
      if (current) {
        // the old release's modules are never asked for again
        sha256ByEntry.delete(current.serverEntry);
        for (const key of loads.keys()) if (key.endsWith(`@${current.serverEntry}`)) loads.delete(key);
      }
      sha256ByEntry.set(release.serverEntry, release.sha256);
      releases.set(release.name, release);
      broken.delete(release.name);
      register(release);
      return true;
    },
    release: (name) => releases.get(name),
    load<T>(id: string): Promise<T> {
      const remote = id.slice(0, id.indexOf('/'));
      const release = releases.get(remote);
      if (!release) return Promise.reject(new Error(`El remoto «${remote}» no está registrado en el servidor`));
      const key = `${id}@${release.serverEntry}`;
      let pending = loads.get(key);
      if (!pending) {
        if (broken.delete(remote)) {
          for (const other of loads.keys()) if (other.endsWith(`@${release.serverEntry}`)) loads.delete(other);
          register(release);
        }
        pending = instance.loadRemote<T>(id).then((module) => {
          if (!module) throw new Error(`«${id}» no respondió`);
          return module;
        });
        loads.set(key, pending);
        // a failure is forgotten (the caller keeps a short negative cache), and the container it may have left half
        // initialised is replaced; a success stays for the release's life
        pending.catch(() => {
          loads.delete(key);
          broken.add(remote);
        });
      }
      return pending as Promise<T>;
    },
    close() {
      fetchers.delete(fetchCode);
    },
  };
}
