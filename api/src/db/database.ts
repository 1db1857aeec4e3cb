import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import pRetry, { AbortError } from 'p-retry';
import { sql } from 'drizzle-orm';
import { DatabaseUnavailableError, describeError, isDatabaseUnavailable, neverApplied, unanswered } from './errors';
import { withTimeout } from '../lifecycle/time-limit';
import { metrics, watchPool } from '../observability/metrics';
import { schema, selectOne } from './schema';
import { repoRoot } from '../env';

/** The drizzle handle both drivers share: handlers never know which one is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db` (what `db.transaction(fn)` passes to `fn`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// from the repository, not from this module: the compiled API runs from api/dist (decision 064)
const migrationsFolder = path.join(repoRoot, 'api/src/db/migrations');

/** Any object with the few logger methods the database uses (pino fits). */
export interface DbLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** `starting`: migrations not applied yet; `down`: unreachable (or closed); `ok`: answering. */
type DatabaseState = 'starting' | 'ok' | 'down';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** What the last check or failure said; no query is made to read it. */
  readonly state: DatabaseState;
  /** Probes the database (at most `budgetMs`) and returns the state it leaves. */
  check(budgetMs?: number): Promise<DatabaseState>;
  /** A request met this failure: when it means "unavailable", a probe decides whether the circuit opens. */
  reportFailure(error: unknown): void;
  /**
   * The drizzle handle. Throws `DatabaseUnavailableError` until the migrations are applied or after `close()`,
   * so a form answers 503 instead of touching a half-built schema.
   */
  use(): Db;
  readonly ready: boolean;
  /** Applies pending migrations (one instance at a time on PostgreSQL) and marks the database ready. */
  migrate(): Promise<void>;
  /** True when a trivial query answers within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Ends the pool or closes PGlite: an open PGlite keeps Node alive. Safe to call twice. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`; without it, PGlite. */
  url?: string | undefined;
  /** PGlite data folder; without it, an in-memory PGlite (tests). */
  dataDir?: string | undefined;
  poolMax?: number;
  logger?: DbLogger;
  /** Client-side limit of one PostgreSQL query; default `databaseBudgets.query`. */
  queryTimeoutMs?: number;
  /** How long a write may wait for the database to come back; default `databaseBudgets.write`. */
  writeBudgetMs?: number;
}

// Any number will do as long as every instance uses the same one: it serialises migrations across instances.
const migrationLockId = 4_061_987_233;

/** Budgets of issue #12 row 4 (milliseconds). */
export const databaseBudgets = {
  /** A page's session look-up: past it the page renders as anonymous. */
  sessionLookup: 300,
  /** One PostgreSQL query of a form (client side: also catches a server that accepts and never answers). */
  query: 3000,
  /**
   * A write, its retries included (decision 041): a database away for less (a fast restart, a lost connection) costs a
   * wait, not a 503. The probe gives the database as long before the circuit opens.
   */
  write: 3000,
  /** Opening a PostgreSQL connection. */
  connect: 2000,
  /** A probe while the circuit is open, and how often one runs. */
  probe: 2000,
  probeEvery: 1000,
} as const;

/** Waits between the attempts of a write: 50–100 ms at first, doubling, then 400 ms at most. */
const retryBackoff = { retries: Number.POSITIVE_INFINITY, minTimeout: 50, factor: 2, maxTimeout: 400, randomize: true } as const;

/** `attempt` again after each failure `repeatable` accepts, within `budgetMs` in all; `attempt` is told the time left. */
function retryWithin<T>(
  budgetMs: number,
  attempt: (leftMs: number) => Promise<T>,
  repeatable: (error: unknown) => boolean,
  onFailure: (error: unknown) => void = () => undefined,
): Promise<T> {
  const deadline = performance.now() + budgetMs;
  return pRetry(() => attempt(Math.max(deadline - performance.now(), 1)), {
    ...retryBackoff,
    maxRetryTime: budgetMs,
    onFailedAttempt: ({ error }) => onFailure(error),
    shouldRetry: ({ error }) => repeatable(error),
  });
}

/** Runs one attempt of a database operation again, while that is safe, until the write budget is spent. */
type Retry = <T>(attempt: (leftMs: number) => Promise<T>, repeatable: (error: unknown) => boolean) => Promise<T>;

/** What `pg_xact_status` says of a transaction (null: too old to know). */
type CommitOutcome = 'committed' | 'aborted' | 'in progress' | null;

/** What each driver gives the handle. */
interface Driver {
  kind: Database['kind'];
  orm: Db;
  /** `select 1`, once, without retries: the probe's own question. */
  ping(): Promise<unknown>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: sends its single statements (those outside a transaction) through `retry`. */
  retryStatements?(retry: Retry): void;
  /**
   * PostgreSQL: the id of the transaction `tx` (null when it wrote nothing), and later what became of it. Asked when
   * a COMMIT got no answer: the connection died after sending it, so only the server knows whether it committed.
   */
  transactionId?(tx: Tx): Promise<string | null>;
  commitOutcome?(xid: string): Promise<CommitOutcome>;
}

/**
 * The database handle with its circuit breaker (issue #12 row 4) and its retries (decision 041).
 *
 * A write that meets the database away (a connection it closed, a server not accepting connections yet) waits and
 * tries again, for `writeBudgetMs` in all: a transaction is run again whole, a single statement only when its failure
 * proves it took no effect or it only reads. The first such failure starts one probe: `select 1`, retried for the same
 * budget. Answered, it was a lost connection or a restart and nothing changes; not answered, the circuit opens: waiting
 * writes stop waiting, `use()` throws at once, so forms answer 503 and pages render as anonymous without waiting on a
 * database known to be down, and a probe runs every `probeEvery` ms; the first one that answers closes the circuit.
 * State changes are logged.
 */
function handle(driver: Driver, logger: DbLogger | undefined, writeBudgetMs: number): Database {
  const { kind, orm } = driver;
  let ready = false;
  let closed = false;
  let openSince: number | undefined;
  let probing: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const state = (): DatabaseState => (closed || openSince !== undefined ? 'down' : ready ? 'ok' : 'starting');
  const ping = async (timeoutMs: number) => {
    if (closed) return false;
    try {
      await withTimeout(driver.ping(), timeoutMs, unanswered(timeoutMs));
      return true;
    } catch {
      return false;
    }
  };
  const setOpen = (open: boolean) => {
    if (open && openSince === undefined && !closed) {
      openSince = Date.now();
      logger?.warn({ database: kind }, 'base de datos caída: circuito abierto, los formularios responden 503 sin esperar');
      timer = setInterval(() => void probe(), databaseBudgets.probeEvery);
      timer.unref();
    } else if (!open && openSince !== undefined) {
      logger?.info({ database: kind, downMs: Date.now() - openSince }, 'base de datos recuperada: circuito cerrado');
      openSince = undefined;
      clearInterval(timer);
    }
  };
  // closed circuit: does the database answer within the write budget (a restart does)? open: does it answer now?
  const answers = () =>
    openSince === undefined
      ? retryWithin(
          writeBudgetMs,
          (left) => withTimeout(driver.ping(), left, unanswered(left)),
          (error) => !closed && isDatabaseUnavailable(error),
        ).then(
          () => true,
          () => false,
        )
      : ping(databaseBudgets.probe);
  const probe = () =>
    (probing ??= answers()
      .then((answered) => {
        setOpen(!answered);
        return answered;
      })
      .finally(() => (probing = undefined)));

  const retry: Retry = async (attempt, repeatable) => {
    let retried = false;
    try {
      const result = await retryWithin(
        writeBudgetMs,
        attempt,
        (error) => !closed && openSince === undefined && isDatabaseUnavailable(error) && repeatable(error),
        (error) => {
          if (!isDatabaseUnavailable(error)) return;
          retried = true;
          if (!closed && openSince === undefined) void probe();
        },
      );
      if (retried) metrics.databaseRetries.inc({ outcome: 'recovered' });
      return result;
    } catch (error) {
      if (retried) metrics.databaseRetries.inc({ outcome: 'gave_up' });
      throw error;
    }
  };

  // A transaction is retried whole: what a failed attempt wrote was rolled back with it. One exception: the COMMIT
  // went out and no answer came back. PostgreSQL then says whether it committed (pg_xact_status); if it did, the
  // attempt succeeded, and if nobody can tell within the budget, the write fails rather than risk applying it twice.
  const transaction = orm.transaction.bind(orm);
  const retryingTransaction = <T>(body: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]): Promise<T> =>
    retry(
      async (leftMs) => {
        let committing: { value: T; xid: string | null } | undefined;
        try {
          return await transaction(async (tx) => {
            const value = await body(tx);
            committing = { value, xid: (await driver.transactionId?.(tx)) ?? null };
            return value;
          }, config);
        } catch (error) {
          if (!committing || committing.xid === null || !driver.commitOutcome || !isDatabaseUnavailable(error)) throw error;
          const { value, xid } = committing;
          const outcome = await retryWithin(
            leftMs,
            async () => {
              const status = await driver.commitOutcome!(xid);
              if (status === 'in progress') throw new DatabaseUnavailableError('la transacción sigue en curso');
              return status;
            },
            isDatabaseUnavailable,
          ).catch(() => undefined);
          if (outcome === 'committed') return value;
          if (outcome === 'aborted') throw error;
          throw new AbortError(new DatabaseUnavailableError('no se sabe si la transacción se confirmó'));
        }
      },
      () => true,
    );
  orm.transaction = retryingTransaction as Db['transaction'];
  driver.retryStatements?.(retry);

  return {
    kind,
    get state() {
      return state();
    },
    async check(budgetMs = 1000) {
      if (closed || openSince !== undefined) return state();
      if (await ping(budgetMs)) return state();
      // not within this caller's budget: say so, and let the probe decide on the circuit
      void probe();
      return 'down';
    },
    reportFailure(error) {
      if (!isDatabaseUnavailable(error)) return;
      metrics.databaseErrors.inc({ kind: 'unavailable' });
      if (closed || openSince !== undefined) return;
      void probe();
    },
    get ready() {
      return ready && !closed;
    },
    use() {
      if (closed) throw new DatabaseUnavailableError('cerrada');
      if (!ready) throw new DatabaseUnavailableError('migraciones pendientes');
      if (openSince !== undefined) throw new DatabaseUnavailableError('caída (circuito abierto)');
      return orm;
    },
    async migrate() {
      await driver.migrate();
      ready = true;
    },
    ping(timeoutMs = 2000) {
      return ping(timeoutMs);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await driver.close();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the inbox's search index (migration 0004) and the site search's typos, with fuzzystrmatch; unaccent: the
  // site search's configurations (migration 0006). PostgreSQL has all three as trusted extensions.
  const extensions = { pg_trgm, unaccent, fuzzystrmatch };
  const client = options.dataDir ? await PGlite.create(options.dataDir, { extensions }) : await PGlite.create({ extensions });
  const orm = drizzlePglite({ client, schema });
  // in-process: no connection to lose, so no single statement to retry and no COMMIT without an answer
  return handle(
    {
      kind: 'pglite',
      orm: orm as unknown as Db,
      ping: () => orm.execute(selectOne),
      migrate: () => migratePglite(orm, { migrationsFolder }),
      close: () => client.close(),
    },
    options.logger,
    options.writeBudgetMs ?? databaseBudgets.write,
  );
}

/**
 * Keeps a lost, terminated or broken connection from ending the process (issue #15 row 1). node-postgres emits
 * 'error' on a client whose server went away: the pool listens only while the client is idle, so a client checked out
 * by a transaction (between two of its statements) had no listener and the error crashed the process. Every client
 * gets a listener for its whole life; a checked-out client that fails is given back to the pool with the error at once,
 * so the pool drops it and frees its slot even when the code holding it never releases it (drizzle does not release
 * when `begin` itself fails). Its later `release()` is then a no-op instead of a double-release error.
 */
function guardPool(pool: pg.Pool, logger?: DbLogger): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!checkedOut.has(client)) return; // an idle client: the pool drops it and emits 'error' on itself (below)
      checkedOut.delete(client);
      metrics.databaseErrors.inc({ kind: 'connection_lost' });
      logger?.warn({ err: describeError(error) }, 'conexión a PostgreSQL perdida durante una consulta');
      const release = client.release;
      client.release = () => undefined;
      release.call(client, error);
    });
  });
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('error', (error) => {
    metrics.databaseErrors.inc({ kind: 'connection_lost' });
    logger?.warn({ err: describeError(error) }, 'conexión a PostgreSQL perdida');
  });
  watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}

/** True for a statement that only reads (drizzle writes `select` first): sending it again changes nothing. */
function onlyReads(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*select\b/i.test(text);
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // a database that is down or hangs must fail a form within a few seconds (503), not hang it
    connectionTimeoutMillis: databaseBudgets.connect,
    query_timeout: options.queryTimeoutMs ?? databaseBudgets.query,
    idleTimeoutMillis: 30_000,
  });
  guardPool(pool, options.logger);
  const orm = drizzlePg({ client: pool, schema });
  // pool.query as pg made it: the probe's and the commit check's own questions are not retried by the statement layer
  const plainQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = plainQuery as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  return handle(
    {
      kind: 'postgres',
      orm: orm as unknown as Db,
      ping: () => query('select 1'),
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLockId]);
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
      // drizzle sends what runs outside a transaction through pool.query (promise form; callbacks are pg's own)
      retryStatements(retry) {
        pool.query = ((config: unknown, values?: unknown, callback?: unknown) =>
          typeof values === 'function' || typeof callback === 'function'
            ? plainQuery(config, values, callback)
            : retry(
                () => query(config, values),
                (error) => onlyReads(config) || neverApplied(error),
              )) as typeof pool.query;
      },
      async transactionId(tx) {
        const { rows } = (await tx.execute(
          sql`select pg_current_xact_id_if_assigned()::text as xid`,
        )) as unknown as pg.QueryResult<{ xid: string | null }>;
        return rows[0]?.xid ?? null;
      },
      async commitOutcome(xid) {
        const { rows } = await query({ text: 'select pg_xact_status($1::xid8) as status', values: [xid] });
        return (rows[0] as { status: CommitOutcome } | undefined)?.status ?? null;
      },
    },
    options.logger,
    options.writeBudgetMs ?? databaseBudgets.write,
  );
}

/**
 * Opens the database of architecture §4: PostgreSQL when `url` is set, PGlite otherwise. Call `migrate()` before use.
 *
 * @example
 * const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dbDir })
 * await database.migrate()
 * const rows = await database.use().select().from(users)
 * await database.close()
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/**
 * Applies migrations, retrying while the database is unreachable, so the site starts (and pages render) before the
 * database is up and forms start working once it is. Any other migration error is fatal.
 */
export async function migrateWhenReachable(
  database: Database,
  logger: DbLogger,
  { retryMs = 5000, signal }: { retryMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  for (;;) {
    try {
      await database.migrate();
      logger.info({ database: database.kind }, 'base de datos lista');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted) throw error;
      logger.warn({ err: describeError(error), retryMs }, 'base de datos no disponible; reintentando');
      await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      if (signal?.aborted) return;
    }
  }
}
