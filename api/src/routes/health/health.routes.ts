import type { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isDiskFull } from '../../db/errors';
import { throttleCounters } from '../../db/schema';
import type { RegistrySource } from '../../remotes/registry';
import type { FormServices } from '../../security/form-envelope';

/**
 * GET /readyz: 200 when the database answers and can write (a load balancer may send traffic), 503 otherwise
 * (`database`: 'down', or 'full' when the disk is full). /healthz (in app.ts)
 * only says the process is alive.
 *
 * @example
 * registerHealthRoutes(app, services)
 */
/** One tiny upsert, to prove the database can still write: 'full' when the disk is full, 'down' for other failures. */
async function writeProbe(database: Database): Promise<'ok' | 'full' | 'down'> {
  try {
    await database
      .use()
      .insert(throttleCounters)
      .values({ key: 'readyz', count: 0, resetAt: sql`now()` })
      .onConflictDoUpdate({ target: throttleCounters.key, set: { resetAt: sql`now()` } });
    return 'ok';
  } catch (error) {
    return isDiskFull(error) ? 'full' : 'down';
  }
}

export function registerHealthRoutes(app: Hono, { database }: FormServices, registry?: RegistrySource): void {
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const up = database.ready && (await database.ping(2000));
    // reading is not enough: a full disk answers `select 1` and refuses every form (issue #12 row 18)
    const state = up ? await writeProbe(database) : 'down';
    // a broken registry file is named, but the instance stays ready: it serves the last good registry
    const remotes = registry?.current() && registry.problem();
    const ok = state === 'ok';
    return c.json({ status: ok ? 'ok' : 'unavailable', database: state, ...(remotes ? { remotes } : {}) }, ok ? 200 : 503);
  });
}

export const healthMethods: Record<string, string[]> = { '/readyz': ['GET', 'HEAD'], '/healthz': ['GET', 'HEAD'] };
