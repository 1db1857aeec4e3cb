import { max, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database';

/**
 * The number a record's next revision takes: one more than its newest, 1 for its first (a story's, a content set's).
 * Called inside the transaction that writes the revision; the table's key on (record, number) refuses a number that a
 * concurrent save took first, and the version check of the save has refused that save already.
 */
export async function nextRevisionNumber(tx: Tx, table: PgTable, number: PgColumn, record: SQL): Promise<number> {
  const [row] = await tx
    .select({ last: max(number) })
    .from(table)
    .where(record);
  return Number(row?.last ?? 0) + 1;
}
