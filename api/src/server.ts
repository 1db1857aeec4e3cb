import path from 'node:path';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app';
import { startHttpServer } from './http-server';
import { loadBaseContent, loadStoryFiles, contentFollower, startKitArchiveSweep } from './features/content';
import { shareCards } from './features/stories';
import { acquireDataLock } from './db/data-lock';
import { migrateWhenReachable, openDatabase } from './db/database';
import { describeError } from './db/errors';
import { startMaintenance } from './db/maintenance';
import { createLogger } from './logging/logger';
import { logUncaughtErrors } from './logging/process-errors';
import { registerMetricsRoute } from './observability/metrics';
import { createMailer } from './mail/mailer';
import { createOutboxSender } from './mail/outbox';
import { startPhotoSweep } from './features/media';
import { loadEnv, repoRoot } from './env';
import { drainingLifecycle, gracefulShutdown } from './lifecycle/shutdown';
import { importRemotesFile, localRegistry, previewRenderer, releaseFollower } from './features/releases';
import { siteSearch } from './features/search';
import { bootstrapTeam } from './features/accounts';
import { rendererPool } from './render/renderer-pool';
import { buildRoots } from './static/build-roots';
import type { AppEnv } from './types';

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL, instance: env.INSTANCE_ID });
  logUncaughtErrors(logger);
  // one process per embedded database: a second one on the same folder stops here with the reason (issue #12 row 5)
  if (!env.DATABASE_URL) acquireDataLock(env.dbDir);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dbDir, poolMax: env.DATABASE_POOL_MAX, logger });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: env.mailDir,
    logger,
    logLinks: env.NODE_ENV !== 'production',
  });
  // every mail is a row of mail_outbox; this instance's sender delivers it (and any other instance's, exactly once)
  const outbox = createOutboxSender({ database, mailer, logger, retrySeconds: env.MAIL_RETRY_SECONDS, pollMs: env.MAIL_POLL_MS });
  outbox.start();
  // pages do not need the database: serve at once, and let forms answer 503 until migrations are applied
  const migrations = new AbortController();
  const migrated = migrateWhenReachable(database, logger, { signal: migrations.signal }).catch((error: unknown) => {
    logger.fatal({ err: (error as Error).message }, 'no se pudieron aplicar las migraciones');
    process.exit(1);
  });
  const stopMaintenance = startMaintenance(database, logger);
  // uploaded photos no story names, a day after their upload (one instance a round: an advisory lock)
  const stopPhotoSweep = startPhotoSweep(database, logger);
  // the kit's ZIPs that neither the kit nor a revision of the last day names (decision 061), the same way
  const stopKitArchiveSweep = startKitArchiveSweep(database, logger);
  // the content files are read once; the stories are the database's, imported from api/content/stories into a database
  // that has none, and followed from then on: a publication reaches every instance (decision 049)
  const contentDir = path.join(repoRoot, 'api/content');
  const cards = shareCards({ database, logger });
  const content = contentFollower({
    database,
    base: loadBaseContent(contentDir),
    files: loadStoryFiles(contentDir),
    kitDir: path.join(contentDir, 'campaign'),
    logger,
    listenUrl: env.DATABASE_URL,
    // the search index of the new content is built at once, by this instance or another
    onChange: () => void search.prepare().catch(() => undefined),
    // a scheduled story's share card is drawn once it is published, as one published from the panel (issue #41 item 4)
    onPublished: (published, slugs) => cards.afterPublication(published, slugs),
  });
  // the search index of this content is built once the database is migrated (by this instance or another), in the
  // background: a search that comes first waits for it a little, or answers that the search is not available yet
  const search = siteSearch({ database, content: content.current, logger });
  const contentRead = migrated.then(() => content.importOnce());
  content.start();
  // the environment's lists give the first roles of the team, once per email and role (decision 051)
  void migrated
    .then(() => bootstrapTeam({ db: database.use(), env, logger }))
    .catch((error: unknown) =>
      logger.error({ err: describeError(error) }, 'no se pudieron conceder los roles iniciales del equipo'),
    );
  // the server code of the shell and the remotes comes from the active release set (decision 039): each set's code is
  // fetched and loaded before the set becomes current, so a request never waits for it (architecture §7). It runs in
  // the renderer children, with no secret, never in this process (decision 057)
  const renderer = rendererPool({
    roots: buildRoots({ shellDist: env.shellDist, repoRoot }),
    allowedOrigins: env.remotesAllowedOrigins,
    logger,
    size: env.RENDERERS,
    timeoutMs: env.RENDERER_TIMEOUT_MS,
    memoryMb: env.RENDERER_MEMORY_MB,
  });
  const releases = releaseFollower({
    database,
    adopt: renderer.adopt,
    fetchCode: renderer.fetchCode,
    localRegistry: localRegistry(env.REMOTES),
    logger,
    listenUrl: env.DATABASE_URL,
  });
  // the local builds at once; the database's set once it is migrated (after the one-time import of REMOTES_FILE)
  void releases.refresh();
  const firstSet = migrated
    .then(() => (env.REMOTES_FILE ? importRemotesFile({ file: env.REMOTES_FILE, database, logger }) : undefined))
    .catch((error: unknown) => logger.error({ err: describeError(error) }, 'REMOTES_FILE no se pudo importar'))
    .then(() => releases.refresh());
  releases.start();
  // Listen once the database is migrated and the release set's code is loaded, or after STARTUP_WAIT_MS at most:
  // during a rolling restart the balancer's connections are refused until then and go to the other instances, instead
  // of meeting forms that answer 503 or pages of another release set. A database that is down does not hold the start.
  const startupWait = new Promise((resolve) => setTimeout(resolve, env.STARTUP_WAIT_MS).unref());
  await Promise.race([Promise.all([firstSet, contentRead]), startupWait]);
  const lifecycle = drainingLifecycle();
  // an operator's previewed pages are rendered in children with the candidate live, never here (decision 047)
  const previewPool = previewRenderer({
    roots: buildRoots({ shellDist: env.shellDist, repoRoot }),
    allowedOrigins: env.remotesAllowedOrigins,
    logger,
    memoryMb: env.RENDERER_MEMORY_MB,
  });
  const app = createApp({
    env,
    content,
    releases,
    database,
    outbox,
    logger,
    renderer,
    lifecycle,
    search,
    previewRenderer: previewPool,
    shareCards: cards,
  });
  const limits = { requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000, headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000 };
  const server = startHttpServer({
    app,
    port: env.PORT,
    hostname: env.HOST,
    limits,
    onListening: () => {
      logger.info({ port: env.PORT, host: env.HOST }, `Gota a Gota está sirviendo en http://localhost:${env.PORT}`);
    },
  }) as Server;
  // metrics on their own port, for a scraper on the private network (no token there)
  let metricsServer: Server | undefined;
  if (env.METRICS_PORT) {
    const metricsApp = new Hono<AppEnv>();
    registerMetricsRoute(metricsApp, { open: true });
    metricsServer = serve({ fetch: metricsApp.fetch, port: env.METRICS_PORT, hostname: env.METRICS_HOST }) as Server;
  }
  const shutdown = gracefulShutdown(server, lifecycle, {
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    logger,
    cleanup: () => {
      migrations.abort();
      stopMaintenance();
      stopPhotoSweep();
      stopKitArchiveSweep();
      metricsServer?.close();
      // the mail being sent is finished and recorded before the database closes; the rest waits in the table
      const mailThenDatabase = outbox
        .stop()
        .finally(() => mailer.close())
        .finally(() => database.close());
      return Promise.allSettled([
        mailThenDatabase,
        releases.stop().then(() => renderer.close()),
        previewPool.close(),
        content.stop(),
      ]);
    },
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

// a start that fails (bad configuration, broken content) is one JSON line like every other, then exit 1
main().catch((error: unknown) => {
  createLogger({ instance: process.env.INSTANCE_ID }).fatal({ err: describeError(error) }, (error as Error).message);
  process.exit(1);
});
