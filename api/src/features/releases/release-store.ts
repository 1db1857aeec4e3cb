import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { releaseLog, remoteReleases, type ReleaseAction } from './schema';

export type ReleaseRow = typeof remoteReleases.$inferSelect;
export type NewRelease = Omit<typeof remoteReleases.$inferInsert, 'id' | 'createdAt'>;
export type LogRow = typeof releaseLog.$inferSelect;

/** The channel every instance listens on; the payload is the release log's new position. */
export const releaseChannel = 'gota_releases';

/** Serialises changes of the active set across instances, so the log's ids are in commit order (any constant will do). */
const changeLockId = 4_061_987_311;

const idAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Eight characters, easy to read and type (no 0/o, 1/l): `k7m2xq9a`. Never `local`, which names the local build. */
function newReleaseId(): string {
  return Array.from({ length: 8 }, () => idAlphabet[randomInt(idAlphabet.length)]).join('');
}

/** A change of an active release that cannot be made as asked; the message is for the operator, nothing changed. */
export class ReleaseConflict extends Error {
  override name = 'ReleaseConflict';
}

/**
 * The active set in one statement (a consistent view): the log's newest position and the active rows. Reading them
 * in two statements could pair a newer position with older rows, and an instance would then never look again.
 */
export async function readActiveSet(db: Db): Promise<{ seq: number; active: ReleaseRow[] }> {
  const position = db
    .$with('position')
    .as(db.select({ seq: sql<number>`coalesce(max(${releaseLog.id}), 0)`.mapWith(Number).as('seq') }).from(releaseLog));
  const rows = await db
    .with(position)
    .select({ seq: position.seq, release: remoteReleases })
    .from(position)
    .leftJoin(remoteReleases, eq(remoteReleases.state, 'activa'));
  return { seq: Number(rows[0]?.seq ?? 0), active: rows.flatMap((row) => (row.release ? [row.release] : [])) };
}

export async function insertRelease(db: Db, release: NewRelease): Promise<ReleaseRow> {
  const [row] = await db
    .insert(remoteReleases)
    .values({ ...release, id: newReleaseId() })
    .returning();
  return row!;
}

export async function findRelease(db: Db, id: string): Promise<ReleaseRow | undefined> {
  const [row] = await db.select().from(remoteReleases).where(eq(remoteReleases.id, id));
  return row;
}

/** Newest first; one remote's, or every remote's. */
export function listReleases(db: Db, remote?: string): Promise<ReleaseRow[]> {
  const query = db.select().from(remoteReleases);
  return (remote ? query.where(eq(remoteReleases.remote, remote)) : query).orderBy(
    desc(remoteReleases.createdAt),
    desc(remoteReleases.id),
  );
}

/** The log, newest first; one remote's, or every remote's. */
export function listLog(db: Db, remote?: string, limit = 100): Promise<LogRow[]> {
  const query = db.select().from(releaseLog);
  return (remote ? query.where(eq(releaseLog.remote, remote)) : query).orderBy(desc(releaseLog.id)).limit(limit);
}

export interface SwitchRequest {
  remote: string;
  /** The release to make active, or null for the local build. */
  to: string | null;
  action: ReleaseAction;
  actor: string;
  reason: string;
  /**
   * The release (null: the local build) that must be the active one, or nothing changes (`ReleaseConflict`): a change
   * decided on what was active, such as the automatic rollback, which two instances may decide at once (decision 045).
   */
  expected?: string | null;
  /** Writes that belong to the change (the operators' mail), in its transaction, after its log line. */
  alongside?: (tx: Tx, line: LogRow) => Promise<void>;
}

/**
 * Makes `to` the remote's active release (null: its local build) and appends the change to the log, in one
 * transaction that every instance is told of on commit (NOTIFY). The release must belong to the remote and be a
 * candidate or a retired one; the one it replaces is retired. Throws `ReleaseConflict` when nothing would change.
 */
export async function switchActive(db: Db, request: SwitchRequest): Promise<LogRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${changeLockId})`);
    const [current] = await tx
      .select()
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, request.remote), eq(remoteReleases.state, 'activa')));
    const from = current?.id ?? null;
    if (request.expected !== undefined && from !== request.expected)
      throw new ReleaseConflict(`${request.remote} ya no sirve ${request.expected ?? 'su compilación local'}: no se cambió nada`);
    if (from === request.to) {
      throw new ReleaseConflict(
        request.to === null
          ? `${request.remote} ya sirve su compilación local`
          : `La versión ${request.to} ya es la activa de ${request.remote}`,
      );
    }
    if (request.to !== null) {
      const [target] = await tx.select().from(remoteReleases).where(eq(remoteReleases.id, request.to)).for('update');
      if (!target || target.remote !== request.remote)
        throw new ReleaseConflict(`${request.remote} no tiene una versión ${request.to}`);
      if (target.state === 'rechazada')
        throw new ReleaseConflict(`La versión ${request.to} fue rechazada en la verificación previa: no se puede activar`);
    }
    if (current) await tx.update(remoteReleases).set({ state: 'retirada' }).where(eq(remoteReleases.id, current.id));
    if (request.to !== null) await tx.update(remoteReleases).set({ state: 'activa' }).where(eq(remoteReleases.id, request.to));
    const [entry] = await tx
      .insert(releaseLog)
      .values({
        remote: request.remote,
        fromRelease: from,
        toRelease: request.to,
        action: request.action,
        actor: request.actor,
        reason: request.reason,
      })
      .returning();
    await request.alongside?.(tx, entry!);
    await tx.execute(sql`select pg_notify(${releaseChannel}, ${String(entry!.id)})`);
    return entry!;
  });
}

/**
 * The release a rollback goes back to: the one the remote's last change replaced, provided that change is what is
 * active now. Undefined when the remote never changed.
 */
export async function previousRelease(db: Db, remote: string): Promise<{ to: string | null; last: LogRow } | undefined> {
  const [last] = await listLog(db, remote, 1);
  return last ? { to: last.fromRelease, last } : undefined;
}

/**
 * Imports releases as the active ones, once: only into a database that has never had a release (the first start after
 * REMOTES_FILE gave way to releases, decision 039). Each is logged as an import with `reason`. Returns the log lines,
 * or undefined when the database already had releases (a later start, or another instance was first).
 */
export async function importActive(db: Db, releases: NewRelease[], actor: string, reason: string): Promise<LogRow[] | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${changeLockId})`);
    const [anyRelease] = await tx.select({ id: remoteReleases.id }).from(remoteReleases).limit(1);
    const [anyChange] = await tx.select({ id: releaseLog.id }).from(releaseLog).limit(1);
    if (anyRelease || anyChange) return undefined;
    const lines: LogRow[] = [];
    for (const release of releases) {
      const [row] = await tx
        .insert(remoteReleases)
        .values({ ...release, id: newReleaseId() })
        .returning();
      if (row!.state !== 'activa') continue;
      const [line] = await tx
        .insert(releaseLog)
        .values({ remote: row!.remote, fromRelease: null, toRelease: row!.id, action: 'importacion', actor, reason })
        .returning();
      lines.push(line!);
    }
    if (lines.length > 0) await tx.execute(sql`select pg_notify(${releaseChannel}, ${String(lines.at(-1)!.id)})`);
    return lines;
  });
}
