import type { Hono } from 'hono';
import type { Lifecycle } from '../../lifecycle/shutdown';
import type { FormServices } from '../../security/form-envelope';

export interface ReadinessChecks {
  lifecycle: Lifecycle;
  /** Null when pages can be rendered (shell build and remotes registry readable), otherwise the problem. */
  pagesProblem: () => string | null;
}

/**
 * GET /readyz — what a load balancer routes on: 200 when this instance can serve pages, 503 while it drains (SIGTERM)
 * or cannot render pages. The database is reported in its own field (`ok`, `starting`, `down`) and never makes the
 * answer 503: pages do not need it, and a database outage must not take every instance out of the balancer at once
 * (issue #15 row 4). A monitor alerts on that field (or the `gota_database_up` metric). /healthz (app.ts) only says the
 * process answers.
 *
 * @example
 * registerHealthRoutes(app, services, { lifecycle, pagesProblem: () => null })
 */
export function registerHealthRoutes(app: Hono, { database }: FormServices, { lifecycle, pagesProblem }: ReadinessChecks): void {
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const pages = pagesProblem() ?? 'ok';
    // a short budget: a balancer polls this often and must not wait on a database that hangs
    const databaseState = lifecycle.draining ? database.state : await database.check(500);
    const status = lifecycle.draining ? 'draining' : pages === 'ok' ? 'ok' : 'unavailable';
    return c.json({ status, pages, database: databaseState }, status === 'ok' ? 200 : 503);
  });
}

export const healthMethods: Record<string, string[]> = { '/readyz': ['GET', 'HEAD'], '/healthz': ['GET', 'HEAD'] };
