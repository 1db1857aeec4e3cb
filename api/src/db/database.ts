import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseUnavailableError, describeError, isDatabaseUnavailable } from './errors';
import { schema, selectOne } from './schema';

/** The drizzle handle both drivers share: handlers never know which one is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db` (what `db.transaction(fn)` passes to `fn`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Any object with the few logger methods the database uses (pino fits). */
export interface DbLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** `starting`: migrations not applied yet; `down`: unreachable (or closed); `ok`: answering. */
export type DatabaseState = 'starting' | 'ok' | 'down';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** What the last check or failure said; no query is made to read it. */
  readonly state: DatabaseState;
  /** Probes the database (at most `budgetMs`) and returns the state it leaves. */
  check(budgetMs?: number): Promise<DatabaseState>;
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
}

// Any number will do as long as every instance uses the same one: it serialises migrations across instances.
const migrationLockId = 4_061_987_233;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function handle(kind: Database['kind'], orm: Db, migrateNow: () => Promise<void>, closeNow: () => Promise<void>): Database {
  let ready = false;
  let closed = false;
  let reachable = true;
  const state = (): DatabaseState => (closed || !reachable ? 'down' : ready ? 'ok' : 'starting');
  const ping = async (timeoutMs: number) => {
    if (closed) return false;
    try {
      await withTimeout(orm.execute(selectOne), timeoutMs);
      return true;
    } catch {
      return false;
    }
  };
  return {
    kind,
    get state() {
      return state();
    },
    async check(budgetMs = 1000) {
      reachable = await ping(budgetMs);
      return state();
    },
    get ready() {
      return ready && !closed;
    },
    use() {
      if (closed) throw new DatabaseUnavailableError('cerrada');
      if (!ready) throw new DatabaseUnavailableError('migraciones pendientes');
      return orm;
    },
    async migrate() {
      await migrateNow();
      ready = true;
    },
    ping(timeoutMs = 2000) {
      return ping(timeoutMs);
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeNow();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  const orm = drizzlePglite({ client, schema });
  return handle(
    'pglite',
    orm as unknown as Db,
    () => migratePglite(orm, { migrationsFolder }),
    () => client.close(),
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
export function guardPool(pool: pg.Pool, logger?: DbLogger): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!checkedOut.has(client)) return; // an idle client: the pool drops it and emits 'error' on itself (below)
      checkedOut.delete(client);
      logger?.warn({ err: describeError(error) }, 'conexión a PostgreSQL perdida durante una consulta');
      const release = client.release;
      client.release = () => undefined;
      release.call(client, error);
    });
  });
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('error', (error) => logger?.warn({ err: describeError(error) }, 'conexión a PostgreSQL perdida'));
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // a database that is down must fail a form quickly (503), not hang it
    connectionTimeoutMillis: 3000,
    query_timeout: 15_000,
    idleTimeoutMillis: 30_000,
  });
  guardPool(pool, options.logger);
  const orm = drizzlePg({ client: pool, schema });
  return handle(
    'postgres',
    orm as unknown as Db,
    async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockId]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
        client.release();
      }
    },
    () => pool.end(),
  );
}

/**
 * Opens the database of ARCHITECTURE §4: PostgreSQL when `url` is set, PGlite otherwise. Call `migrate()` before use.
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
