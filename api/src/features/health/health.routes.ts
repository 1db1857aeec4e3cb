import type { Hono } from 'hono';
import type { Lifecycle } from '../../lifecycle/shutdown';
import { sql } from 'drizzle-orm';
import { isDiskFull } from '../../db/errors';
import { throttleCounters } from '../../db/schema';
import type { ReleaseSource } from '../releases';
import type { AppServices } from '../../app-services';
import type { AppEnv } from '../../types';

export interface ReadinessChecks {
  lifecycle: Lifecycle;
  /** Null when pages can be rendered (the shell's build is readable), otherwise the problem. */
  pagesProblem: () => string | null;
  /** Its `problem()` says the release set has not been read from the database (the local builds are served meanwhile). */
  releases?: Pick<ReleaseSource, 'problem'>;
}

/**
 * GET /readyz — what a load balancer routes on: 200 when this instance can serve pages, 503 while it drains (SIGTERM)
 * or cannot render pages. The database is reported in its own field (`ok`, `starting`, `down`, or `full` when it
 * answers but cannot write) and never makes the answer 503: pages do not need it, and a database outage must not take
 * every instance out of the balancer at once (issue #15 row 4). A monitor alerts on that field (or the
 * `gota_database_up` metric). A release set not read yet from the database is named in `releases`: the instance serves
 * the local builds meanwhile (decision 039). /healthz (app.ts) only says the process answers.
 *
 * @example
 * registerHealthRoutes(app, services, { lifecycle, pagesProblem: () => null })
 */
/** One tiny upsert, to prove the database can still write: 'full' when the disk is full, 'down' for other failures. */
async function writeProbe(database: AppServices['database']): Promise<'ok' | 'full' | 'down'> {
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

export function registerHealthRoutes(
  app: Hono<AppEnv>,
  { database }: AppServices,
  { lifecycle, pagesProblem, releases }: ReadinessChecks,
): void {
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const pages = pagesProblem() ?? 'ok';
    // a short budget: a balancer polls this often and must not wait on a database that hangs
    const reachable = lifecycle.draining ? database.state : await database.check(500);
    // reading is not enough: a full disk answers `select 1` and refuses every form (issue #12 row 18)
    const databaseState = reachable === 'ok' && !lifecycle.draining ? await writeProbe(database) : reachable;
    // the database's problem is its own field: the set cannot have been read while it is not ok
    const releasesProblem = databaseState === 'ok' ? releases?.problem() : undefined;
    const status = lifecycle.draining ? 'draining' : pages === 'ok' ? 'ok' : 'unavailable';
    return c.json(
      { status, pages, database: databaseState, ...(releasesProblem ? { releases: releasesProblem } : {}) },
      status === 'ok' ? 200 : 503,
    );
  });
}
