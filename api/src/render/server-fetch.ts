import { readFile } from 'node:fs/promises';
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
    if (!allowed.has(url.origin)) throw new RemoteCodeError(`${url.origin} no está entre los orígenes permitidos (REMOTES_ALLOWED_ORIGINS)`);
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
