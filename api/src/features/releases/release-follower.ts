import type { RemotesRegistry } from '@gota/shared/contracts';
import { remoteFolder, type RemoteName } from '@gota/shared/routes';
import type { Database } from '../../db/database';
import { followerLife, oneAtATime } from '../../db/listen';
import { describeError } from '../../db/errors';
import type { Logger } from '../../logging/logger';
import { watchReleases } from '../../observability/metrics';
import { parseRelease } from '../../render/remote-manifest';
import { settle } from '../../lifecycle/time-limit';
import { notReadYet, releaseSnapshot, type PinnedRelease, type ReleaseSnapshot } from '../../render/release-snapshot';
import { localOrigin } from '../../render/server-fetch';
import { localRelease, shellManifestPath, versionSeq } from './release-set';
import { readActiveSet, releaseChannel, type ReleaseRow } from './release-store';

export interface ReleaseSource {
  /** The set to use now. A request takes it once and uses it for everything it answers (decision 039). */
  current(): ReleaseSnapshot;
  /**
   * A navigation carries `version`, which is not this instance's. When it names a newer set (another instance switched
   * first), the set is read again before the answer, within a short wait, so the browser is not sent to reload.
   */
  catchUp(version: string): Promise<void>;
  /** Reads the active set again now (after a change made by this instance); resolves once it is current. */
  refresh(): Promise<void>;
  /** Why the set in use may not be the fleet's (the last reading of the database failed), or null. */
  problem(): string | null;
}

export interface ReleaseFollowerOptions {
  database: Database;
  /** Makes a set's server code live before the set becomes current (the page renderer's `adopt`). */
  adopt: (snapshot: ReleaseSnapshot) => Promise<void>;
  /** Fetches a local build's manifest, as the server reads it (src/render/server-fetch.ts). */
  fetchCode: (href: string) => Promise<Response>;
  /** Where each remote's local build is (the embedded default, or REMOTES in development). */
  localRegistry: RemotesRegistry;
  logger: Logger;
  /** PostgreSQL's URL: a connection of its own listens for changes. Unset (PGlite), changes are made in this process. */
  listenUrl?: string | undefined;
  /** How often the active set is read when no notification came (a lost one, a listener reconnecting). */
  pollMs?: number;
  /** How often the local builds' manifests are read again (a development rebuild). */
  localRecheckMs?: number;
  /** How long a navigation from a newer set waits for this instance to catch up. */
  catchUpMs?: number;
}

/** A local build as read from its manifest: the code it pins, or why there is none. */
interface LocalRead {
  pinned: PinnedRelease;
  readAt: number;
  /** The last reading failed (told once, until it reads well again). */
  failing: boolean;
}

/** A release row as a snapshot pins it: its manifest as registered, its server files by digest. */
export function pinnedOf(name: string, row: ReleaseRow): PinnedRelease {
  try {
    return {
      name,
      releaseId: row.id,
      browserUrl: row.manifestUrl,
      code: parseRelease(name, row.manifestUrl, row.manifestUrl, row.manifest),
      serverFiles: row.serverFiles,
    };
  } catch (error) {
    return { name, releaseId: row.id, browserUrl: row.manifestUrl, problem: (error as Error).message, serverFiles: [] };
  }
}

/**
 * The active release set of this instance, following the database (decision 039): read at start, on every NOTIFY from
 * PostgreSQL on a connection of its own, every `pollMs` as the fallback, at once after a change this instance made,
 * and when a browser shows a newer version. A new set is built as an immutable snapshot, its server code made live
 * (`adopt`), and only then made current. A remote without an active release serves its local build.
 *
 * @example
 * const releases = releaseFollower({ database, adopt: renderer.adopt, fetchCode, localRegistry: localRegistry(), logger })
 * await releases.refresh()
 * releases.start()
 */
export function releaseFollower(options: ReleaseFollowerOptions) {
  const { database, logger, pollMs = 1000, localRecheckMs = 10_000, catchUpMs = 1500 } = options;
  const locals = new Map<string, LocalRead>();
  const localNames = ['shell', ...Object.keys(options.localRegistry)];
  const browserUrlOf = (name: string) => (name === 'shell' ? shellManifestPath : options.localRegistry[name]!);
  const unread = (name: string): PinnedRelease => ({
    name,
    releaseId: localRelease,
    browserUrl: browserUrlOf(name),
    problem: notReadYet,
    serverFiles: [],
  });
  let current = releaseSnapshot(0, localNames.map(unread));
  let activeSet: { seq: number; active: ReleaseRow[] } | undefined;
  let problem: string | null = null;
  const life = followerLife({ listenUrl: options.listenUrl, channel: releaseChannel, logger, what: 'versión' });

  async function readLocal(name: string): Promise<PinnedRelease> {
    const browserUrl = browserUrlOf(name);
    try {
      const serverUrl = new URL(browserUrl, `${localOrigin}/`).href;
      const code = parseRelease(name, serverUrl, browserUrl, await (await options.fetchCode(serverUrl)).json());
      return { name, releaseId: localRelease, browserUrl, code, serverFiles: [] };
    } catch (error) {
      return { name, releaseId: localRelease, browserUrl, problem: (error as Error).message, serverFiles: [] };
    }
  }

  /** The local builds a set needs (the shell's and those of remotes without an active release), read again when old. */
  async function localsFor(names: string[]): Promise<PinnedRelease[]> {
    const now = Date.now();
    return Promise.all(
      names.map(async (name) => {
        const known = locals.get(name);
        if (known && now - known.readAt < localRecheckMs) return known.pinned;
        const read = await readLocal(name);
        // a manifest that read well before and fails now (a development server restarting) keeps its last good read:
        // a new set for that would send every open tab to reload
        const pinned = read.problem !== undefined && known?.pinned.code ? known.pinned : read;
        const failing = read.problem !== undefined;
        if (failing && !known?.failing)
          logger.warn(
            { remote: name, manifest: read.browserUrl, err: read.problem },
            'no se pudo leer el manifiesto de un remoto',
          );
        locals.set(name, { pinned, readAt: now, failing });
        return pinned;
      }),
    );
  }

  async function readDatabase(): Promise<void> {
    if (!database.ready || database.state !== 'ok') return;
    try {
      activeSet = await readActiveSet(database.use());
      problem = null;
    } catch (error) {
      database.reportFailure(error);
      const cause = (error as { cause?: unknown }).cause;
      problem = `no se pudo leer el conjunto de versiones: ${((cause ?? error) as Error).message}`;
      if (!activeSet)
        logger.warn(
          { err: describeError(error) },
          'no se pudo leer el conjunto de versiones; se sirven las compilaciones locales',
        );
    }
  }

  async function refreshNow(): Promise<void> {
    await readDatabase();
    const active = new Map((activeSet?.active ?? []).map((row) => [row.remote, row]));
    const fromRows = Object.keys(options.localRegistry).flatMap((name) => {
      const row = active.get(remoteFolder(name as RemoteName));
      return row ? [pinnedOf(name, row)] : [];
    });
    const fromLocal = await localsFor(localNames.filter((name) => !fromRows.some((pinned) => pinned.name === name)));
    const next = releaseSnapshot(activeSet?.seq ?? 0, [...fromLocal, ...fromRows]);
    if (next.id === current.id && next.seq === current.seq) return;
    await options.adopt(next);
    const previous = current;
    current = next;
    if (previous.id !== next.id) {
      const releases = Object.fromEntries([...next.releases.values()].map((pinned) => [pinned.name, pinned.releaseId]));
      logger.info({ set: next.id, seq: next.seq, releases }, 'conjunto de versiones en servicio');
    }
  }

  const refresh = oneAtATime(refreshNow, {
    stopped: life.stopped,
    onError: (error) => logger.error({ err: describeError(error) }, 'no se pudo cambiar de conjunto de versiones'),
  });

  watchReleases(() => current);

  return {
    current: () => current,
    refresh,
    async catchUp(version: string): Promise<void> {
      const seq = versionSeq(version);
      if (seq === undefined || seq <= current.seq) return;
      await settle(refresh(), catchUpMs);
    },
    problem: () => problem,
    /** Follows the database from now on: notifications (PostgreSQL), a poll, the local builds' manifests. */
    start(): void {
      life.start(() => void refresh(), [[pollMs, () => void refresh()]]);
    },
    stop: life.stop,
  } satisfies ReleaseSource & Record<string, unknown>;
}

export type ReleaseFollower = ReturnType<typeof releaseFollower>;
