import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FailedMail, LeadKind, LeadSummary } from '@gota/shared/contracts';
import type { InboxCursor } from '@gota/shared/schemas';
import type { Db } from '../../db/database';
import { foldFrom, foldTo } from '../../db/columns';
import { mailOutbox } from '../../db/schema';
import { leadCounts, leads } from './schema';
import type { InboxQuery } from './inbox-filters';

/** Characters of an excerpt in the list (the lead's page shows the whole message). */
const excerptLength = 140;
/** Failed mails the inbox shows, newest first. */
const failedMailShown = 5;

/** `%`, `_` and the escape character itself, taken literally by `LIKE … ESCAPE '\'`. */
function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The conditions of a set of filters, and of a keyset position (rows strictly after it in the inbox's order). */
function leadConditions(query: InboxQuery, cursor: InboxCursor | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.kind ? eq(leads.kind, query.kind) : undefined,
    query.status ? eq(leads.status, query.status) : undefined,
    query.from ? gte(leads.createdAt, query.from) : undefined,
    query.before ? lt(leads.createdAt, query.before) : undefined,
    // the typed word is folded by the same rule as the stored column: "accion" finds "Acción"
    ...query.words.map(
      (word) =>
        sql`${leads.searchText} like '%' || lower(translate(${escapeLike(word)}, ${foldFrom}, ${foldTo})) || '%' escape '\\'`,
    ),
    // newest first, the id breaks ties: a row comparison the (created_at desc, id desc) index answers
    cursor ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
  ];
  return and(...conditions);
}

/**
 * The inbox's order, written as the index `leads_created_at_id_idx` is (drizzle writes `DESC NULLS LAST`; a bare
 * `DESC` means `NULLS FIRST` and would make PostgreSQL sort the whole table instead of reading the index).
 */
const newestFirst = [sql`${leads.createdAt} desc nulls last`, sql`${leads.id} desc nulls last`];

/** The creation instant with its microseconds, in UTC: exact, so a cursor never skips a row created the same millisecond. */
const createdAtExact = sql<string>`to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns of a lead that the inbox, the export and the lead's page all show. */
export const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  empresa: leads.empresa,
  name: leads.name,
  lastName: leads.lastName,
  email: leads.email,
};

export interface LeadRow extends LeadSummary {
  mensaje: string | null;
}

/**
 * Up to `limit` leads matching the filters after the cursor, newest first. `createdAt` is exact (microseconds), so the
 * last row of a batch is the cursor of the next one.
 */
export async function leadBatch(
  db: Db,
  query: InboxQuery,
  cursor: InboxCursor | null,
  limit: number,
  { fullMessage = false } = {},
): Promise<LeadRow[]> {
  const rows = await db
    .select({
      ...leadColumns,
      mensaje: fullMessage ? leads.mensaje : sql<string | null>`left(${leads.mensaje}, ${excerptLength + 1})`,
      createdAt: createdAtExact,
    })
    .from(leads)
    .where(leadConditions(query, cursor))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    excerpt:
      row.mensaje === null
        ? null
        : row.mensaje.length > excerptLength
          ? `${row.mensaje.slice(0, excerptLength).trimEnd()}…`
          : row.mensaje,
    mensaje: fullMessage ? row.mensaje : null,
  }));
}

/** Leads still 'nuevo', per kind (whatever the filters), from the counts the triggers of migration 0004 keep. */
export async function newLeadCounts(db: Db): Promise<Record<LeadKind, number>> {
  const rows = await db
    .select({ kind: leadCounts.kind, total: leadCounts.total })
    .from(leadCounts)
    .where(eq(leadCounts.status, 'nuevo'));
  const counts: Record<LeadKind, number> = { empresa: 0, registro: 0 };
  for (const row of rows) if (row.kind in counts) counts[row.kind] = Number(row.total);
  return counts;
}

/** The newest mails the outbox gave up on. */
export async function failedMails(db: Db, limit = failedMailShown): Promise<FailedMail[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      lastError: mailOutbox.lastError,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      leadId: mailOutbox.leadId,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'fallido'))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}
