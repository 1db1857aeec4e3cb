import path from 'node:path';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { parse as parseCookies } from 'hono/utils/cookie';
import { appName, type PageObject } from '@gota/shared/contracts';
import { listedRemotes } from '@gota/shared/routes';
import { type Content, fixedContent, type ContentSource, registerDownloadRoutes } from './features/content';
import { shareCards, type ShareCards, touchContent } from './features/stories';
import type { Database } from './db/database';
import { createLogger, logRequest, requestIdOf, requestLog, type Logger } from './logging/logger';
import type { OutboxSender } from './mail/outbox';
import { registerAuthRoutes, hasRole } from './features/accounts';
import { registerContactRoutes } from './features/contact';
import { registerPanelRoutes } from './routes/panel/panel.routes';
import { registerSearchRoutes, siteSearch, type SiteSearch } from './features/search';
import { registerHealthRoutes } from './features/health';
import { alwaysServing, type Lifecycle } from './lifecycle/shutdown';
import { registerStorageRoutes } from './features/storage';
import { registerMediaFiles, registerMediaRoutes, type MediaGuard } from './features/media';
import { errorHandler, methodNotAllowed } from './security/error-handler';
import { appServices } from './app-services';
import { absentDatabase, formEnvelope } from './security/form-envelope';
import { registerCsrfTokenRoute } from './security/anti-forgery';
import { cookieNames } from './security/cookies';
import type { Env } from './env';
import { repoRoot } from './env';
import { pageStyleSheets, renderDocument } from './pages/document';
import { earlyScript } from './pages/early-script';
import { inlineStyles, laterSheets, mentionedNames } from './pages/inline-styles';
import { keptAnswer, pageProtocol, requestHeader } from './pages/page-protocol';
import type { ReleaseSnapshot } from './render/release-snapshot';
import {
  pageVersion,
  previewBanner,
  registerReleaseReportRoutes,
  registerReleaseRoutes,
  releaseOperations,
  releasePreview,
  releaseWatch,
  trialInChild,
  type PreviewRenderer,
  type ReleaseSource,
  type ReleaseWatch,
  type TrialRunner,
} from './features/releases';
import { pageAnswers } from './render/page-answers';
import type { Renderer } from './render/page-renderer';
import { registerPageRoutes, seoFor } from './features/pages';
import { idempotency } from './security/idempotency';
import { countAnswer, metrics, registerMetricsRoute, requestMetrics, watchDatabase } from './observability/metrics';
import { siteHeaders } from './security/site-headers';
import { serveBuilds } from './static/serve-builds';
import { shellAssetsSource } from './static/shell-assets';
import type { AppEnv } from './types';

export interface AppDeps {
  env: Env;
  /** The site's content: fixed (tests, tools), or where to read the content of now (server.ts: the database's, decision 049). */
  content: Content | ContentSource;
  /** The active release set, one snapshot per request (decision 039). */
  releases: ReleaseSource;
  /** Renders pages with a snapshot's server code; the release source makes each set's code live before it is current. */
  renderer: Renderer;
  /** Runs a release's trial render (`npm run release -- add`); default: in a child process. */
  trial?: TrialRunner;
  /** Opened and migrated by the caller (server.ts, tests). Without it pages work and forms answer 503. */
  database?: Database;
  /**
   * Told after a handler commits a mail to `mail_outbox` (server.ts passes its started sender; tests, one they run
   * themselves). Default: nobody is told, and the rows wait for a sender.
   */
  outbox?: Pick<OutboxSender, 'nudge'>;
  /** Default: pino at LOG_LEVEL. */
  logger?: Logger;
  /** Whether the process is draining (server.ts); default: never. */
  lifecycle?: Lifecycle;
  /** The site's search over `content` (server.ts passes its own, to build the index once migrations are applied). */
  search?: SiteSearch;
  /**
   * Renders an operator's previewed pages in child processes with the candidate live (decision 047); without it (tests,
   * the trial) a preview's candidate slot is left to the browser (decision 044).
   */
  previewRenderer?: PreviewRenderer;
  /** The stories' share cards (issue #41 item 4); default: one over `database`. server.ts gives the one its content follower draws with. */
  shareCards?: ShareCards;
  /** Watches releases after their activation and rolls one back by itself (decision 045); default: one over `database`. */
  watch?: ReleaseWatch;
  /** Who may upload photos and describe them (issue #41 item 4, decision 050); default: whoever edits the stories. */
  canUploadMedia?: MediaGuard;
  /** The clock the codes of an authenticator app are checked against (decision 055); default: the system's. A test's own. */
  clock?: () => number;
}

/** Paths that are API endpoints, not pages: they answer errors as JSON. */
function wantsJson(c: Context<AppEnv>): boolean {
  return (
    (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
    c.req.path.startsWith('/app/') ||
    c.req.path.startsWith('/mf/') ||
    c.req.path.startsWith('/api/') ||
    (c.req.header('Accept')?.includes('application/json') === true && c.req.header('X-Inertia') !== 'true')
  );
}

/**
 * Which pages may be shared between visitors at all: not the password-reset page nor an invitation to the team (decision
 * 051), whose addresses carry a secret token and whose answer changes once the token is used.
 * Whether this request's answer may be shared is `shareable` in `createApp` (anonymous requests only).
 */
function cacheable(_c: Context<AppEnv>, page: PageObject): boolean {
  // (a preview of a release is not shareable either: `shareable` in createApp, decision 044)
  return page.component !== 'Auth/ResetearContrasena' && page.component !== 'Auth/Invitacion';
}

/**
 * The whole HTTP surface: used by the server and by in-process tests (`app.request`).
 *
 * @example
 * const app = createApp({ env: loadEnv(), content: loadContent(dir), releases, renderer })
 * const res = await app.request('/historias', { headers: { 'X-Inertia': 'true' } })
 */
export function createApp({ env, content, releases, renderer, ...deps }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const logger = deps.logger ?? createLogger({ level: env.LOG_LEVEL });
  const services = appServices({
    env,
    logger,
    database: deps.database ?? absentDatabase(),
    outbox: deps.outbox ?? { nudge: () => undefined },
    clock: deps.clock ?? Date.now,
  });
  const watch = deps.watch ?? releaseWatch({ database: services.database, releases, env, logger, outbox: services.outbox });
  const shellAssets = shellAssetsSource(env.shellDist);
  // the version comes from the shell's build and the request's release set: worked out once per pair
  const versions = new WeakMap<ReleaseSnapshot, { hash: string; version: string }>();
  const version = (c: Context<AppEnv>) => {
    const hash = shellAssets().hash;
    const snapshot = c.get('releaseSet');
    let known = versions.get(snapshot);
    if (known?.hash !== hash) versions.set(snapshot, (known = { hash, version: pageVersion(hash, snapshot) }));
    return known.version;
  };
  const answers = pageAnswers({ maxEntries: env.HTML_CACHE_ENTRIES });
  // the page's style sheets go into its document, read where the renderer reads the builds (decision 058)
  const styles = inlineStyles({ read: renderer.fetchCode, logger });
  const source =
    'current' in content && typeof content.current === 'function' ? (content as ContentSource) : fixedContent(content as Content);
  const sessionCookie = cookieNames(env.secureCookies).session;
  /**
   * An anonymous request: no session cookie (whether or not its session still lives: a stale cookie is answered with
   * its removal and a new token, per visitor) and nobody signed in. Only its answer is the same for every visitor.
   */
  const previews = releasePreview({ database: services.database, secret: env.SESSION_SECRET, secure: env.secureCookies });
  const shareable = (c: Context<AppEnv>) => {
    if (c.get('authUser')) return false;
    const cookies = requestHeader(c, 'cookie');
    // a request with a preview cookie, good or not, is answered for itself: a previewed page is the operator's alone,
    // and a cookie that does not hold is removed (a public answer carries no Set-Cookie)
    return (
      cookies === undefined || (parseCookies(cookies, sessionCookie)[sessionCookie] === undefined && !previews.carriesCookie(c))
    );
  };
  const csrfCookie = { name: cookieNames(env.secureCookies).anon, secure: env.secureCookies };
  /** A document's Server-Timing value, counted for the operator. */
  const timing = (started: number, outcome: 'hit' | 'miss' | 'skip') => {
    const ms = performance.now() - started;
    metrics.htmlCache.inc({ outcome });
    metrics.renderSeconds.observe({ outcome }, ms / 1000);
    return `render;dur=${ms.toFixed(1)};desc="${outcome}"`;
  };
  const security = siteHeaders((c) => c.get('releaseSet').registry, env.NODE_ENV === 'production');
  const shared = {
    cache: answers,
    shareable,
    cacheable,
    // a new content (a story published) is a new set of kept answers
    generation: (c: Context<AppEnv>) => `${version(c)} ${c.get('content').version} ${c.get('releaseSet').id}`,
    edgeSeconds: env.PAGE_CACHE_SECONDS,
    securityHeaders: (c: Context<AppEnv>, kind: 'html' | 'json', scriptHashes: string) =>
      security.forAnswer(c.get('releaseSet').registry, kind, scriptHashes),
  };

  // One release set for the whole answer: its version, its registry, the code that renders it (architecture §7, trap
  // 10). An anonymous answer kept for this request under that set is sent at once, with the headers kept with it and
  // nothing else run but what is per request (decision 046): the request id, Server-Timing, the metrics and the log.
  const front = new Hono<AppEnv>();
  front.use('*', async (c, next) => {
    c.set('releaseSet', releases.current());
    c.set('content', source.current());
    const started = performance.now();
    let requestId = '';
    const response = await keptAnswer(c, { answers: shared, version }, (answer): Record<string, string> => {
      requestId = requestIdOf(requestHeader(c, 'x-request-id'));
      return answer.kind === 'html'
        ? { 'x-request-id': requestId, 'server-timing': timing(started, 'hit') }
        : { 'x-request-id': requestId };
    });
    if (!response) return next();
    countAnswer(c, response.status, started);
    if (logger.isLevelEnabled('info')) {
      logRequest(logger.child({ requestId }), {
        method: c.req.method,
        path: c.req.path,
        status: response.status,
        ms: performance.now() - started,
      });
    }
    return response;
  });
  const site = app.fetch;
  front.all('*', (c) => site(c.req.raw, c.env));
  // `app.request` (the tests) goes through `app.fetch`: in process as on the server, the front answers first
  app.fetch = front.fetch;
  app.use('*', async (c, next) => {
    c.set('releaseSet', releases.current());
    c.set('content', source.current());
    await next();
  });
  app.use('*', requestMetrics());
  watchDatabase(() => services.database.state === 'ok');
  // every answer carries the security headers; every one but the probes is logged (static files included)
  app.use('*', security.middleware);
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  registerMetricsRoute(app, { token: env.METRICS_TOKEN });
  registerHealthRoutes(app, services, {
    lifecycle: deps.lifecycle ?? alwaysServing,
    pagesProblem: () => {
      try {
        shellAssets();
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
    releases,
  });
  app.use('*', requestLog({ logger }));
  app.get('/remotes.json', etag(), (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(c.get('releaseSet').registry);
  });
  // before the form envelope: the command authenticates with its token, not with a browser's session and origin
  // the command's endpoints and the panel's «Versiones» do the same operations (decision 044)
  const operations = releaseOperations({
    database: services.database,
    releases,
    content: () => source.current(),
    env,
    logger,
    trial: deps.trial ?? trialInChild({ cwd: repoRoot }),
  });
  if (env.RELEASE_TOKEN) registerReleaseRoutes(app, services, { token: env.RELEASE_TOKEN, operations });
  serveBuilds(app, {
    shellDist: env.shellDist,
    repoRoot,
    publicDir: path.join(repoRoot, 'api/public'),
    sourceMaps: env.NODE_ENV !== 'production',
  });
  registerDownloadRoutes(app, services, { publicDir: path.join(repoRoot, 'api/public') });
  // uploaded photos, from the database, immutable (decision 050): files like the above, not compressed again
  registerMediaFiles(app, services);

  // pages and JSON, compressed when the client accepts it (the static files above have precompressed siblings)
  app.use('*', compress({ encoding: 'gzip' }));
  app.use('*', ...formEnvelope(services));
  // an operator's preview of a candidate release takes the request's set (decision 044): it needs the session
  app.use('*', previews.middleware);
  app.use('*', idempotency(services));
  app.use(
    '*',
    pageProtocol({
      appUrl: env.appUrl,
      version,
      // a browser served a newer set by another instance: read the set again before telling it to reload
      catchUp: async (c, clientVersion) => {
        await releases.catchUp(clientVersion);
        c.set('releaseSet', releases.current());
        await previews.reapply(c);
      },
      sharedProps: (c) => {
        const user = c.get('authUser') ?? null;
        // the menu shows each role's part of the panel (decisions 044, 051): the roles, and nothing else of the account
        return { appName, auth: { user: user && { firstName: user.firstName, staff: user.staff, roles: user.roles } } };
      },
      answers: shared,
      document: async (c, page: PageObject) => {
        // the request's release set: the browser loads what the server rendered (architecture §7, trap 10)
        const snapshot = c.get('releaseSet');
        const started = performance.now();
        const anonymous = shareable(c);
        // a preview is rendered by a child with the candidate live; if it cannot answer in time, here as before (decision 047)
        const previewed = c.var.preview && deps.previewRenderer ? await deps.previewRenderer.render(page, snapshot) : undefined;
        const render = previewed ?? (await renderer.render(page, snapshot));
        // a watched release whose public render failed counts towards its automatic rollback (decision 045); an
        // operator's preview does not
        if (!c.var.preview) watch.renderFailed(snapshot, render.failures);
        const shell = shellAssets();
        const sheets = pageStyleSheets(shell, render.css, laterSheets(render, snapshot));
        // a signed-in visitor's page carries the token bound to the session; an anonymous one none (its script fills it)
        const built = renderDocument({
          page,
          seo: page.props.seo,
          csrfToken: anonymous ? '' : c.var.csrfToken(),
          csrfCookie,
          // the remotes at their default address are left to the shell (decision 063, 2026-11-29)
          registry: listedRemotes(snapshot.registry),
          shell,
          render,
          banner: c.var.preview ? previewBanner(c.var.preview) : c.get('pageBanner'),
          // the shell's sheet cut to what this document mentions, the whole of it after the paint (decision 058)
          styles: {
            head: await styles.markup(
              sheets.first,
              render.html === undefined
                ? undefined
                : {
                    trimmed: new Set(shell.css.map((file) => `/app/${file}`)),
                    mentioned: mentionedNames(render.html, earlyScript(csrfCookie)),
                  },
            ),
            later: sheets.later,
          },
        });
        // a render with a slot left to the browser is never kept for long: the next visitors get a new try (decisions
        // 039, 040). One whose modules failed is public for a few seconds, so that an edge absorbs a spike during the
        // failure, and the origin renders it again only as often (decision 052); its failures were logged and counted
        const kept = anonymous && render.complete && render.failures.length === 0;
        const brief = anonymous && render.failures.length > 0;
        c.header('Server-Timing', timing(started, kept && answers.enabled && cacheable(c, page) ? 'miss' : 'skip'));
        return { ...built, shareable: kept, brief };
      },
    }),
  );
  registerCsrfTokenRoute(app);

  // who writes the site's content (stories, their photos): the role «editor» (decision 051)
  const editsContent = (c: Context<AppEnv>) => hasRole(c, 'editor');
  const notFound = (c: Context<AppEnv>) => {
    if (wantsJson(c)) return c.json({ message: 'No encontramos lo que buscas.' }, 404);
    return c.var.page('NotFound', { seo: seoFor(c, env.appUrl, 'notFound') }, { status: 404 });
  };
  // the stories' share cards: drawn right after a publication commits, kept in the database (issue #41 item 4)
  const cards = deps.shareCards ?? shareCards({ database: services.database, logger });
  registerPageRoutes(app, { appUrl: env.appUrl, withExample: env.NODE_ENV !== 'production', notFound, shareCards: cards });
  registerAuthRoutes(app, services);
  registerContactRoutes(app, services);
  registerPanelRoutes(app, services, {
    appUrl: env.appUrl,
    releases: { operations, previews },
    stories: {
      canEdit: editsContent,
      publicChange: () => source.refresh(),
      published: (slug) => cards.afterPublication(source.current(), [slug]),
    },
  });
  registerSearchRoutes(app, services, {
    appUrl: env.appUrl,
    search: deps.search ?? siteSearch({ database: services.database, content: () => source.current(), logger }),
  });
  registerStorageRoutes(app, services);
  registerMediaRoutes(app, services, {
    canUpload: deps.canUploadMedia ?? editsContent,
    // a published story's photo drawn with new crops or a new alt text: every instance reads the content again
    onChange: async () => {
      await touchContent(services.database.use());
      await source.refresh();
    },
  });
  registerReleaseReportRoutes(app, services, { watch });
  // after every real handler: a known path with another method is a JSON 405, not a page
  methodNotAllowed(app);

  app.notFound(notFound);
  app.onError(errorHandler({ logger, database: services.database }));
  return app;
}
