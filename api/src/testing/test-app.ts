import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { createApp, type AppDeps } from '../app';
import { loadContent, type Content, type ContentSource } from '../features/content';
import { loadEnv, repoRoot, type Env } from '../env';
import type { Database } from '../db/database';
import type { Lifecycle } from '../lifecycle/shutdown';
import { createLogger, type Logger } from '../logging/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { createOutboxSender, type OutboxSender } from '../mail/outbox';
import {
  localRegistry,
  releaseFollower,
  releaseWatch,
  type PreviewRenderer,
  type ReleaseFollower,
  type ReleaseWatch,
  type TrialRunner,
} from '../features/releases';
import { pageRenderer, type Renderer } from '../render/page-renderer';
import { buildRoots } from '../static/build-roots';
import { absentDatabase } from '../security/form-envelope';
import type { AppEnv } from '../types';

let content: Content | undefined;

/** The test environment: no throttles, cooldown or fill time unless a test sets them; IPs from X-Forwarded-For. */
function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gota-api-')),
    APP_URL: 'http://localhost:3000',
    MIN_FILL_MS: '0',
    THROTTLE_IP_LIMIT: '0',
    THROTTLE_IDENTITY_LIMIT: '0',
    SEARCH_IP_LIMIT: '0',
    CONTACT_COOLDOWN_SECONDS: '0',
    TRUST_PROXY: 'true',
    ...overrides,
  });
}

/** A mailer that keeps messages in memory; `fail` makes the next sends throw (an SMTP server that is down). */
export function recordingMailer(): Mailer & { sent: MailMessage[]; fail: Error | undefined } {
  const sent: MailMessage[] = [];
  return {
    sent,
    fail: undefined,
    async send(message) {
      if (this.fail) throw this.fail;
      sent.push(message);
    },
    async close() {},
  };
}

export interface TestAppOptions {
  database?: Database;
  /** Default: `recordingMailer()`. Whatever it is, `deliverMail()` returns what went through it. */
  mailer?: Mailer;
  env?: Record<string, string>;
  /** Default: silent. */
  logger?: Logger;
  /**
   * Default: the real renderer over the local builds. Its release set is read only when a test calls
   * `releases.refresh()` (before that, and without builds, the browser renders every page).
   */
  renderer?: Renderer;
  /** Default: a child process (the trial render of `npm run release -- add`). */
  trial?: TrialRunner;
  /** Default: none (a preview's candidate slot is left to the browser). */
  previewRenderer?: PreviewRenderer;
  /** Default: never draining. */
  lifecycle?: Lifecycle;
  /** Default: api/content, loaded once; or a content that follows the database (a `contentFollower`). */
  content?: Content | ContentSource;
  /** Who may upload photos; default: nobody (as in createApp). */
  canUploadMedia?: AppDeps['canUploadMedia'];
  /** The clock the codes of an authenticator app are checked against; default: the system's. */
  clock?: () => number;
}

export interface TestApp {
  app: Hono<AppEnv>;
  env: Env;
  mailer: Mailer;
  /** The outbox sender over the test's database and mailer; never started: tests run it with `deliverMail`. */
  outbox: OutboxSender;
  /** Runs the outbox sender once (every due row) and returns the messages it delivered now. */
  deliverMail(): Promise<MailMessage[]>;
  /** The release set the app serves: never started; `refresh()` reads the database and the local builds. */
  releases: ReleaseFollower;
  renderer: Renderer;
  /** The automatic rollback's watch (decision 045): `idle()` waits for the counts of the renders so far. */
  watch: ReleaseWatch;
}

/** The real app, in process, with a silent logger. Mail waits in `mail_outbox` until `deliverMail()`. */
export function testApp({
  database,
  mailer = recordingMailer(),
  env: overrides,
  logger,
  renderer: givenRenderer,
  lifecycle,
  trial,
  content: givenContent,
  previewRenderer,
  canUploadMedia,
  clock,
}: TestAppOptions = {}): TestApp {
  const env = testEnv(overrides);
  content ??= loadContent(path.join(repoRoot, 'api/content'));
  const silent = logger ?? createLogger({ level: 'silent' });
  let delivered: MailMessage[] = [];
  const watched: Mailer = {
    async send(message) {
      await mailer.send(message);
      delivered.push(message);
    },
    close: () => mailer.close(),
  };
  const outbox = createOutboxSender({
    database: database ?? absentDatabase(),
    mailer: watched,
    logger: silent,
    retrySeconds: env.MAIL_RETRY_SECONDS,
  });
  const renderer =
    givenRenderer ??
    pageRenderer({
      roots: buildRoots({ shellDist: env.shellDist, repoRoot }),
      allowedOrigins: env.remotesAllowedOrigins,
      logger: silent,
    });
  const releases = releaseFollower({
    database: database ?? absentDatabase(),
    adopt: renderer.adopt,
    fetchCode: renderer.fetchCode,
    localRegistry: localRegistry(env.REMOTES),
    logger: silent,
  });
  const watch = releaseWatch({ database: database ?? absentDatabase(), releases, env, logger: silent, outbox });
  const app = createApp({
    env,
    content: givenContent ?? content,
    releases,
    database,
    outbox,
    renderer,
    lifecycle,
    logger: silent,
    watch,
    ...(trial ? { trial } : {}),
    ...(previewRenderer ? { previewRenderer } : {}),
    ...(canUploadMedia ? { canUploadMedia } : {}),
    ...(clock ? { clock } : {}),
  });
  const deliverMail = async () => {
    delivered = [];
    await outbox.runOnce();
    return delivered;
  };
  return { app, env, mailer, outbox, deliverMail, releases, renderer, watch };
}
