import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  dataDir,
  deployReleaseToken,
  mailDownMetricsToken,
  mainReleaseToken,
  ports,
  remotes,
  repoRoot,
  rollbackReleaseToken,
  runName,
  tmpDir,
} from './support/servers';

// the main process (its workers have TEST_WORKER_INDEX) clears the databases of earlier runs, and of the layout before runs had folders
if (process.env.TEST_WORKER_INDEX === undefined && existsSync(tmpDir)) {
  for (const name of readdirSync(tmpDir, { withFileTypes: true }))
    if (name.isDirectory() && /^(run-\d+|data-\d+)$/.test(name.name) && name.name !== runName)
      rmSync(path.join(tmpDir, name.name), { recursive: true, force: true });
}

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // the machine has no network beyond loopback: background services would only fail (and slow the browser)
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const api = (port: number, env: Record<string, string>) => ({
  command: `node ${path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs')} ${path.join(repoRoot, 'api/src/server.ts')}`,
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(port),
    APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // journeys fill forms faster than people and share one IP: no minimum fill time, no company cooldown, a high IP
    // limit; the per-identity limit stays, so the throttle message can be reached on purpose
    MIN_FILL_MS: '0',
    CONTACT_COOLDOWN_SECONDS: '0',
    THROTTLE_IP_LIMIT: '1000',
    ...env,
  },
});

const remoteOrigin = (index: number) => `http://127.0.0.1:${ports.remotesBase + index + 1}`;
const crossOriginRegistry = Object.fromEntries(
  remotes.map(({ name }, index) => [name, `${remoteOrigin(index)}/mf-manifest.json`]),
);
const campaignIndex = remotes.findIndex(({ name }) => name === 'mf_campaign');

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(tmpDir, 'results'),
  // Limits that catch a hang, not a slow machine: the suite must pass on two loaded cores (a fresh clone's `npm test`
  // beside other work), where a page can take several seconds to become live. Speed is the bench's (npm run bench).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Recording a trace costs about a fifth of each test's time. CI retries a failure once and records that retry, so a
  // test that fails twice leaves its trace; a local run (no retries) keeps the trace of every failure.
  use: { launchOptions: chromium, trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', locale: 'es-MX' },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(remote-down|deploy|mobile|mail-down|auto-rollback)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${ports.main}` },
    },
    {
      name: 'mobile',
      testMatch: /(mobile|a11y|no-javascript)\.spec\.ts/,
      use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: false, baseURL: `http://localhost:${ports.main}` },
    },
    {
      name: 'cross-origin',
      testMatch: /(navigation|deep-links)\.spec\.ts/,
      use: { viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${ports.crossOrigin}` },
    },
    {
      name: 'remote-down',
      testMatch: /remote-down\.spec\.ts/,
      use: { viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${ports.remoteDown}` },
    },
    {
      name: 'deploy',
      testMatch: /deploy\.spec\.ts/,
      use: { viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${ports.deploy}` },
    },
    {
      name: 'auto-rollback',
      testMatch: /auto-rollback\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${ports.rollback}`,
      },
    },
    {
      name: 'mail-down',
      testMatch: /mail-down\.spec\.ts/,
      use: { viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${ports.mailDown}` },
    },
  ],
  webServer: [
    // the campaign team's account of the inbox journeys (e2e/support/leads.ts), an operator of the releases too: it
    // previews a candidate of mf-stories, which stays a candidate (release-preview.spec.ts)
    api(ports.main, {
      STAFF_EMAILS: 'equipo@gotaagota.mx',
      OPERATOR_EMAILS: 'equipo@gotaagota.mx',
      // and an editor of the stories: the environment's lists give their roles once (decision 051)
      EDITOR_EMAILS: 'equipo@gotaagota.mx',
      RELEASE_TOKEN: mainReleaseToken,
      REMOTES_ALLOWED_ORIGINS: `http://127.0.0.1:${ports.previewedRemote}`,
    }),
    {
      command: `node ${path.join(repoRoot, 'e2e/support/static-server.mjs')} ${remotes.map(({ folder }, index) => `${ports.remotesBase + index + 1}:${path.join(repoRoot, folder, 'dist')}`).join(' ')}`,
      url: `http://127.0.0.1:${ports.remotesBase + 1}/mf-manifest.json`,
      reuseExistingServer: false,
    },
    // the server runs the remotes' server code from their own origins too
    api(ports.crossOrigin, {
      REMOTES: JSON.stringify(crossOriginRegistry),
      REMOTES_ALLOWED_ORIGINS: remotes.map((_, index) => remoteOrigin(index)).join(','),
    }),
    // port 9 (discard) has no listener: the allies remote is unreachable from the server and the browser. The campaign
    // remote is reachable, but from an origin the server may not run code from: the server leaves its pages to the browser
    api(ports.remoteDown, {
      REMOTES: JSON.stringify({
        mf_allies: `http://127.0.0.1:${ports.closed}/mf-manifest.json`,
        mf_campaign: `${remoteOrigin(campaignIndex)}/mf-manifest.json`,
      }),
    }),
    // releases of mf-home from the team's own CDNs, with `npm run release` (deploy.spec.ts)
    api(ports.deploy, {
      RELEASE_TOKEN: deployReleaseToken,
      REMOTES_ALLOWED_ORIGINS: [ports.deployedRemote, ports.deployedRemoteNext]
        .map((port) => `http://127.0.0.1:${port}`)
        .join(','),
    }),
    // releases of mf-allies watched after activation: two addresses' reports of a missing file roll one back (decision
    // 045); the tests name their addresses in X-Forwarded-For
    api(ports.rollback, {
      RELEASE_TOKEN: rollbackReleaseToken,
      REMOTES_ALLOWED_ORIGINS: `http://127.0.0.1:${ports.rollbackCdn}`,
      RELEASE_ROLLBACK_THRESHOLD: '1',
      RELEASE_REPORT_MIN_ADDRESSES: '2',
      TRUST_PROXY: 'true',
      OPERATOR_EMAILS: 'operaciones@gotaagota.test',
    }),
    // nothing listens on the SMTP port until mail-down.spec.ts starts a server there; retries come every second or two
    // (instead of 30 s, 2 min…) so the test takes seconds, not minutes
    api(ports.mailDown, {
      SMTP_URL: `smtp://127.0.0.1:${ports.mailDownSmtp}`,
      CONTACT_NOTIFY_TO: 'equipo@gotaagota.test',
      MAIL_RETRY_SECONDS: '1,2,2,2,2,2,2,2,2,2',
      MAIL_POLL_MS: '200',
      METRICS_TOKEN: mailDownMetricsToken,
    }),
  ],
});
