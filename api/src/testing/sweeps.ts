import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database, DbLogger } from '../db/database';

// What the tests of an hourly sweep (db/sweep.ts: the photos', the kit's ZIPs') check alike: its round's log line, and
// that a round gives way to another instance's.

/** Starts the sweep every 20 ms with a spy for a logger, waits for a round's line `{ removed }, message`, and stops it. */
export async function expectSweepLogged(
  start: (logger: DbLogger, everyMs: number) => () => void,
  removed: number,
  message: string,
): Promise<void> {
  const info = vi.fn();
  const stop = start({ info, warn: vi.fn() }, 20);
  try {
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith({ removed }, message));
  } finally {
    stop();
  }
}

/** Runs `during` while another connection of the pool holds the sweep's advisory `lock`, as another instance sweeping would. */
export async function whileAnotherInstanceSweeps(database: Database, lock: number, during: () => Promise<void>): Promise<void> {
  await database.use().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
    await during();
  });
}
