import path from 'node:path';
import { remoteFolder, remoteNames } from '@gota/shared/routes';
import { portOffset } from './port-offset';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The server setups the journeys run against, each a real API process serving real builds, at offset 0. */
const basePorts = {
  main: 3300,
  crossOrigin: 3400,
  remotesBase: 3400, // remotes on 3401–3406
  remoteDown: 3500,
  closed: 3599, // nothing listens here: a remote that is down
  deploy: 3600,
  /** The CDNs of deploy.spec.ts's two releases: this port and the next. */
  deployedRemote: 3601,
  deployedRemoteNext: 3602,
  /** The CDN of release-preview.spec.ts's candidate of mf-stories (released against the main server). */
  previewedRemote: 3603,
  /** An API whose SMTP server is down until the test starts one (mail-down.spec.ts). */
  mailDown: 3700,
  mailDownSmtp: 3799,
  /** An API that watches releases with a small threshold (auto-rollback.spec.ts), and its team's CDN. */
  rollback: 3800,
  rollbackCdn: 3801,
} as const;

/** Every port the suite listens on or needs silent (the closed one, the SMTP port until its test starts a server). */
const remoteCount = remoteNames.length;
const allPorts = (offset: number) =>
  [
    ...new Set([
      ...Object.values(basePorts).map((port) => port + offset),
      ...Array.from({ length: remoteCount }, (_, index) => basePorts.remotesBase + offset + index + 1),
    ]),
  ].sort((a, b) => a - b);

/**
 * Shifts every port (and the scratch folder) so that two suites can run side by side on one machine: E2E_PORT_OFFSET,
 * or the first free one (support/port-offset.ts; docs/development.md "Set-up details").
 */
const offset = portOffset(allPorts);
export const tmpDir = path.join(repoRoot, 'e2e/.tmp', offset ? `offset-${offset}` : '');

/**
 * Every `playwright test` starts its API servers on empty databases, so a journey never meets what an earlier run
 * published (four stories of one date from earlier runs would push a new one off the home page's carousel). The main
 * process names the run; its workers inherit the name. playwright.config.ts removes the folders of earlier runs.
 */
export const runName = (process.env.E2E_RUN ??= `run-${Date.now()}`);
/** The data folder (`DATA_DIR`: PGlite, mail) of the API server on `port`, for this run. */
export const dataDir = (port: number) => path.join(tmpDir, runName, `data-${port}`);

export const ports = Object.fromEntries(Object.entries(basePorts).map(([name, port]) => [name, port + offset])) as {
  readonly [name in keyof typeof basePorts]: number;
};

/** The remotes as the route table names them, each with the workspace folder that builds it. */
export const remotes = remoteNames.map((name) => ({ name, folder: remoteFolder(name) }));

/** RELEASE_TOKEN of the deploy setup: deploy.spec.ts releases with `npm run release`. */
export const deployReleaseToken = 'token-de-versiones-del-despliegue-0123456789';

/** RELEASE_TOKEN of the automatic rollback's setup (auto-rollback.spec.ts). */
export const rollbackReleaseToken = 'token-de-versiones-de-la-reversion-0123456789';
/** RELEASE_TOKEN of the main setup: release-preview.spec.ts registers a candidate with `npm run release`. */
export const mainReleaseToken = 'token-de-versiones-del-sitio-principal-0123456789';

/** Lets mail-down.spec.ts read the outbox's counters on its server's /metrics. */
export const mailDownMetricsToken = 'metricas-del-correo-caido-0123456789';
