import { readFile } from 'node:fs/promises';
import { sha256 } from '../security/tokens';
import { buildFile, type BuildRoot } from '../static/build-roots';

/**
 * The origin the server gives the embedded default's own builds (registry entries such as `/mf/mf-home/…`). Nothing
 * resolves it: requests to it are answered from the build folders on disk, so rendering never calls the API itself.
 */
export const localOrigin = 'http://builds.gota.invalid';

export interface ServerFetchOptions {
  roots: BuildRoot[];
  /** Origins server code may come from, besides the local builds (REMOTES_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  timeoutMs: number;
}

export class RemoteCodeError extends Error {
  override name = 'RemoteCodeError';
}

/**
 * How the server fetches remote manifests, entries and chunks (architecture §7, traps 3 and 4): with a timeout, only
 * from allowed origins, and a failure for any answer but 200 (an error page must never be run as code).
 */
export function serverFetch({ roots, allowedOrigins, timeoutMs }: ServerFetchOptions) {
  const allowed = new Set([localOrigin, ...allowedOrigins]);
  return async (href: string): Promise<Response> => {
    const url = new URL(href);
    if (!allowed.has(url.origin))
      throw new RemoteCodeError(`${url.origin} no está entre los orígenes permitidos (REMOTES_ALLOWED_ORIGINS)`);
    if (url.origin === localOrigin) {
      const file = buildFile(roots, url.pathname);
      const body = file ? await readFile(file).catch(() => undefined) : undefined;
      if (!body) throw new RemoteCodeError(`${url.pathname} no existe en las compilaciones locales`);
      return new Response(body, { status: 200 });
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) throw new RemoteCodeError(`${href} respondió ${response.status}`);
    return response;
  };
}

/** A server file known by its digest: an entry (from its manifest) or a chunk the trial render loaded. */
export interface PinnedFile {
  url: string;
  sha256: string;
}

/**
 * The server files of the live releases, fetched before a switch and checked against their digests (decision 039): a
 * render then loads a new release from memory, and a file replaced at the same address after registration is refused
 * instead of run. A file no release names goes through as before (a chunk the trial render never loaded).
 *
 * @example
 * const files = pinnedFiles(serverFetch(options))
 * await files.prefetch([{ url: entry, sha256 }])   // throws if a file is unreachable or differs
 * files.keep(new Set([entry]))                     // forget what the live releases no longer name
 */
export function pinnedFiles(fetchCode: (href: string) => Promise<Response>) {
  const files = new Map<string, { sha256: string; body?: Buffer }>();
  const read = async (href: string, expected: string): Promise<Buffer> => {
    const body = Buffer.from(await (await fetchCode(href)).arrayBuffer());
    const actual = sha256(body);
    if (actual !== expected)
      throw new RemoteCodeError(`${href}: sha256 ${actual.slice(0, 12)}… no es el registrado (${expected.slice(0, 12)}…)`);
    return body;
  };
  return {
    async fetch(href: string): Promise<Response> {
      const known = files.get(href);
      if (!known) return fetchCode(href);
      known.body ??= await read(href, known.sha256);
      return new Response(known.body, { status: 200 });
    },
    /** Fetches and checks every file not held yet, a few at a time; rejects with the first that fails. */
    async prefetch(list: readonly PinnedFile[]): Promise<void> {
      const pending = list.filter((file) => files.get(file.url)?.body === undefined);
      for (const file of pending) if (!files.has(file.url)) files.set(file.url, { sha256: file.sha256 });
      const queue = [...pending];
      const worker = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const entry = files.get(file.url)!;
          entry.body ??= await read(file.url, file.sha256);
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
    },
    /** Forgets every file but these. */
    keep(urls: ReadonlySet<string>): void {
      for (const url of files.keys()) if (!urls.has(url)) files.delete(url);
    },
  };
}
