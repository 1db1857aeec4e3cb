import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, DbLogger } from './database';
import { describeError } from './errors';
import { idempotencyKeys, mailOutbox, passwordResetTokens, releaseSignals, sessions, throttleCounters } from './schema';

/** Days a sent mail's row (recipient and subject; its bodies are cleared when sent) and a failed one are kept. */
const mailKeepDays = { sent: 7, failed: 30 } as const;

/**
 * Days a watched release's failure counts are kept after their last failure: past any watch (RELEASE_WATCH_MINUTES is
 * at most a day), and then they only hold a digest of each reporting address, which nothing reads again.
 */
const signalKeepDays = 2;

/**
 * Deletes what can no longer be used: expired sessions, reset tokens a day past expiry, ended throttle windows,
 * idempotency keys over a day old, outbox rows sent or failed long ago (`mailKeepDays`), and the failure counts of
 * watches long closed (`signalKeepDays`).
 */
export async function pruneExpired(database: Database): Promise<void> {
  const db = database.use();
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
  // an ended window is worth nothing: the next attempt starts a new one (throttle.ts)
  await db.delete(throttleCounters).where(lt(throttleCounters.resetAt, sql`now()`));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`));
  await db
    .delete(mailOutbox)
    .where(
      and(eq(mailOutbox.status, 'enviado'), lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${mailKeepDays.sent})`)),
    );
  await db
    .delete(mailOutbox)
    .where(
      and(eq(mailOutbox.status, 'fallido'), lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${mailKeepDays.failed})`)),
    );
  await db.delete(releaseSignals).where(lt(releaseSignals.lastAt, sql`now() - make_interval(days => ${signalKeepDays})`));
}

/**
 * Runs `pruneExpired` every `everyMs` (default 5 minutes, so counters go soon after their window). Several instances may all run it: the deletes are idempotent.
 * Nothing depends on it for correctness (expired rows are ignored); it only keeps the tables small.
 *
 * @example
 * const stop = startMaintenance(database, logger)
 * // on shutdown: stop()
 */
export function startMaintenance(database: Database, logger: DbLogger, everyMs = 5 * 60_000): () => void {
  const timer = setInterval(() => {
    if (!database.ready) return;
    pruneExpired(database).catch((error: unknown) =>
      logger.warn({ err: describeError(error) }, 'no se pudo limpiar la base de datos'),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
