import { remoteFolder, remoteNames } from '@gota/shared/routes';
import type { Content } from '../content';
import type { Database } from '../../db/database';
import type { ReleaseAction } from './schema';
import type { Env } from '../../env';
import type { Logger } from '../../logging/logger';
import { metrics } from '../../observability/metrics';
import { browserEntry, parseRelease } from '../../render/remote-manifest';
import { sha256 } from '../../security/tokens';
import {
  BadReleaseInput,
  preflight,
  readManifest,
  reasonsOf,
  trialRoutes,
  type PreflightReport,
  type TrialRunner,
} from './preflight';
import type { ReleaseSource } from './release-follower';
import { localRelease, remoteOfFolder } from './release-set';
import {
  findRelease,
  insertRelease,
  listLog,
  listReleases,
  previousRelease,
  readActiveSet,
  ReleaseConflict,
  switchActive,
  type LogRow,
  type ReleaseRow,
} from './release-store';

/** A release as the command and the panel show it (`list --json`, issue #31 item 3). */
export interface ReleaseView {
  id: string;
  remote: string;
  state: ReleaseRow['state'];
  manifestUrl: string;
  by: string;
  at: string;
  note: string | null;
  report: PreflightReport;
  reasons: string[];
}

/** A line of the release log. */
export interface ChangeView {
  remote: string;
  from: string;
  to: string;
  action: ReleaseAction;
  by: string;
  reason: string;
  at: string;
}

export const releaseView = (row: ReleaseRow): ReleaseView => ({
  id: row.id,
  remote: row.remote,
  state: row.state,
  manifestUrl: row.manifestUrl,
  by: row.createdBy,
  at: row.createdAt.toISOString(),
  note: row.note,
  report: row.report as PreflightReport,
  reasons: row.reasons,
});

/** A line of one remote's log, as its «Versiones» page lists it (the remote is the page's). */
export const changeEntry = (row: LogRow): Omit<ChangeView, 'remote'> => ({
  from: row.fromRelease ?? localRelease,
  to: row.toRelease ?? localRelease,
  action: row.action,
  by: row.actor,
  reason: row.reason,
  at: row.at.toISOString(),
});

export const changeView = (row: LogRow): ChangeView => ({ remote: row.remote, ...changeEntry(row) });

export interface ReleaseOperationsOptions {
  database: Database;
  releases: ReleaseSource;
  /** The site's content of now: the trial render visits its newest story. */
  content: () => Content;
  env: Pick<Env, 'appUrl' | 'remotesAllowedOrigins' | 'shellDist'>;
  logger: Logger;
  trial: TrialRunner;
}

/** The remote's folder name, checked against the route table: a misspelt one changes nothing. */
function checkedRemote(folder: string) {
  const name = remoteOfFolder(folder);
  if (!name)
    throw new BadReleaseInput(`El remoto «${folder}» no existe. Los remotos son: ${remoteNames.map(remoteFolder).join(', ')}.`);
  return name;
}

/**
 * What the release command does (issue #31 item 3, decision 039), the same through any instance and on either
 * database: register a release after its pre-flight, activate one, roll back, list. A change is one transaction that
 * every instance is told of; this instance serves the new set before it answers.
 *
 * @example
 * const operations = releaseOperations({ database, releases, content, env, logger, trial: trialInChild({ cwd: repoRoot }) })
 * const release = await operations.add({ remote: 'mf-stories', manifestUrl, by: 'Ana' })
 * await operations.activate({ remote: 'mf-stories', release: release.id, by: 'Ana' })
 */
export function releaseOperations({ database, releases, content, env, logger, trial }: ReleaseOperationsOptions) {
  // one pre-flight at a time on an instance: each trial is a process with its own copy of the site
  let preflights: Promise<unknown> = Promise.resolve();
  const appOrigin = new URL(env.appUrl).origin;

  /** The release's manifest and entries must still be what was registered (a CDN folder overwritten since is refused). */
  async function unchanged(row: ReleaseRow): Promise<string[]> {
    const changed: string[] = [];
    try {
      const manifest = await readManifest(row.manifestUrl);
      if (manifest.sha256 !== row.manifestSha256) return ['el manifiesto'];
      const release = parseRelease(checkedRemote(row.remote), row.manifestUrl, row.manifestUrl, manifest.json);
      const entries = [
        { name: 'la entrada de navegador', url: browserEntry(release), sha256: row.browserEntrySha256 },
        { name: 'la entrada de servidor', url: release.serverEntry, sha256: row.serverEntrySha256 },
      ];
      for (const entry of entries) {
        const response = entry.url
          ? await fetch(entry.url, { signal: AbortSignal.timeout(5000), redirect: 'error' }).catch(() => undefined)
          : undefined;
        const body = response?.status === 200 ? Buffer.from(await response.arrayBuffer()) : undefined;
        if (!body || sha256(body) !== entry.sha256) changed.push(entry.name);
      }
    } catch (error) {
      return [(error as Error).message];
    }
    return changed;
  }

  async function change(folder: string, to: string | null, action: ReleaseAction, by: string, reason: string): Promise<LogRow> {
    if (to !== null) {
      const row = await findRelease(database.use(), to);
      if (!row || row.remote !== folder)
        throw new ReleaseConflict(`${folder} no tiene una versión ${to}. Consulta: npm run release -- list ${folder}`);
      if (row.state === 'rechazada')
        throw new ReleaseConflict(`La versión ${to} fue rechazada en la verificación previa: no se puede activar`);
      const differs = await unchanged(row);
      if (differs.length > 0) {
        metrics.releaseRefusals.inc({ remote: folder });
        logger.warn(
          { remote: folder, release: to, changed: differs },
          'activación rechazada: los archivos de la versión cambiaron desde su registro',
        );
        throw new ReleaseConflict(
          `Los archivos de la versión ${to} cambiaron desde que se registró (${differs.join(', ')}): no se activó. Regístrala de nuevo con npm run release -- add.`,
        );
      }
    }
    const line = await switchActive(database.use(), { remote: folder, to, action, actor: by, reason });
    metrics.releaseActivations.inc({ remote: folder, action });
    logger.info(
      { remote: folder, from: line.fromRelease ?? localRelease, to: line.toRelease ?? localRelease, action, by, reason },
      'cambio de versión activa',
    );
    // this instance serves the new set before it answers; the others follow on the notification
    await releases.refresh();
    return line;
  }

  return {
    /** Registers a release and runs its pre-flight: a candidate, or refused with its reasons. Never activates. */
    async add(input: { remote: string; manifestUrl: string; note?: string | undefined; by: string }): Promise<ReleaseRow> {
      const remote = checkedRemote(input.remote);
      let url: URL;
      try {
        url = new URL(input.manifestUrl);
      } catch {
        throw new BadReleaseInput(
          `«${input.manifestUrl}» no es una URL: pasa la dirección completa del mf-manifest.json (https://…).`,
        );
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new BadReleaseInput('La dirección del manifiesto debe empezar por https:// (o http://).');
      const manifest = await readManifest(url.href);
      const run = preflights.then(() =>
        preflight({
          remote,
          manifestUrl: url.href,
          manifest: manifest.json,
          base: releases.current(),
          appOrigin,
          allowedOrigins: env.remotesAllowedOrigins,
          routes: trialRoutes(remote, content()),
          stories: content().stories,
          trial,
          shellDist: env.shellDist,
        }),
      );
      preflights = run.catch(() => undefined);
      const result = await run;
      const reasons = reasonsOf(result.report);
      const row = await insertRelease(database.use(), {
        remote: input.remote,
        manifestUrl: url.href,
        manifest: manifest.json,
        manifestSha256: manifest.sha256,
        browserEntrySha256: result.browserEntrySha256,
        serverEntrySha256: result.serverEntrySha256,
        serverFiles: result.serverFiles,
        exposes: result.exposes,
        shared: result.shared,
        state: reasons.length > 0 ? 'rechazada' : 'candidata',
        reasons,
        report: result.report,
        createdBy: input.by,
        note: input.note ?? null,
      });
      if (reasons.length > 0) {
        metrics.releaseRefusals.inc({ remote: input.remote });
        logger.warn(
          { remote: input.remote, release: row.id, manifest: url.href, by: input.by, reasons },
          'versión rechazada en la verificación previa',
        );
      } else {
        logger.info(
          { remote: input.remote, release: row.id, manifest: url.href, by: input.by, ms: result.report.ms },
          'versión registrada y verificada',
        );
      }
      return row;
    },
    /** Makes a candidate (or a retired release) active; `local` goes back to the local build. */
    activate(input: { remote: string; release: string; note?: string | undefined; by: string }): Promise<LogRow> {
      checkedRemote(input.remote);
      const to = input.release === localRelease ? null : input.release;
      return change(input.remote, to, 'activacion', input.by, input.note ?? `activada por ${input.by}`);
    },
    /** Activates again the release the last change replaced. */
    async rollback(input: { remote: string; note?: string | undefined; by: string }): Promise<LogRow> {
      checkedRemote(input.remote);
      const previous = await previousRelease(database.use(), input.remote);
      if (!previous)
        throw new ReleaseConflict(`${input.remote} nunca cambió de versión: sirve su compilación local y no hay a cuál volver`);
      const from = previous.last.toRelease ?? localRelease;
      return change(input.remote, previous.to, 'reversion', input.by, input.note ?? `${input.by} revirtió ${from}`);
    },
    /** The releases (newest first), the log, and what each remote serves: a release's id, or `local`. */
    async list(remote?: string): Promise<{ releases: ReleaseRow[]; log: LogRow[]; active: Record<string, string> }> {
      if (remote !== undefined) checkedRemote(remote);
      const db = database.use();
      const { active } = await readActiveSet(db);
      const serving = Object.fromEntries(
        remoteNames
          .map(remoteFolder)
          .filter((folder) => remote === undefined || folder === remote)
          .map((folder) => [folder, active.find((row) => row.remote === folder)?.id ?? localRelease]),
      );
      return { releases: await listReleases(db, remote), log: await listLog(db, remote), active: serving };
    },
  };
}

export type ReleaseOperations = ReturnType<typeof releaseOperations>;
