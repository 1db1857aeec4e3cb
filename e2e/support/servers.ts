import path from 'node:path';
import { remoteFolder, remoteNames } from '@gota/shared/routes';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Shifts every port (and the scratch folder) so that two suites can run side by side on one machine. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const tmpDir = path.join(repoRoot, 'e2e/.tmp', offset ? `offset-${offset}` : '');

/** The server setups the journeys run against; each is a real API process serving real builds. */
export const ports = {
  main: 3300 + offset,
  crossOrigin: 3400 + offset,
  remotesBase: 3400 + offset, // remotes on 3401–3405
  remoteDown: 3500 + offset,
  closed: 3599 + offset, // nothing listens here: a remote that is down
  deploy: 3600 + offset,
  /** The CDNs of deploy.spec.ts's two releases: this port and the next. */
  deployedRemote: 3601 + offset,
  /** An API whose SMTP server is down until the test starts one (mail-down.spec.ts). */
  mailDown: 3700 + offset,
  mailDownSmtp: 3799 + offset,
} as const;

/** The remotes as the route table names them, each with the workspace folder that builds it. */
export const remotes = remoteNames.map((name) => ({ name, folder: remoteFolder(name) }));

/** RELEASE_TOKEN of the deploy setup: deploy.spec.ts releases with `npm run release`. */
export const deployReleaseToken = 'token-de-versiones-del-despliegue-0123456789';

/** Lets mail-down.spec.ts read the outbox's counters on its server's /metrics. */
export const mailDownMetricsToken = 'metricas-del-correo-caido-0123456789';
