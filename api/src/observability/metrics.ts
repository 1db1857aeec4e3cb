import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppEnv } from '../types';

/**
 * The API's Prometheus metrics (issue #15 row 5), one registry per process. Add a metric here, one line in `metrics`
 * made with `counter`, `histogram` or `gauge` (they register it on `registry`), and increment it where the event
 * happens; `GET /metrics` (or the `METRICS_PORT` server) shows it.
 *
 * @example
 * import { metrics } from '../observability/metrics'
 * metrics.mail.inc({ outcome: 'sent' })
 * // a new one, next to the others:
 * htmlCacheHits: counter('gota_html_cache_hits_total', ['page'], '…'),
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'gota_' });

/** What the pool and database gauges read when scraped (set by database.ts and app.ts; the last one set wins). */
const sources: {
  pool?: () => { total: number; idle: number; waiting: number };
  databaseUp?: () => boolean;
  outbox?: () => Promise<Record<string, number> | undefined>;
  releases?: () => { releases: ReadonlyMap<string, { releaseId: string }> };
  previews?: () => number;
  renderers?: () => { inFlight: number; ready: number };
} = {};

function counter<Label extends string>(name: string, labelNames: readonly Label[], help: string): Counter<Label> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** `buckets`: the upper bounds, in seconds, that the observed times are counted under. */
function histogram<Label extends string>(
  name: string,
  labelNames: readonly Label[],
  buckets: number[],
  help: string,
): Histogram<Label> {
  return new Histogram({ name, help, labelNames, buckets, registers: [registry] });
}

/** `collect` sets the gauge's values when it is scraped (what it reads is current then, not when it last changed). */
function gauge<Label extends string>(
  name: string,
  labelNames: readonly Label[],
  help: string,
  collect: (this: Gauge<Label>) => void | Promise<void>,
): Gauge<Label> {
  return new Gauge({ name, help, labelNames, collect, registers: [registry] });
}

const byRequest = ['method', 'route', 'status'] as const;

export const metrics = {
  requests: counter('gota_http_requests_total', byRequest, 'HTTP answers by method, route pattern and status'),
  requestSeconds: histogram(
    'gota_http_request_duration_seconds',
    byRequest,
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    'Time to answer, by method, route pattern and status',
  ),
  pool: gauge(
    'gota_db_pool_connections',
    ['state'],
    'PostgreSQL pool: connections open (total), idle, and requests waiting for one',
    function () {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  ),
  databaseUp: gauge(
    'gota_database_up',
    [],
    '1 while the database answers (circuit closed, migrations applied), 0 otherwise',
    function () {
      if (sources.databaseUp) this.set(sources.databaseUp() ? 1 : 0);
    },
  ),
  databaseErrors: counter(
    'gota_database_errors_total',
    ['kind'],
    'Database failures: unavailable (a request met a down or hung database), connection_lost (a pool connection died)',
  ),
  databaseRetries: counter(
    'gota_database_retries_total',
    ['outcome'],
    'Database operations that met the database away and were tried again (decision 041), by outcome: recovered (a later attempt succeeded), gave_up (budget spent or circuit open: the request answered 503)',
  ),
  throttleRefusals: counter(
    'gota_throttle_refusals_total',
    ['route'],
    'Answers 429 from the attempt limits and the contact cooldown, by route',
  ),
  mail: counter(
    'gota_mail_total',
    ['outcome'],
    'Outbox deliveries by outcome: sent, retried (a try failed, another comes later), failed (gave up after the last retry)',
  ),
  outbox: gauge(
    'gota_mail_outbox_rows',
    ['status'],
    'Rows of mail_outbox by status (pendiente, enviado, fallido), read from the database when scraped',
    async function () {
      const counts = await sources.outbox?.().catch(() => undefined);
      if (!counts) return;
      for (const status of ['pendiente', 'enviado', 'fallido']) this.set({ status }, counts[status] ?? 0);
    },
  ),
  htmlCache: counter(
    'gota_html_cache_total',
    ['outcome'],
    'Documents by HTML cache outcome: hit, miss (rendered, then stored), skip (not shareable: signed in, reset page, an incomplete or failed render, cache off)',
  ),
  remoteLoadFailures: counter(
    'gota_remote_load_failures_total',
    ['remote'],
    'Federated modules the server could not load (their slot was left to the browser), by remote',
  ),
  renderFailures: counter(
    'gota_render_failures_total',
    ['remote', 'release', 'reason'],
    'Server renders in which a module threw (throw), fell back to the browser (fallback), timed out (timeout) or could not load (load, unavailable), by remote and release',
  ),
  releaseInfo: gauge(
    'gota_remote_release_info',
    ['remote', 'release'],
    '1 for the release each remote (and the shell) serves on this instance: its id, or local',
    function () {
      const current = sources.releases?.();
      if (!current) return;
      this.reset();
      for (const [remote, pinned] of current.releases) this.set({ remote, release: pinned.releaseId }, 1);
    },
  ),
  releaseActivations: counter(
    'gota_release_activations_total',
    ['remote', 'action'],
    'Changes of an active release made through this instance, by remote and action (activacion, reversion, importacion)',
  ),
  releaseRefusals: counter(
    'gota_release_refusals_total',
    ['remote'],
    'Releases the pre-flight refused (or whose files changed before activation), by remote',
  ),
  releaseAutoRollbacks: counter(
    'gota_release_auto_rollbacks_total',
    ['remote'],
    'Releases rolled back by themselves (decision 045) by this instance, by remote: their failures passed RELEASE_ROLLBACK_THRESHOLD while watched',
  ),
  releaseRollbackImpossible: counter(
    'gota_release_rollback_impossible_total',
    ['remote', 'reason'],
    'Active releases whose failures passed RELEASE_ROLLBACK_THRESHOLD with nothing to roll back to (decision 052), by remote and reason: compilacion-local (the local build failed), restaurada (made active by a rollback or an import: going back would restore what was left); the operator must act',
  ),
  browserLoadFailures: counter(
    'gota_browser_load_failures_total',
    ['remote', 'release', 'outcome'],
    "Browsers' reports that a remote's entry or chunk did not load, by remote, release and outcome: confirmed (the server could not get the file either), file_ok (it could: not counted), unchecked (not a watched release: not fetched)",
  ),
  previewRenderers: gauge(
    'gota_preview_renderers',
    [],
    "Children rendering operators' previewed pages (decision 047) running now",
    function () {
      if (sources.previews) this.set(sources.previews());
    },
  ),
  previewFallbacks: counter(
    'gota_preview_fallbacks_total',
    ['cause'],
    "Previewed pages whose candidate's part was left to the browser (decision 047), by cause: arranque (its child not ready in time), salida (its child exited), sin-respuesta (no answer in time: the child was stopped)",
  ),
  rendererRestarts: counter(
    'gota_renderer_restarts_total',
    ['cause'],
    'Renderer children (decision 057) replaced, by cause: timeout (a render passed RENDERER_TIMEOUT_MS: killed), memory (past RENDERER_MEMORY_MB), crash (it exited by itself), adopt (it did not make a release set live in time)',
  ),
  renderTimeouts: counter(
    'gota_render_timeouts_total',
    [],
    'Server renders that passed RENDERER_TIMEOUT_MS: the page was left to the browser and its renderer replaced (decision 057)',
  ),
  renderers: gauge(
    'gota_renderers',
    ['state'],
    'Renderer children (decision 057): ready (serving renders), in_flight (renders sent to them and not answered yet)',
    function () {
      const read = sources.renderers?.();
      this.set({ state: 'ready' }, read?.ready ?? 0);
      this.set({ state: 'in_flight' }, read?.inFlight ?? 0);
    },
  ),
  renderSeconds: histogram(
    'gota_server_render_duration_seconds',
    ['outcome'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    'Time to build a document, by HTML cache outcome',
  ),
};

export function watchPool(read: () => { total: number; idle: number; waiting: number }): void {
  sources.pool = read;
}

/** The outbox sender's count of its rows by status (undefined while the database cannot be read). */
export function watchOutbox(count: () => Promise<Record<string, number> | undefined>): void {
  sources.outbox = count;
}

/** The release set in use (src/features/releases/release-follower.ts), for `gota_remote_release_info`. */
export function watchReleases(current: () => { releases: ReadonlyMap<string, { releaseId: string }> }): void {
  sources.releases = current;
}

/** How many preview children run (src/features/releases/preview-renderer.ts), for `gota_preview_renderers`. */
export function watchPreviews(running: () => number): void {
  sources.previews = running;
}

/** The renderer pool (src/render/renderer-pool.ts), for `gota_renderers`. */
export function watchRenderers(read: () => { inFlight: number; ready: number }): void {
  sources.renderers = read;
}

export function watchDatabase(up: () => boolean): void {
  sources.databaseUp = up;
}

/** The matched route pattern (`/historias/:slug`), so label values stay few; `/*` for paths no route matched. */
function routeOf(c: Context<AppEnv>): string {
  return routePath(c) || '*';
}

/**
 * Counts and times every answer. Registered before everything but the kept answers (which count themselves with
 * `countAnswer`, decision 046), so static files and errors are measured too.
 *
 * @example
 * app.use('*', requestMetrics())
 */
export function requestMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    countAnswer(c, c.res.status, started);
  };
}

/** Counts and times one answer of status `status`, begun at `started` (`performance.now()`). */
export function countAnswer(c: Context<AppEnv>, status: number, started: number): void {
  const labels = { method: c.req.method, route: routeOf(c), status: String(status) };
  metrics.requestSeconds.observe(labels, (performance.now() - started) / 1000);
  metrics.requests.inc(labels);
}

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus text format. On the public app it exists only with `METRICS_TOKEN` and answers only to
 * `Authorization: Bearer <token>` (404 otherwise: not public by default). The `METRICS_PORT` server registers it with
 * `token: undefined`, open to whoever reaches that port.
 *
 * @example
 * registerMetricsRoute(app, { token: env.METRICS_TOKEN })
 */
export function registerMetricsRoute(
  app: Hono<AppEnv>,
  { token, open = false }: { token?: string | undefined; open?: boolean },
): void {
  if (!open && !token) return;
  app.get('/metrics', async (c) => {
    if (!open) {
      const sent = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
      if (!sent || !sameSecret(sent, token!)) return c.json({ message: 'No encontramos lo que buscas.' }, 404);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
}
