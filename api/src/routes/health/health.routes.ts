import type { Hono } from 'hono';
import type { Lifecycle } from '../../lifecycle/shutdown';
import type { FormServices } from '../../security/form-envelope';

/**
 * GET /readyz: 200 when the database answers (a load balancer may send traffic), 503 otherwise. /healthz (in app.ts)
 * only says the process is alive.
 *
 * @example
 * registerHealthRoutes(app, services)
 */
export function registerHealthRoutes(app: Hono, { database }: FormServices, lifecycle: Lifecycle): void {
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    // draining (SIGTERM): out of the balancer at once, whatever the database says
    if (lifecycle.draining) return c.json({ status: 'draining' }, 503);
    const up = database.ready && (await database.ping(2000));
    return c.json({ status: up ? 'ok' : 'unavailable', database: up ? 'ok' : 'down' }, up ? 200 : 503);
  });
}

export const healthMethods: Record<string, string[]> = { '/readyz': ['GET', 'HEAD'], '/healthz': ['GET', 'HEAD'] };
