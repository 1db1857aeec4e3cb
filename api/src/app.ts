import path from 'node:path';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { pageModules, isRemotePage } from '@gota/shared/routes';
import { appName, type PageObject } from '@gota/shared/contracts';
import type { Content } from './content/load-content';
import type { Database } from './db/database';
import { createLogger, requestLog, type Logger } from './logging/logger';
import { createMailer, type Mailer } from './mail/mailer';
import { authMethods, registerAuthRoutes } from './routes/auth/auth.routes';
import { contactMethods, registerContactRoutes } from './routes/contact/contact.routes';
import { registerDownloadRoutes } from './routes/downloads/downloads.routes';
import { healthMethods, registerHealthRoutes } from './routes/health/health.routes';
import { registerStorageRoutes, storageMethods } from './routes/storage/storage.routes';
import { errorHandler, methodNotAllowed } from './security/error-handler';
import { absentDatabase, formEnvelope, formServices } from './security/form-envelope';
import type { Env } from './env';
import { repoRoot } from './env';
import { renderDocument } from './pages/document';
import { pageProtocol } from './pages/page-protocol';
import { pageVersion, type RegistrySource } from './remotes/registry';
import { registerPageRoutes, seoFor } from './routes/pages/pages.routes';
import { siteHeaders } from './security/site-headers';
import { serveBuilds } from './static/serve-builds';
import { shellAssetsSource } from './static/shell-assets';
import './types';

export interface AppDeps {
  env: Env;
  content: Content;
  registry: RegistrySource;
  /** Opened and migrated by the caller (server.ts, tests). Without it pages work and forms answer 503. */
  database?: Database;
  /** Default: from the environment (SMTP_URL, or .eml files in $DATA_DIR/mail). */
  mailer?: Mailer;
  /** Default: pino at LOG_LEVEL. */
  logger?: Logger;
}

/** Paths that are API endpoints, not pages: they answer errors as JSON. */
function wantsJson(c: Context): boolean {
  return (
    c.req.method !== 'GET' && c.req.method !== 'HEAD'
  ) || c.req.path.startsWith('/app/') || c.req.path.startsWith('/mf/') || c.req.path.startsWith('/api/') ||
    (c.req.header('Accept')?.includes('application/json') === true && c.req.header('X-Inertia') !== 'true');
}

/**
 * The whole HTTP surface: used by the server and by in-process tests (`app.request`).
 *
 * @example
 * const app = createApp({ env: loadEnv(), content: loadContent(dir), registry: registrySource(env) })
 * const res = await app.request('/historias', { headers: { 'X-Inertia': 'true' } })
 */
export function createApp({ env, content, registry, ...deps }: AppDeps): Hono {
  const app = new Hono();
  const logger = deps.logger ?? createLogger({ level: env.LOG_LEVEL });
  const services = formServices({
    env,
    logger,
    database: deps.database ?? absentDatabase(),
    mailer: deps.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.mailDir, logger, logLinks: env.NODE_ENV !== 'production' }),
  });
  const shellAssets = shellAssetsSource(env.shellDist);
  const version = () => pageVersion(shellAssets().hash, registry.current());

  // every answer carries the security headers; every one but the probes is logged (static files included)
  app.use('*', siteHeaders(registry, env.NODE_ENV === 'production'));
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  registerHealthRoutes(app, services, registry);
  app.use('*', requestLog({ logger }));
  app.get('/remotes.json', etag(), (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(registry.current());
  });
  serveBuilds(app, { shellDist: env.shellDist, repoRoot, publicDir: path.join(repoRoot, 'api/public'), sourceMaps: env.NODE_ENV !== 'production' });
  registerDownloadRoutes(app, { publicDir: path.join(repoRoot, 'api/public') });

  app.use('*', ...formEnvelope(services));
  app.use(
    '*',
    pageProtocol({
      appUrl: env.appUrl,
      version,
      sharedProps: (c) => ({ appName, auth: { user: c.get('authUser') ?? null } }),
      document: (c, page: PageObject) => {
        const current = registry.current();
        const module = isRemotePage(page.component) ? pageModules[page.component] : undefined;
        return renderDocument({
          page,
          seo: page.props.seo,
          csrfToken: c.get('csrfToken'),
          nonce: c.get('secureHeadersNonce') ?? '',
          registry: current,
          shell: shellAssets(),
          preloadManifest: module ? current[module.remote] : undefined,
        });
      },
    }),
  );

  const notFound = (c: Context) => {
    if (wantsJson(c)) return c.json({ message: 'No encontramos lo que buscas.' }, 404);
    return c.var.page('NotFound', { seo: seoFor(c, content, env.appUrl, 'notFound') }, { status: 404 });
  };
  registerPageRoutes(app, { content, appUrl: env.appUrl, withExample: env.NODE_ENV !== 'production', notFound });
  registerAuthRoutes(app, services);
  registerContactRoutes(app, services);
  registerStorageRoutes(app, services);
  // after every real handler: a known path with another method is a JSON 405, not a page
  methodNotAllowed(app, { ...authMethods, ...contactMethods, ...storageMethods, ...healthMethods });

  app.notFound(notFound);
  app.onError(errorHandler({ logger }));
  return app;
}
