import { count } from 'drizzle-orm';
import type { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericErrorMessage } from '@gota/shared/contracts';
import { Browser } from '../testing/browser';
import { postgresBehindRelay } from '../testing/relay';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import type { Database } from './database';
import { leads } from './schema';
import type { AppEnv } from '../types';

// Issue #15 row 1: PostgreSQL ending the API's connections under load (what `pg_ctl restart -m fast` does to every
// backend, SQLSTATE 57P01) must never end the process. Before the fix, an 'error' event on a checked-out client had no
// listener and crashed the worker; vitest reports it as an uncaught exception. Since decision 041 it costs no form.

const storedCount = async (database: Database) => (await database.use().select({ n: count() }).from(leads))[0]!.n;

/** Company-message posts from `workers` browsers in a loop until `stop()`; records every status. */
function formLoad(app: Hono<AppEnv>, workers = 6) {
  const statuses: number[] = [];
  const otherBodies: unknown[] = [];
  let running = true;
  let sent = 0;
  const loop = async () => {
    const browser = new Browser(app);
    while (running) {
      const n = ++sent;
      const res = await browser.post('/contacto-empresa', {
        empresa: 'Aguas del Valle',
        name: 'Carga',
        email: `carga${n}.${Date.now()}@ejemplo.mx`,
        mensaje: `mensaje ${n}`,
      });
      statuses.push(res.status);
      if (res.status === 201) await res.body?.cancel();
      else otherBodies.push(await res.json());
      // an answer that needed no I/O (the circuit is open) must not starve the timers: yield to the event loop
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const running$ = Array.from({ length: workers }, loop);
  const count = (status: number) => statuses.filter((s) => s === status).length;
  const until = async (status: number, more: number) => {
    const target = count(status) + more;
    while (count(status) < target) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return {
    statuses,
    otherBodies,
    acknowledged: () => count(201),
    /** Resolves once `more` further answers had `status`. */
    until,
    async stop() {
      running = false;
      await Promise.all(running$);
    },
  };
}

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL connections lost under load', () => {
  let database: Database;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await testDatabase();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  it('pg_terminate_backend on every connection: no post fails, every message stored once (decision 041)', async () => {
    const { app } = testApp({ database });
    const before = await storedCount(database);
    const load = formLoad(app);
    try {
      await load.until(201, 10);
      for (let round = 0; round < 5; round++) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and usename = current_user',
        );
        await load.until(201, 10);
      }
    } finally {
      await load.stop();
    }
    // a transaction that lost its connection ran again whole; one whose COMMIT answer was lost was asked about
    expect(load.otherBodies).toEqual([]);
    expect(new Set(load.statuses)).toEqual(new Set([201]));
    expect((await storedCount(database)) - before).toBe(load.acknowledged());
  });

  it('the database going away and coming back under load: 503 while it is gone, forms work again after', async () => {
    const behind = await postgresBehindRelay(4);
    const { relay } = behind;
    const before = await storedCount(database);
    try {
      await behind.database.migrate();
      const { app } = testApp({ database: behind.database });
      const load = formLoad(app);
      try {
        await load.until(201, 10);
        await relay.cut();
        await load.until(503, 6);
        await relay.open();
        await load.until(201, 10);
      } finally {
        await load.stop();
      }
      expect(new Set(load.statuses)).toEqual(new Set([201, 503]));
      for (const body of load.otherBodies) expect(body).toEqual({ message: genericErrorMessage });
      expect((await storedCount(database)) - before).toBeGreaterThanOrEqual(load.acknowledged());
    } finally {
      await behind.close();
    }
  });
});
