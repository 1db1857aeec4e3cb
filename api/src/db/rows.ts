/**
 * The rows of a raw `db.execute(sql…)`, typed by the caller: both drivers (PGlite and node-postgres) answer an object
 * with `rows`, which drizzle's result type does not name.
 *
 * @example
 * const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(1) as locked`))
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
