import type { Logger } from '../logging/logger';
import { metrics } from '../observability/metrics';
import { notReadYet, type PinnedRelease, type ReleaseSnapshot } from './release-snapshot';
import { settle } from '../lifecycle/time-limit';
import type { FederationHost } from './federation-host';
import { localOrigin, type PinnedFile, type pinnedFiles } from './server-fetch';

export interface RemoteReleasesOptions {
  host: FederationHost;
  files: ReturnType<typeof pinnedFiles>;
  logger: Logger;
  /** Origins server code may come from besides the local builds (REMOTES_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** After a failed load, how long that module is not tried again by requests (it renders client-only meanwhile). */
  retryAfterMs: number;
}

/** Why a module of a request's snapshot was not loaded on the server (its slot is then left to the browser). */
export type SkipReason =
  /** the set this request took is not the one whose code is live any more (a switch happened since) */
  | 'stale'
  /** its origin may not supply server code (REMOTES_ALLOWED_ORIGINS): rendered in the browser by design */
  | 'policy'
  /** its manifest could not be read, so there is no server code to load */
  | 'unavailable'
  /** its code failed to load, now or a moment ago */
  | 'load';

export class ModuleSkipped extends Error {
  override name = 'ModuleSkipped';
  constructor(
    readonly reason: SkipReason,
    message: string,
  ) {
    super(message);
  }
}

/** Whether the server may run a release's code at all: its server entry is a local build's or from an allowed origin. */
export function mayRunFrom(allowedOrigins: readonly string[]): (release: PinnedRelease) => boolean {
  const allowed = new Set([localOrigin, ...allowedOrigins]);
  return (release) => release.code !== undefined && allowed.has(new URL(release.code.serverEntry).origin);
}

/** The server files a pinned release names: its entry, and the chunks its trial render loaded. */
function filesOf(release: PinnedRelease): PinnedFile[] {
  if (!release.code) return [];
  return [{ url: release.code.serverEntry, sha256: release.code.sha256 }, ...release.serverFiles];
}

/** Every module a release exposes, as the runtime loads it (`shell/server`, `mf_stories/Blog`). */
function moduleIds(release: PinnedRelease): string[] {
  if (!release.code) return [];
  if (release.name === 'shell') return ['shell/server'];
  return release.code.manifest.exposes.map((expose) => `${release.name}/${expose.name.replace(/^\.\//, '')}`);
}

/**
 * The server code of the process, one live release per remote (architecture §7, trap 2), switched from one release
 * set to the next by `adopt` only: the new code is fetched and checked first, then made live and loaded, and only then
 * does the caller make the set current (decision 039). A request loads the modules of the set it took; when that set's
 * code is not the live one any more (a switch happened during the request) its slots are left to the browser, so an
 * answer never pairs a registry with another set's code.
 */
export function remoteReleases({ host, files, logger, allowedOrigins, retryAfterMs }: RemoteReleasesOptions) {
  const failedUntil = new Map<string, number>();
  const mayRun = mayRunFrom(allowedOrigins);
  const isLive = (release: PinnedRelease) =>
    release.code !== undefined && host.release(release.name)?.serverEntry === release.code.serverEntry;

  function check(release: PinnedRelease | undefined, remote: string): PinnedRelease {
    // an instance that has not read its set yet (the first moments of a start): the browser renders, nobody's fault
    if (release?.problem === notReadYet) throw new ModuleSkipped('stale', 'el conjunto de versiones aún no se ha leído');
    if (!release?.code) throw new ModuleSkipped('unavailable', release?.problem ?? `el remoto «${remote}» no tiene manifiesto`);
    if (!mayRun(release))
      throw new ModuleSkipped('policy', `${new URL(release.code.serverEntry).origin} no está en REMOTES_ALLOWED_ORIGINS`);
    if (!isLive(release)) throw new ModuleSkipped('stale', `el código de «${remote}» cambió durante la solicitud`);
    return release;
  }

  function loadNow<T>(id: string, release: PinnedRelease): Promise<T> {
    const key = `${id}@${release.code!.serverEntry}`;
    const until = failedUntil.get(key);
    if (until !== undefined && until > Date.now()) return Promise.reject(new ModuleSkipped('load', `«${id}» falló hace poco`));
    return host.load<T>(id).then(
      (module) => {
        failedUntil.delete(key);
        return module;
      },
      (error: unknown) => {
        metrics.remoteLoadFailures.inc({ remote: release.name });
        if (until === undefined)
          logger.warn(
            { module: id, release: release.releaseId, err: (error as Error).message },
            'el servidor no pudo cargar un módulo federado; su parte se mostrará en el navegador',
          );
        failedUntil.set(key, Date.now() + retryAfterMs);
        throw new ModuleSkipped('load', (error as Error).message);
      },
    );
  }

  /**
   * Loads a module of `snapshot`'s release of its remote, if that release is the live one. A remote's module waits for
   * the shell's server code: the shell provides `@gota/shared`, which remotes do not bundle. Rejects with
   * `ModuleSkipped` when the module cannot be rendered on the server.
   */
  function load<T>(id: string, snapshot: ReleaseSnapshot): Promise<T> {
    const remote = id.slice(0, id.indexOf('/'));
    try {
      const shell = check(snapshot.releases.get('shell'), 'shell');
      if (remote === 'shell') return loadNow<T>(id, shell);
      const release = check(snapshot.releases.get(remote), remote);
      return loadNow('shell/server', shell).then(() => loadNow<T>(id, release));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  return {
    load,
    /** Whether the server may run this release's code (else its pages render in the browser, by design). */
    mayRun,
    /**
     * Makes `snapshot`'s server code live: fetches and checks the changed releases' files (at most `budgetMs`), makes
     * them the live releases (shell first), and loads their modules (from memory by then, at most `budgetMs`). A file
     * that cannot be fetched does not stop the switch: the set is what the fleet serves, and those pages render in the
     * browser until the code loads. Call one at a time, in the order of the sets.
     */
    async adopt(snapshot: ReleaseSnapshot, budgetMs: number): Promise<void> {
      const releases = [...snapshot.releases.values()]
        .filter(mayRun)
        .sort((a, b) => Number(b.name === 'shell') - Number(a.name === 'shell'));
      const changed = releases.filter((release) => !isLive(release));
      const deadline = Date.now() + budgetMs;
      const remoteFiles = (release: PinnedRelease) => filesOf(release).filter((file) => !file.url.startsWith(`${localOrigin}/`));
      const fetched = await settle(files.prefetch(changed.flatMap(remoteFiles)), budgetMs);
      if (!('value' in fetched)) {
        const reason = 'error' in fetched ? (fetched.error as Error).message : `más de ${budgetMs} ms`;
        logger.warn(
          { set: snapshot.id, err: reason },
          'no se pudo traer todo el código de servidor de la nueva versión antes de activarla',
        );
      }
      for (const release of changed) {
        host.use(release.code!);
        logger.info(
          { remote: release.name, release: release.releaseId, sha256: release.code!.sha256.slice(0, 12) },
          'nueva versión del código de servidor',
        );
      }
      // the files of the releases that are no longer live are never asked for again
      files.keep(new Set(releases.flatMap(remoteFiles).map((file) => file.url)));
      await settle(
        Promise.allSettled(changed.flatMap(moduleIds).map((id) => load(id, snapshot))),
        Math.max(100, deadline - Date.now()),
      );
    },
  };
}
