import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericErrorMessage } from '@gota/shared/contracts';
import { Browser } from '../testing/browser';
import { interceptedDatabase } from '../testing/intercepted-database';
import { postgresBehindRelay, type PostgresBehindRelay } from '../testing/relay';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import type { Database, Tx } from './database';
import { isDatabaseUnavailable, neverApplied } from './errors';
import { leads, mailOutbox, throttleCounters } from './schema';

// Decision 041 (issue #32 item 6): a fast restart of PostgreSQL ends every connection and refuses new ones for about
// a second. A write that meets that waits and tries again within its budget instead of answering 503, a transaction
// is run again whole (never half), and the circuit breaker still opens when the database stays away.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (done: () => boolean) => {
  while (!done()) await sleep(50);
};
let n = 0;
const uniqueEmail = () => `reintento${++n}.${Date.now()}@ejemplo.mx`;
const company = (email: string) => ({ empresa: 'Aguas del Valle', name: 'Sofía', email, mensaje: 'Queremos sumarnos.' });
const leadsOf = async (database: Database, email: string) =>
  (await database.use().select({ n: count() }).from(leads).where(eq(leads.email, email)))[0]!.n;

/** What PostgreSQL answers on a connection that a fast shutdown or pg_terminate_backend ends. */
const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });

describe('which failures prove a statement took no effect', () => {
  it('a server error and a refused connection do; a connection lost on the way does not', () => {
    expect(neverApplied(terminated())).toBe(true);
    // drizzle wraps the driver's error
    expect(neverApplied(Object.assign(new Error('Failed query: insert …'), { cause: terminated() }))).toBe(true);
    expect(
      neverApplied(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' })),
    ).toBe(true);
    expect(neverApplied(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    const lost = new Error('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(neverApplied(lost)).toBe(false);
    expect(neverApplied(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }))).toBe(false);
  });
});

describe(`writes that meet the database away (${testDatabaseKind})`, () => {
  let database: Database;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    database = await testDatabase();
    if (testDatabaseKind === 'postgres') {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    }
  });
  afterAll(async () => {
    await admin?.end();
    await database.close();
  });

  /**
   * Ends the transaction's connection the way a fast restart does and lets the transaction run into it: for real on
   * PostgreSQL (its backend is terminated), by throwing what PostgreSQL would answer on PGlite (it has no connection).
   */
  async function loseConnection(tx: Tx): Promise<never> {
    if (!admin) throw terminated();
    const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as pg.QueryResult<{ pid: number }>;
    // with a timeout, pg_terminate_backend waits until the backend has ended
    await admin.query('select pg_terminate_backend($1, 5000)', [rows[0]!.pid]);
    await tx.execute(sql`select 1`);
    throw new Error('the terminated connection still answered');
  }

  it('a transaction whose connection is closed mid-way is run again whole: what the first attempt wrote is gone', async () => {
    const email = uniqueEmail();
    let attempts = 0;
    const id = await database.use().transaction(async (tx) => {
      attempts++;
      const [lead] = await tx
        .insert(leads)
        .values({ kind: 'registro', name: 'Ana', lastName: 'Ríos', email })
        .returning({ id: leads.id });
      if (attempts === 1) await loseConnection(tx);
      return lead!.id;
    });
    expect(attempts).toBe(2);
    const rows = await database.use().select({ id: leads.id }).from(leads).where(eq(leads.email, email));
    expect(rows).toEqual([{ id }]);
  });

  it('a failure that is not the database being away is not tried again', async () => {
    let attempts = 0;
    const failing = database.use().transaction(async () => {
      attempts++;
      throw new Error('un error del programa');
    });
    await expect(failing).rejects.toThrow('un error del programa');
    expect(attempts).toBe(1);
  });

  /** The app over `database`, whose form transactions meet a closed connection the first `times` times. */
  function appLosingConnection(times: number) {
    let lost = 0;
    const flaky = interceptedDatabase(database, (method) => {
      if (method !== 'transaction') return;
      return (body: unknown, config: unknown) =>
        database.use().transaction(async (tx) => {
          const value = await (body as (tx: Tx) => Promise<unknown>)(tx);
          if (lost++ < times) await loseConnection(tx);
          return value;
        }, config as undefined);
    });
    return testApp({ database: flaky, env: { CONTACT_NOTIFY_TO: 'equipo@ejemplo.mx' } }).app;
  }

  it('a form whose transaction loses its connection once answers 201, stores the message and its mail once, and its key replays', async () => {
    const browser = new Browser(appLosingConnection(1));
    const email = uniqueEmail();
    const key = `reintento-${Date.now()}-abcdefgh`;
    const res = await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } });
    expect(res.status).toBe(201);
    expect(await leadsOf(database, email)).toBe(1);
    const mails = await database
      .use()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .innerJoin(leads, eq(leads.id, mailOutbox.leadId))
      .where(eq(leads.email, email));
    expect(mails).toHaveLength(1);

    const again = await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await leadsOf(database, email)).toBe(1);
  });

  it('a form whose database stays away past the budget answers 503 in Spanish and stores nothing', async () => {
    const browser = new Browser(appLosingConnection(Number.POSITIVE_INFINITY));
    const email = uniqueEmail();
    const res = await browser.post('/contacto-empresa', company(email));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({ message: genericErrorMessage });
    expect(await leadsOf(database, email)).toBe(0);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL restarting (through a relay)', () => {
  let behind: PostgresBehindRelay;
  beforeAll(async () => {
    behind = await postgresBehindRelay(4);
    await behind.database.migrate();
  });
  afterAll(() => behind.close());

  it('not accepting connections, then back within the budget: the form is stored, not refused', async () => {
    const { relay, database } = behind;
    const browser = new Browser(testApp({ database }).app);
    await browser.get('/login');
    const email = uniqueEmail();
    await relay.cut();
    const post = browser.post('/contacto-empresa', company(email));
    await sleep(300);
    await relay.open();
    expect((await post).status).toBe(201);
    expect(await leadsOf(database, email)).toBe(1);
    expect(database.state).toBe('ok');
  });

  it('away longer than the budget: 503, the circuit opens and forms answer 503 at once, then work again', async () => {
    const { relay, database } = behind;
    const browser = new Browser(testApp({ database }).app);
    await browser.get('/login');
    await relay.cut();
    try {
      const first = await browser.post('/contacto-empresa', company(uniqueEmail()));
      expect(first.status).toBe(503);
      expect(await first.json()).toEqual({ message: genericErrorMessage });
      await until(() => database.state === 'down');
      expect(() => database.use()).toThrow(/circuito abierto/);
      expect((await browser.post('/contacto-empresa', company(uniqueEmail()))).status).toBe(503);
    } finally {
      await relay.open();
    }
    await until(() => database.state === 'ok');
    const email = uniqueEmail();
    expect((await browser.post('/contacto-empresa', company(email))).status).toBe(201);
    expect(await leadsOf(database, email)).toBe(1);
  });

  it.each([
    { lost: 'the answer to a COMMIT', when: 'after', attempts: 1, outcome: 'PostgreSQL says it committed: not run again' },
    { lost: 'a COMMIT on its way', when: 'before', attempts: 2, outcome: 'it never committed: run again' },
  ] as const)('$lost is lost: $outcome, stored once', async ({ when, attempts }) => {
    const { relay, database } = behind;
    const email = uniqueEmail();
    let runs = 0;
    const dropped = relay.dropAt('commit', when);
    await database.use().transaction(async (tx) => {
      runs++;
      await tx.insert(leads).values({ kind: 'registro', name: 'Ana', lastName: 'Ríos', email });
    });
    await dropped;
    expect(runs).toBe(attempts);
    expect(await leadsOf(database, email)).toBe(1);
  });

  it('a single write lost on its way is not sent again (it may have run); a lost read is', async () => {
    const { relay, database } = behind;
    const key = `reintento-${Date.now()}`;
    const dropped = relay.dropAt(`values ('${key}'`, 'before');
    const write = database
      .use()
      .execute(sql.raw(`insert into throttle_counters (key, count, reset_at) values ('${key}', 1, now())`));
    await expect(write).rejects.toThrow();
    await dropped;
    expect(await database.use().select({ n: count() }).from(throttleCounters).where(eq(throttleCounters.key, key))).toEqual([
      { n: 0 },
    ]);

    const lostRead = relay.dropAt('select 41 + 1', 'after');
    const { rows } = (await database.use().execute(sql.raw('select 41 + 1 as answer'))) as unknown as pg.QueryResult<{
      answer: number;
    }>;
    await lostRead;
    expect(rows).toEqual([{ answer: 42 }]);
  });
});
