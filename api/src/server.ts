import path from 'node:path';
import { createApp } from './app';
import { startHttpServer } from './http-server';
import { loadContent } from './content/load-content';
import { acquireDataLock } from './db/data-lock';
import { migrateWhenReachable, openDatabase } from './db/database';
import { startMaintenance } from './db/maintenance';
import { createLogger } from './logging/logger';
import { createMailer } from './mail/mailer';
import { loadEnv, repoRoot } from './env';
import { registrySource } from './remotes/registry';

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL });
  // one process per embedded database: a second one on the same folder stops here with the reason (issue #12 row 5)
  if (!env.DATABASE_URL) acquireDataLock(env.dbDir);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dbDir, poolMax: env.DATABASE_POOL_MAX, logger });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.mailDir, logger, logLinks: env.NODE_ENV !== 'production' });
  // pages do not need the database: serve at once, and let forms answer 503 until migrations are applied
  const migrations = new AbortController();
  migrateWhenReachable(database, logger, { signal: migrations.signal }).catch((error: unknown) => {
    logger.fatal({ err: (error as Error).message }, 'no se pudieron aplicar las migraciones');
    process.exit(1);
  });
  const stopMaintenance = startMaintenance(database, logger);
  const content = loadContent(path.join(repoRoot, 'api/content'));
  const registry = registrySource(env, logger);
  registry.current();
  const app = createApp({ env, content, registry, database, mailer, logger });
  const limits = { requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000, headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000 };
  const server = startHttpServer({ app, port: env.PORT, hostname: env.HOST, limits, onListening: () => {
    console.log(`Gota a Gota está sirviendo en http://localhost:${env.PORT}`);
  } });
  const stop = () => {
    migrations.abort();
    stopMaintenance();
    server.close(() => {
      Promise.allSettled([mailer.close(), database.close()]).finally(() => process.exit(0));
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
