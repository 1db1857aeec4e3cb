import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ContentSet, ContentSetAction, ContentSetItems, ContentSetKind, ContentSetLogEntry, ContentSetPageProps } from '@gota/shared/contracts';
import type { Db, Tx } from '../db/database';
import { contentLog, contentSetRevisions, contentSets } from '../db/schema';
import { appendLog, importLock, publicChange, systemActor } from './stories-store';

/**
 * The water facts and the impact counters in the database (issue #42 items 2 and 3, decision 059). Each is one set,
 * saved whole with the version it was read at: a save is one transaction with its revision and its log line, and it is
 * public at once (it moves the content's position, so every instance's `contentFollower` reads it again).
 */

type SetRow = typeof contentSets.$inferSelect;

/** Somebody saved the set since the version this change was decided on; `current` is the set as it is now. */
export class ContentSetConflictError<K extends ContentSetKind> extends Error {
  override name = 'ContentSetConflictError';
  constructor(readonly current: ContentSet<K>) {
    super(conflictMessages[current.kind]);
  }
}

/** A change that cannot be made as asked; nothing changed. */
export class ContentSetRefused extends Error {
  override name = 'ContentSetRefused';
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

const conflictMessages: Record<ContentSetKind, string> = {
  datos: 'Otra persona guardó los datos del agua mientras los editabas. Revisa cómo quedaron antes de guardar de nuevo.',
  contadores: 'Otra persona guardó los contadores mientras los editabas. Revisa cómo quedaron antes de guardar de nuevo.',
  aliados: 'Otra persona guardó los aliados y miembros mientras los editabas. Revisa cómo quedaron antes de guardar de nuevo.',
};

const contentSetMessages = {
  notImported: 'Estos contenidos cambiaron en la base de datos desde que abriste la página: vuelve a cargarla.',
  noRevision: (number: number) => `No hay una revisión ${number}.`,
} as const;

/** What the log names each set by (content_log.kind) and its one item id. */
const logKind: Record<ContentSetKind, string> = { datos: 'datos-agua', contadores: 'contadores', aliados: 'aliados' };

/** The files each set is imported from once. */
const importedFrom: Record<ContentSetKind, string> = {
  datos: 'api/content/facts.json',
  contadores: 'api/content/counters.json',
  aliados: 'api/content/allies.json y members.json',
};

function setOf<K extends ContentSetKind>(row: SetRow): ContentSet<K> {
  return {
    kind: row.kind as K,
    items: row.items as ContentSetItems[K],
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

async function addRevision(tx: Tx, kind: ContentSetKind, items: unknown, by: string, at: Date): Promise<number> {
  const [last] = await tx
    .select({ number: contentSetRevisions.number })
    .from(contentSetRevisions)
    .where(eq(contentSetRevisions.kind, kind))
    .orderBy(desc(contentSetRevisions.number))
    .limit(1);
  const number = (last?.number ?? 0) + 1;
  await tx.insert(contentSetRevisions).values({ kind, number, items, by, at });
  return number;
}

async function findSet<K extends ContentSetKind>(db: Db, kind: K): Promise<ContentSet<K> | undefined> {
  const [row] = await db.select().from(contentSets).where(eq(contentSets.kind, kind));
  return row ? setOf<K>(row) : undefined;
}

/**
 * The set, its revisions (newest first, 30 at most) and its log: what the panel's page shows. A set the database does
 * not have yet (its import did not run) shows `files`, at version 0.
 */
export async function setPage<K extends ContentSetKind>(db: Db, kind: K, files: ContentSetItems[K]): Promise<ContentSetPageProps<K>> {
  const set = (await findSet(db, kind)) ?? { kind, items: files, version: 0, updatedAt: null, updatedBy: null };
  const revisions = await db
    .select()
    .from(contentSetRevisions)
    .where(eq(contentSetRevisions.kind, kind))
    .orderBy(desc(contentSetRevisions.number))
    .limit(30);
  const log = await db
    .select()
    .from(contentLog)
    .where(and(eq(contentLog.kind, logKind[kind]), eq(contentLog.itemId, kind)))
    .orderBy(desc(contentLog.id))
    .limit(50);
  return {
    set,
    revisions: revisions.map((row) => ({ number: row.number, by: row.by, at: row.at.toISOString(), items: row.items as ContentSetItems[K] })),
    log: log.map((row): ContentSetLogEntry => ({ action: row.action as ContentSetAction, by: row.actor, at: row.at.toISOString(), detail: row.detail })),
  };
}

/**
 * Saves the whole set as the panel sent it (already validated), if nobody saved it since `version`: a new revision,
 * a log line, and the public content moves, in one transaction.
 */
export async function saveSet<K extends ContentSetKind>(
  db: Db,
  kind: K,
  items: ContentSetItems[K],
  version: number,
  actor: string,
  {
    now = new Date(),
    action = 'guardada',
    detail = null,
    within,
  }: {
    now?: Date;
    action?: ContentSetAction;
    detail?: string | null;
    /** More work of the same transaction, after the set is saved (a lead recording the ally it became, decision 060). */
    within?: ((tx: Tx) => Promise<void>) | undefined;
  } = {},
): Promise<ContentSet<K>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentSets).where(eq(contentSets.kind, kind)).for('update');
    if (row && row.version !== version) throw new ContentSetConflictError(setOf<K>(row));
    if (!row && version !== 0) throw new ContentSetRefused(contentSetMessages.notImported, 409);
    // version 0: the set was never in the database (its import did not run); this save puts it there
    const [updated] = row
      ? await tx.update(contentSets).set({ items, version: row.version + 1, updatedAt: now, updatedBy: actor }).where(eq(contentSets.kind, kind)).returning()
      : await tx.insert(contentSets).values({ kind, items, version: 1, updatedAt: now, updatedBy: actor }).returning();
    const number = await addRevision(tx, kind, items, actor, now);
    await appendLog(tx, logKind[kind], kind, action, actor, detail ?? `revisión ${number}`, now);
    await within?.(tx);
    await publicChange(tx);
    return setOf<K>(updated!);
  });
}

/** «Restaurar»: an old revision's items become the set again, as a new revision (public at once). */
export async function restoreSet<K extends ContentSetKind>(db: Db, kind: K, number: number, version: number, actor: string, now = new Date()): Promise<ContentSet<K>> {
  const [revision] = await db
    .select()
    .from(contentSetRevisions)
    .where(and(eq(contentSetRevisions.kind, kind), eq(contentSetRevisions.number, number)));
  if (!revision) throw new ContentSetRefused(contentSetMessages.noRevision(number), 404);
  return saveSet(db, kind, revision.items as ContentSetItems[K], version, actor, { now, action: 'restaurada', detail: `revisión ${number}` });
}

/** What visitors read of each set: the items of the sets the database has, and when each changed last. */
export async function readSets(db: Db): Promise<Partial<{ [K in ContentSetKind]: ContentSet<K> }>> {
  const rows = await db.select().from(contentSets);
  const sets: Partial<{ [K in ContentSetKind]: ContentSet<K> }> = {};
  for (const row of rows) {
    if (row.kind === 'datos') sets.datos = setOf<'datos'>(row);
    else if (row.kind === 'contadores') sets.contadores = setOf<'contadores'>(row);
    else if (row.kind === 'aliados') sets.aliados = setOf<'aliados'>(row);
  }
  return sets;
}

/**
 * Imports the sets of api/content (facts.json, counters.json, allies.json and members.json) that the database does not have yet: once, under the
 * stories' import lock, each with its first revision and a log line by the system. Returns the kinds imported.
 */
export async function importSets(db: Db, files: Partial<ContentSetItems>, now = new Date()): Promise<ContentSetKind[]> {
  return db.transaction(async (tx) => {
    await importLock(tx);
    const kinds = Object.keys(files) as ContentSetKind[];
    const present = new Set((await tx.select({ kind: contentSets.kind }).from(contentSets).where(inArray(contentSets.kind, kinds))).map((row) => row.kind));
    const imported: ContentSetKind[] = [];
    for (const kind of kinds) {
      if (present.has(kind)) continue;
      await tx.insert(contentSets).values({ kind, items: files[kind], version: 1, updatedAt: now, updatedBy: systemActor });
      await addRevision(tx, kind, files[kind], systemActor, now);
      await appendLog(tx, logKind[kind], kind, 'importada', systemActor, importedFrom[kind], now);
      imported.push(kind);
    }
    if (imported.length > 0) await publicChange(tx);
    return imported;
  });
}
