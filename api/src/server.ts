import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadContent } from './content/load-content';
import { migrateWhenReachable, openDatabase } from './db/database';
import { startMaintenance } from './db/maintenance';
import { createLogger } from './logging/logger';
import { createMailer } from './mail/mailer';
import { loadEnv, repoRoot } from './env';
import { registrySource } from './remotes/registry';
import { pageRenderer } from './render/page-renderer';
import { buildRoots } from './static/build-roots';

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dbDir, poolMax: env.DATABASE_POOL_MAX, logger });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.mailDir, logger });
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) logger.warn({ dir: env.mailDir }, 'sin SMTP_URL: los correos se guardan como archivos .eml');
  // pages do not need the database: serve at once, and let forms answer 503 until migrations are applied
  const migrations = new AbortController();
  migrateWhenReachable(database, logger, { signal: migrations.signal }).catch((error: unknown) => {
    logger.fatal({ err: (error as Error).message }, 'no se pudieron aplicar las migraciones');
    process.exit(1);
  });
  const stopMaintenance = startMaintenance(database, logger);
  const content = loadContent(path.join(repoRoot, 'api/content'));
  const registry = registrySource(env);
  registry.current();
  // the server code of the shell and the remotes is read at start, and again when the registry changes, in the
  // background: a request rarely has to wait for it (ARCHITECTURE §7)
  const renderer = pageRenderer({ roots: buildRoots({ shellDist: env.shellDist, repoRoot }), allowedOrigins: env.remotesAllowedOrigins, logger });
  const prepare = () => {
    try {
      void renderer.prepare(registry.current());
    } catch {
      // a registry file that does not parse is reported by the requests that read it
    }
  };
  prepare();
  const preparing = setInterval(prepare, 2000).unref();
  const app = createApp({ env, content, registry, database, mailer, logger, renderer });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => {
    console.log(`Gota a Gota está sirviendo en http://localhost:${env.PORT}`);
  });
  const stop = () => {
    migrations.abort();
    stopMaintenance();
    clearInterval(preparing);
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
