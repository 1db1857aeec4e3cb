import { sql } from 'drizzle-orm';
import type { Database, DbLogger, Tx } from './database';
import { describeError } from './errors';
import { rowsOf } from './rows';

/**
 * Takes `lockId` for the transaction if no other instance holds it: one instance of a fleet sweeps at a time, the
 * others skip that round.
 */
export async function tryRoundLock(tx: Tx, lockId: number): Promise<boolean> {
  const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}) as locked`));
  return lock?.locked === true;
}

/** A sweep of stored things nothing names any more: how many it removed (null: another instance holds the round). */
export interface Sweep {
  run: (database: Database) => Promise<number | null>;
  /** What the log says after a round that ran («fotos sin usar borradas: 3»). */
  removed: (count: number) => string;
  /** What the log says when a round failed. */
  failed: string;
}

/**
 * Runs `sweep` every `everyMs` (default an hour), on whichever instance takes its lock, and logs how many went.
 *
 * @example
 * const stop = startSweep(database, logger, photoSweep)
 * // on shutdown: stop()
 */
export function startSweep(database: Database, logger: DbLogger, sweep: Sweep, everyMs = 60 * 60_000): () => void {
  const timer = setInterval(() => {
    if (!database.ready) return;
    sweep.run(database).then(
      (removed) => {
        if (removed !== null) logger.info({ removed }, sweep.removed(removed));
      },
      (error: unknown) => logger.warn({ err: describeError(error) }, sweep.failed),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
