import { readFileSync } from 'node:fs';
import { remoteFolder, type RemoteName } from '@gota/shared/routes';
import type { Database } from '../../db/database';
import { parseRemotes } from '../../env';
import type { Logger } from '../../logging/logger';
import { metrics } from '../../observability/metrics';
import { browserEntry, parseRelease } from '../../render/remote-manifest';
import { sha256 } from '../../security/tokens';
import { readManifest, type PreflightReport } from './preflight';
import { importActive, type NewRelease } from './release-store';

async function digestOf(url: string | undefined): Promise<string> {
  if (!url) throw new Error('el manifiesto no nombra la entrada de navegador');
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (response.status !== 200) throw new Error(`${url} respondió ${response.status}`);
  return sha256(Buffer.from(await response.arrayBuffer()));
}

/** One entry of the file as a release: active if its manifest and entries can be read, refused otherwise. */
async function releaseOf(name: RemoteName, manifestUrl: string, by: string, note: string): Promise<NewRelease> {
  const started = performance.now();
  const report = (ok: boolean, detail: string): PreflightReport => ({
    at: new Date().toISOString(),
    ms: Math.round(performance.now() - started),
    checks: [{ check: 'manifiesto', ok, detail }],
    routes: [],
  });
  const base = { remote: remoteFolder(name), manifestUrl, createdBy: by, note, serverFiles: [], exposes: [], shared: [] };
  try {
    const manifest = await readManifest(manifestUrl);
    const release = parseRelease(name, manifestUrl, manifestUrl, manifest.json);
    const serverEntrySha256 = await digestOf(release.serverEntry);
    if (serverEntrySha256 !== release.sha256) throw new Error('la entrada de servidor no tiene el sha256 del manifiesto');
    return {
      ...base,
      manifest: manifest.json,
      manifestSha256: manifest.sha256,
      browserEntrySha256: await digestOf(browserEntry(release)),
      serverEntrySha256,
      exposes: release.manifest.exposes.map((expose) => expose.name.replace(/^\.\//, '')),
      shared:
        (manifest.json as { shared?: { name: string; version: string }[] }).shared?.map(({ name: pkg, version }) => ({
          name: pkg,
          version,
        })) ?? [],
      state: 'activa',
      reasons: [],
      report: report(true, 'importada de REMOTES_FILE sin verificación previa: ya estaba en servicio'),
    };
  } catch (error) {
    const reason = (error as Error).message;
    return {
      ...base,
      manifest: {},
      manifestSha256: '',
      browserEntrySha256: '',
      serverEntrySha256: '',
      state: 'rechazada',
      reasons: [`manifiesto: ${reason}`],
      report: report(false, reason),
    };
  }
}

/**
 * The registry file of before releases (REMOTES_FILE), imported once as the active releases (decision 039): at the
 * first start on a database that has never had a release, each entry pointing elsewhere than the local build becomes
 * that remote's active release, and the log says it came from the file. Any later start only says the file is no
 * longer read. Never stops the start: what could not be imported is logged, and the local build serves.
 */
export async function importRemotesFile({
  file,
  database,
  logger,
}: {
  file: string;
  database: Database;
  logger: Logger;
}): Promise<void> {
  let text: string;
  let entries: [RemoteName, string][];
  try {
    text = readFileSync(file, 'utf8');
    entries = Object.entries(parseRemotes(text)).filter(([, url]) => /^https?:\/\//.test(url)) as [RemoteName, string][];
  } catch (error) {
    logger.error(
      { file, err: (error as Error).message },
      'REMOTES_FILE no se pudo importar; se sirven las versiones de la base de datos (o las compilaciones locales)',
    );
    return;
  }
  const digest = sha256(text).slice(0, 12);
  const reason = `importada de REMOTES_FILE ${file} (sha256 ${digest}…)`;
  const releases = await Promise.all(entries.map(([name, url]) => releaseOf(name, url, 'sistema', reason)));
  const lines = await importActive(database.use(), releases, 'sistema', reason);
  if (!lines) {
    logger.warn(
      { file },
      'REMOTES_FILE ya no se lee: las versiones están en la base de datos (npm run release); quita la variable',
    );
    return;
  }
  for (const line of lines) metrics.releaseActivations.inc({ remote: line.remote, action: 'importacion' });
  const refused = releases.filter((release) => release.state === 'rechazada');
  logger.info(
    { file, imported: lines.map((line) => ({ remote: line.remote, release: line.toRelease })) },
    'REMOTES_FILE importado como versiones activas; quita la variable',
  );
  for (const release of refused)
    logger.error(
      { file, remote: release.remote, manifest: release.manifestUrl, reasons: release.reasons },
      'una entrada de REMOTES_FILE no se pudo importar; ese remoto sirve su compilación local',
    );
}
