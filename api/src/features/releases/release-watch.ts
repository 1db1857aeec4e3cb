import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { describeError } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import type { Env } from '../../env';
import type { Logger } from '../../logging/logger';
import { enqueueMail, type OutboxSender } from '../../mail/outbox';
import { releaseRolledBackMail } from '../../mail/templates';
import { metrics } from '../../observability/metrics';
import type { RenderFailure } from '../../render/page-renderer';
import { browserEntry } from '../../render/remote-manifest';
import { sha256 } from '../../security/tokens';
import type { ReleaseSource } from './release-follower';
import type { ReleaseSnapshot } from '../../render/release-snapshot';
import { localRelease } from './release-set';
import { releaseSignals, type ReleaseSignalKind } from './schema';
import { ReleaseConflict, switchActive } from './release-store';
import { holdersOf } from '../accounts';

/** Who the log names for a change the site made by itself (as for the REMOTES_FILE import). */
const systemActor = 'sistema';

/** How long the server's verdict on a reported file holds: a burst of reports about one file fetches it once. */
const verdictMs = 10_000;
const fileTimeoutMs = 5000;

/**
 * An active release under watch. `fresh`: activated by a person (`activacion`) less than RELEASE_WATCH_MINUTES ago, its
 * signals counted from that activation. Otherwise `standing` (decision 052): any other active release, its signals
 * counted over the last RELEASE_WATCH_MINUTES.
 */
interface Watch {
  /** The log line that made it active: signals are counted per watch, so a release activated again starts from zero. */
  id: number;
  /** That line's action: only a person's `activacion` may be undone by going back to `previous`. */
  action: string;
  fresh: boolean;
  /** Folder name, as the log writes it: `mf-stories`. */
  remote: string;
  release: string;
  /** What the rollback goes back to (null: the local build). */
  previous: string | null;
  /** When the watch ends, on this process's clock (a standing watch never does). */
  until: number;
  manifestSha256: string;
  browserEntrySha256: string;
}

/** What the server concluded of a browser's report (the `outcome` of `gota_browser_load_failures_total`). */
export type ReportOutcome = 'confirmed' | 'file_ok' | 'unchecked';

export interface BrowserReport {
  /** Federation name: `mf_stories`. */
  remote: string;
  /** The manifest's address as the page's registry gave it: names the release the browser was on. */
  manifest: string;
  /** The file that did not load; absent when the browser could not tell (the manifest and the entry are checked). */
  file?: string | undefined;
  /** The client's address (src/security/client-ip.ts). */
  address: string;
}

export interface ReleaseWatchOptions {
  database: Database;
  releases: ReleaseSource;
  env: Pick<Env, 'RELEASE_WATCH_MINUTES' | 'RELEASE_ROLLBACK_THRESHOLD' | 'RELEASE_REPORT_MIN_ADDRESSES' | 'appUrl'>;
  logger: Logger;
  outbox: Pick<OutboxSender, 'nudge'>;
}

/**
 * The automatic rollback of issue #31 item 6 (docs/decisions/045-automatic-rollback.md). A release a person activated
 * is watched for RELEASE_WATCH_MINUTES. Its failures — server renders that fail on any instance, and browsers' reports of
 * its files not loading, each confirmed by the server fetching the file — are counted in the database
 * (`release_signals`), the one place a fleet shares. Browsers' reports count only once they come from
 * RELEASE_REPORT_MIN_ADDRESSES addresses. Past RELEASE_ROLLBACK_THRESHOLD, the release the activation replaced is made
 * active again, with the same switch as `npm run release -- rollback`, on condition that the watched release is still
 * the active one: of two instances deciding at once, one changes the set and the other finds it changed and does nothing.
 * The log line (`reversion-automatica`, by the system, with the counts), the operators' mail and the switch are one
 * transaction. Counting never delays an answer, and a database that does not answer only stops the counting.
 *
 * @example
 * const watch = releaseWatch({ database, releases, env, logger, outbox })
 * watch.renderFailed(snapshot, rendered.failures)              // after each server render
 * await watch.browserReport(snapshot, { remote, manifest, file, address })   // POST /api/release-reports
 */
export function releaseWatch({ database, releases, env, logger, outbox }: ReleaseWatchOptions) {
  const minutes = env.RELEASE_WATCH_MINUTES;
  const appOrigin = new URL(env.appUrl).origin;
  const instance = String((logger.bindings() as { instance?: unknown }).instance ?? 'api');
  let known: { seq: number; watches: Promise<Map<string, Watch>> } | undefined;
  const pending = new Map<string, { watch: Watch; kind: ReleaseSignalKind; source: string; count: number }>();
  const handled = new Set<number>();
  const verdicts = new Map<string, { at: number; broken: Promise<boolean> }>();
  let flushing: Promise<void> | undefined;
  /** Renders' failures on their way to being counted (the watch being read). */
  const arriving = new Set<Promise<unknown>>();

  /** The releases under watch as of the set `seq` names: one read of the log per set, none for a set without failures. */
  function watchesAt(seq: number): Promise<Map<string, Watch>> {
    if (minutes === 0 || !database.ready || database.state !== 'ok') return Promise.resolve(new Map());
    if (known?.seq === seq) return known.watches;
    const watches = (async () => {
      const rows = rowsOf<{
        id: number | string;
        remote: string;
        from_release: string | null;
        to_release: string | null;
        action: string;
        until_ms: number | string;
        now_ms: number | string;
        manifest_sha256: string | null;
        browser_entry_sha256: string | null;
      }>(
        await database.use().execute(sql`
          select distinct on (l.remote) l.id, l.remote, l.from_release, l.to_release, l.action,
            extract(epoch from l.at + make_interval(mins => ${minutes}))::float8 * 1000 as until_ms,
            extract(epoch from now())::float8 * 1000 as now_ms,
            r.manifest_sha256, r.browser_entry_sha256
          from release_log l left join remote_releases r on r.id = l.to_release
          order by l.remote, l.id desc`),
      );
      const map = new Map<string, Watch>();
      for (const row of rows) {
        // the local build has no line to undo: its failures are counted apart (`localFailed`)
        if (row.to_release === null) continue;
        // the database's clock decides when a fresh watch ends; this process's clock may differ from it
        const freshUntil = Number(row.until_ms) - Number(row.now_ms) + Date.now();
        const fresh = row.action === 'activacion' && freshUntil > Date.now();
        map.set(row.to_release, {
          id: Number(row.id),
          action: row.action,
          fresh,
          remote: row.remote,
          release: row.to_release,
          previous: row.from_release,
          until: fresh ? freshUntil : Infinity,
          manifestSha256: row.manifest_sha256 ?? '',
          browserEntrySha256: row.browser_entry_sha256 ?? '',
        });
      }
      return map;
    })();
    known = { seq, watches };
    // a failed read is not kept: the next failure asks again
    watches.catch((error: unknown) => {
      if (known?.watches === watches) known = undefined;
      database.reportFailure(error);
    });
    return watches;
  }

  const open = (watch: Watch | undefined): watch is Watch =>
    watch !== undefined && watch.until > Date.now() && !handled.has(watch.id);

  /**
   * A server render's source: the instance and the minute (a row per minute, so that a standing watch sums only the
   * rows of its last minutes); a browser's is its address, whose rows are counted as addresses.
   */
  const serverSource = () => `${Math.floor(Date.now() / 60_000)}|${instance}`.slice(0, 64);

  function count(watch: Watch, kind: ReleaseSignalKind, source: string): void {
    const key = `${watch.id}|${kind}|${source}`;
    const entry = pending.get(key);
    if (entry) entry.count++;
    else pending.set(key, { watch, kind, source, count: 1 });
  }

  /** Writes the counts gathered so far, one flush at a time, and rolls back a watched release that passed the threshold. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      try {
        while (pending.size > 0) {
          const batch = [...pending.values()];
          pending.clear();
          const db = database.use();
          for (const { watch, kind, source, count: n } of batch) {
            await db
              .insert(releaseSignals)
              .values({ watchId: watch.id, releaseId: watch.release, kind, source, count: n })
              .onConflictDoUpdate({
                target: [releaseSignals.watchId, releaseSignals.kind, releaseSignals.source],
                set: { count: sql`${releaseSignals.count} + ${n}`, lastAt: sql`now()` },
              });
          }
          for (const watch of new Map(batch.map(({ watch }) => [watch.id, watch])).values()) await judge(watch);
        }
      } catch (error) {
        pending.clear();
        database.reportFailure(error);
        logger.warn({ err: describeError(error) }, 'no se pudieron contar los fallos de una versión vigilada');
      } finally {
        flushing = undefined;
      }
    })();
    return flushing;
  }

  async function judge(watch: Watch): Promise<void> {
    if (handled.has(watch.id)) return;
    // a fresh watch counts everything since the activation, while it lasts; a standing one the last minutes
    const [tally] = rowsOf<{ server: number | string; browser: number | string; addresses: number | string; open: boolean }>(
      await database.use().execute(sql`
        select coalesce(sum(count) filter (where kind = 'servidor'), 0)::int as server,
          coalesce(sum(count) filter (where kind = 'navegador'), 0)::int as browser,
          (count(*) filter (where kind = 'navegador'))::int as addresses,
          ${watch.fresh ? sql`exists (select 1 from release_log where id = ${watch.id} and at > now() - make_interval(mins => ${minutes}))` : sql`true`} as open
        from ${releaseSignals} where watch_id = ${watch.id}
          ${watch.fresh ? sql`` : sql`and last_at > now() - make_interval(mins => ${minutes})`}`),
    );
    if (!tally?.open) return;
    const server = Number(tally.server);
    const addresses = Number(tally.addresses);
    const browser = addresses >= env.RELEASE_REPORT_MIN_ADDRESSES ? Number(tally.browser) : 0;
    if (server + browser <= env.RELEASE_ROLLBACK_THRESHOLD) return;
    handled.add(watch.id);
    const when = watch.fresh ? `en los ${minutes} min tras su activación` : `en los últimos ${minutes} min`;
    const counts =
      `${server + browser} fallos ${when}, más que el umbral de ${env.RELEASE_ROLLBACK_THRESHOLD} ` +
      `(${server} renderizados fallidos en el servidor; ${Number(tally.browser)} archivos que no cargaron en navegadores desde ${addresses} direcciones${browser === 0 && addresses > 0 ? `, sin contar: hacen falta ${env.RELEASE_REPORT_MIN_ADDRESSES}` : ''})`;
    // a release a rollback or an import made active is what served before: going back would bring back what was left
    if (watch.action !== 'activacion') {
      cannotRollBack(watch.remote, watch.release, 'restaurada', counts, { server, browser: Number(tally.browser), addresses });
      return;
    }
    await rollBack(watch, `reversión automática: ${counts}`, { server, browser: Number(tally.browser), addresses });
  }

  /**
   * Pages the operator when failures passed the threshold and nothing can be rolled back (decision 052): an error line
   * and `gota_release_rollback_impossible_total`, once per watch (per threshold passed, for the local build).
   */
  function cannotRollBack(
    remote: string,
    release: string,
    reason: 'restaurada' | 'compilacion-local',
    counts: string,
    detail: Record<string, number> = {},
  ): void {
    metrics.releaseRollbackImpossible.inc({ remote, reason });
    const why =
      reason === 'restaurada'
        ? 'la activó una reversión o la importación: volver atrás traería lo que se dejó'
        : 'es la compilación local: no hay versión anterior';
    logger.error(
      { remote, release, reason, ...detail },
      `no se puede revertir una versión que falla (${why}): ${counts}; hace falta una persona`,
    );
  }

  /** Failures of the local build, by remote, on this instance's clock: the last minutes' only. */
  const localFailures = new Map<string, number[]>();

  /** The local build failed: past the threshold within the window, the operator is paged (nothing to roll back to). */
  function localFailed(remote: string): void {
    const now = Date.now();
    const recent = (localFailures.get(remote) ?? []).filter((at) => at > now - minutes * 60_000);
    recent.push(now);
    if (recent.length <= env.RELEASE_ROLLBACK_THRESHOLD) {
      localFailures.set(remote, recent);
      return;
    }
    localFailures.delete(remote);
    cannotRollBack(
      remote,
      localRelease,
      'compilacion-local',
      `${recent.length} renderizados fallidos en esta instancia en los últimos ${minutes} min, más que el umbral de ${env.RELEASE_ROLLBACK_THRESHOLD}`,
    );
  }

  async function rollBack(
    watch: Watch,
    reason: string,
    counts: { server: number; browser: number; addresses: number },
  ): Promise<void> {
    const to = watch.previous ?? localRelease;
    let operators = 0;
    try {
      await switchActive(database.use(), {
        remote: watch.remote,
        to: watch.previous,
        action: 'reversion-automatica',
        actor: systemActor,
        reason,
        expected: watch.release,
        alongside: async (tx, line) => {
          // the accounts holding «operador» now (decision 051)
          const holders = await holdersOf(tx, 'operador');
          operators = holders.length;
          for (const operator of holders) {
            await enqueueMail(
              tx,
              'version-revertida',
              releaseRolledBackMail(operator, { remote: watch.remote, from: watch.release, to, reason, instance, at: line.at }),
            );
          }
        },
      });
    } catch (error) {
      // another instance rolled it back first, or a person changed the release meanwhile: nothing to do
      if (error instanceof ReleaseConflict) {
        logger.info(
          { remote: watch.remote, release: watch.release, detail: error.message },
          'reversión automática no necesaria: la versión activa ya cambió',
        );
        return;
      }
      handled.delete(watch.id);
      throw error;
    }
    metrics.releaseAutoRollbacks.inc({ remote: watch.remote });
    metrics.releaseActivations.inc({ remote: watch.remote, action: 'reversion-automatica' });
    logger.error(
      { remote: watch.remote, from: watch.release, to, reason, ...counts, operators },
      'versión revertida automáticamente',
    );
    outbox.nudge();
    await releases.refresh();
  }

  /** Whether the server, asking for the file as a browser of the site would, fails to get it as registered. */
  function broken(url: string, digest: string | undefined): Promise<boolean> {
    const now = Date.now();
    const cached = verdicts.get(url);
    if (cached && now - cached.at < verdictMs) return cached.broken;
    const verdict = (async () => {
      try {
        const response = await fetch(url, {
          headers: { Origin: appOrigin },
          signal: AbortSignal.timeout(fileTimeoutMs),
          redirect: 'error',
        });
        const body = Buffer.from(await response.arrayBuffer());
        const allow = response.headers.get('Access-Control-Allow-Origin');
        if (response.status !== 200 || (allow !== '*' && allow !== appOrigin)) return true;
        return digest !== undefined && digest !== '' && sha256(body) !== digest;
      } catch {
        return true;
      }
    })();
    for (const [key, value] of verdicts) if (now - value.at >= verdictMs) verdicts.delete(key);
    verdicts.set(url, { at: now, broken: verdict });
    return verdict;
  }

  return {
    /** After a server render with the request's set: each watched release that failed counts once for this render. */
    renderFailed(snapshot: ReleaseSnapshot, failures: readonly RenderFailure[]): void {
      if (minutes === 0) return;
      // (a failure names the federation name, `mf_stories`; the log and the metrics the folder, `mf-stories`)
      for (const remote of new Set(
        failures.filter((failure) => failure.release === localRelease).map((failure) => failure.remote.replace('_', '-')),
      ))
        localFailed(remote);
      const failed = new Set(
        failures.map((failure) => failure.release).filter((release) => release !== localRelease && release !== '-'),
      );
      if (failed.size === 0) return;
      const counting = watchesAt(snapshot.seq)
        .then((watches) => {
          let counted = false;
          for (const release of failed) {
            const watch = watches.get(release);
            if (!open(watch)) continue;
            count(watch, 'servidor', serverSource());
            counted = true;
          }
          return counted ? flush() : undefined;
        })
        .catch(() => undefined)
        .finally(() => arriving.delete(counting));
      arriving.add(counting);
    },

    /**
     * A browser says a file of `report.remote` did not load. It counts only for a watched release that is the one the
     * request's set serves at that address, for a file of that release's folder, and only when the server cannot get
     * that file either (200, CORS for the site, the registered digest for the manifest and the entry).
     */
    async browserReport(snapshot: ReleaseSnapshot, report: BrowserReport): Promise<ReportOutcome> {
      const pinned = snapshot.releases.get(report.remote);
      const release = pinned?.releaseId ?? '-';
      const outcome = await (async (): Promise<ReportOutcome> => {
        const code = pinned?.code;
        if (!pinned || !code || pinned.releaseId === localRelease || pinned.browserUrl !== report.manifest) return 'unchecked';
        const watch = (await watchesAt(snapshot.seq).catch(() => new Map<string, Watch>())).get(pinned.releaseId);
        if (!open(watch)) return 'unchecked';
        const entry = browserEntry(code);
        const files = report.file === undefined ? [pinned.browserUrl, ...(entry ? [entry] : [])] : [new URL(report.file).href];
        // only files of the release's own folder: the server never fetches an address a visitor chose
        if (files.some((file) => file !== pinned.browserUrl && !file.startsWith(code.browserBase))) return 'unchecked';
        const digestOf = (file: string) =>
          file === pinned.browserUrl ? watch.manifestSha256 : file === entry ? watch.browserEntrySha256 : undefined;
        const verdicts = await Promise.all(files.map((file) => broken(file, digestOf(file))));
        if (!verdicts.some(Boolean)) return 'file_ok';
        count(watch, 'navegador', sha256(report.address).slice(0, 32));
        await flush();
        return 'confirmed';
      })();
      metrics.browserLoadFailures.inc({ remote: report.remote, release, outcome });
      if (outcome === 'confirmed')
        logger.warn(
          { remote: report.remote, release, file: report.file ?? null },
          'un navegador no pudo cargar un archivo de una versión vigilada',
        );
      return outcome;
    },

    /** Resolves once the counts gathered so far are written and judged (tests, shutdown). */
    async idle(): Promise<void> {
      while (arriving.size > 0 || flushing) await Promise.all([...arriving, flushing]);
    },
  };
}

export type ReleaseWatch = ReturnType<typeof releaseWatch>;
