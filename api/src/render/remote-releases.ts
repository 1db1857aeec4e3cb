import type { RemotesRegistry } from '@gota/shared/contracts';
import type { Logger } from '../logging/logger';
import type { FederationHost } from './federation-host';
import { parseRelease, type RemoteRelease } from './remote-manifest';
import { metrics } from '../observability/metrics';
import { localOrigin } from './server-fetch';

/** The shell's browser manifest, served by this API (its server build is registered as the remote `shell`). */
const shellManifestPath = '/app/mf-manifest.json';

export interface RemoteReleasesOptions {
  host: FederationHost;
  fetchCode: (href: string) => Promise<Response>;
  logger: Logger;
  /** How long a request waits for what it needs (architecture §7: about 300 ms). */
  budgetMs: number;
  /** After a failed load, how long that module is not tried again by requests (it renders client-only meanwhile). */
  retryAfterMs: number;
  /** How often manifests are read again, to notice a release that replaced the files at the same address. */
  revalidateMs: number;
}

interface Tracked {
  browserUrl: string;
  release?: RemoteRelease;
  checkedAt: number;
  pending?: Promise<void> | undefined;
}

/** Resolves with the promise's value, or with undefined once `ms` have passed or if it fails. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** A registry entry as the server fetches it: the embedded default's root-relative paths come from the local builds. */
function serverUrl(browserUrl: string): string {
  return new URL(browserUrl, `${localOrigin}/`).href;
}

/**
 * The live release of the shell and of every remote of the registry, as the server knows them from their manifests:
 * read when the registry names a new address and again every `revalidateMs`; a new release is made live on the one
 * runtime instance and its code loaded in the background, before a request needs it (architecture §7, trap 2).
 */
export function remoteReleases({ host, fetchCode, logger, budgetMs, retryAfterMs, revalidateMs }: RemoteReleasesOptions) {
  const tracked = new Map<string, Tracked>();
  const failedUntil = new Map<string, number>();

  function loadNow<T>(id: string, remote: string): Promise<T> {
    // Only the release at the address the registry names now. When the registry moves a remote, the previous release
    // stays registered in the runtime until the new manifest is read; rendering with it would send the old release's
    // HTML in a document whose browser loads the new one (issue #35): its slot is left to the browser meanwhile.
    const named = tracked.get(remote)?.release;
    if (!named || host.release(remote)?.serverEntry !== named.serverEntry) {
      return Promise.reject(new Error(`«${id}»: aún no se conoce la versión que nombra el registro`));
    }
    const key = `${id}@${named.serverEntry}`;
    const until = failedUntil.get(key);
    if (until !== undefined && until > Date.now()) return Promise.reject(new Error(`«${id}» falló hace poco`));
    return host.load<T>(id).then(
      (module) => {
        failedUntil.delete(key);
        return module;
      },
      (error: unknown) => {
        metrics.remoteLoadFailures.inc({ remote });
        if (until === undefined) logger.warn({ module: id, err: (error as Error).message }, 'el servidor no pudo cargar un módulo federado; su parte se mostrará en el navegador');
        failedUntil.set(key, Date.now() + retryAfterMs);
        throw error;
      },
    );
  }

  /**
   * Loads a module of the live release, unless it failed a moment ago (a short negative cache; logged once). A
   * remote's module waits for the shell's server code: the shell provides `@gota/shared`, which remotes do not bundle.
   */
  function load<T>(id: string): Promise<T> {
    const remote = id.slice(0, id.indexOf('/'));
    if (remote === 'shell') return loadNow<T>(id, remote);
    return load('shell/server').then(() => loadNow<T>(id, remote));
  }

  /** Loads every module of a release that just became live, in the background (the shell's first, see `load`). */
  function warm(release: RemoteRelease): void {
    const ids = release.name === 'shell' ? ['shell/server'] : release.manifest.exposes.map((expose) => `${release.name}/${expose.name}`);
    // the shell's manifest may still be on its way: its release must be known before a remote's code can load
    const shellKnown = release.name === 'shell' ? Promise.resolve() : (tracked.get('shell')?.pending ?? Promise.resolve());
    void shellKnown.then(() => Promise.allSettled(ids.map((id) => load(id))));
  }

  async function refresh(name: string, entry: Tracked): Promise<void> {
    try {
      const url = serverUrl(entry.browserUrl);
      const release = parseRelease(name, url, entry.browserUrl, await (await fetchCode(url)).json());
      entry.release = release;
      if (host.use(release)) {
        logger.info({ remote: name, sha256: release.sha256.slice(0, 12) }, 'nueva versión del código de servidor');
        warm(release);
      }
    } catch (error) {
      if (!entry.release) logger.warn({ remote: name, manifest: entry.browserUrl, err: (error as Error).message }, 'no se pudo leer el manifiesto de un remoto');
    } finally {
      entry.checkedAt = Date.now();
      entry.pending = undefined;
    }
  }

  return {
    load,
    release: (name: string) => tracked.get(name)?.release,
    /** Brings the releases in line with a registry; waits (within the budget) only for manifests never read yet. */
    async sync(registry: RemotesRegistry): Promise<void> {
      const waits: Promise<void>[] = [];
      for (const [name, browserUrl] of [['shell', shellManifestPath], ...Object.entries(registry)] as const) {
        let entry = tracked.get(name);
        if (!entry || entry.browserUrl !== browserUrl) {
          entry = { browserUrl, checkedAt: 0 };
          tracked.set(name, entry);
        }
        if (!entry.pending && Date.now() - entry.checkedAt >= revalidateMs) entry.pending = refresh(name, entry);
        if (!entry.release && entry.pending) waits.push(entry.pending);
      }
      if (waits.length > 0) await within(Promise.all(waits), budgetMs);
    },
    /** Identifies the server code in use (a part of the HTML cache's key). */
    codeVersion: () => [...tracked.values()].map((entry) => entry.release?.sha256.slice(0, 12) ?? '-').join('.'),
  };
}

export type RemoteReleases = ReturnType<typeof remoteReleases>;
