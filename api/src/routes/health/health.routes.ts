import type { Hono } from 'hono';
import type { RegistrySource } from '../../remotes/registry';
import type { FormServices } from '../../security/form-envelope';

/**
 * GET /readyz: 200 when the database answers (a load balancer may send traffic), 503 otherwise. /healthz (in app.ts)
 * only says the process is alive.
 *
 * @example
 * registerHealthRoutes(app, services)
 */
export function registerHealthRoutes(app: Hono, { database }: FormServices, registry?: RegistrySource): void {
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const up = database.ready && (await database.ping(2000));
    // a broken registry file is named, but the instance stays ready: it serves the last good registry
    const remotes = registry?.current() && registry.problem();
    return c.json({ status: up ? 'ok' : 'unavailable', database: up ? 'ok' : 'down', ...(remotes ? { remotes } : {}) }, up ? 200 : 503);
  });
}

export const healthMethods: Record<string, string[]> = { '/readyz': ['GET', 'HEAD'], '/healthz': ['GET', 'HEAD'] };
