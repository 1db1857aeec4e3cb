import { and, desc, eq } from 'drizzle-orm';
import {
  editablePages,
  pageSetKind,
  type ContentSet,
  type ContentSetAction,
  type ContentSetItems,
  type ContentSetKind,
  type ContentSetLogEntry,
  type ContentSetPageProps,
  type EditablePage,
  type EditablePageTexts,
  type PageSetKind,
} from '@gota/shared/contracts';
import { ContentSetRefused } from '../../common/content-error';
import type { Db, Tx } from '../../db/database';
import { contentLog, contentSetRevisions, contentSets } from '../../db/schema';
import { storeKitArchive } from './kit-archive';
import type { PublishedStories } from './load-content';
import { nextRevisionNumber } from '../../db/revisions';
import { appendLog, importLock, publicChange, systemActor } from '../stories';

/**
 * The water facts, the impact counters (issue #42 items 2 and 3, decision 059) and each editable page's texts (item 5,
 * decision 062) in the database. Each is one set,
 * saved whole with the version it was read at: a save is one transaction with its revision and its log line, and it is
 * public at once (it moves the content's position, so every instance's `contentFollower` reads it again).
 */

type SetRow = typeof contentSets.$inferSelect;

/** Somebody saved the set since the version this change was decided on; `current` is the set as it is now. */
export class ContentSetConflictError<K extends ContentSetKind> extends Error {
  override name = 'ContentSetConflictError';
  constructor(readonly current: ContentSet<K>) {
    super(kindRecord(current.kind).conflict);
  }
}

/**
 * A kind's Spanish conflict message, its name in the log (content_log.kind), the files it is imported from once, and
 * where it goes in the content visitors read (its field of `PublishedStories`, what `withStories` takes).
 */
interface KindRecord {
  conflict: string;
  logKind: string;
  source: string;
  contentField: ContentField;
}
/** The content's fields a set fills: a page's texts go under their page in `pages`, the kit as visitors get it. */
export type ContentField = keyof Pick<PublishedStories, 'facts' | 'counters' | 'kit' | 'allies' | 'pages'>;
const again = 'Revisa cómo quedaron antes de guardar de nuevo.';
/** Every kind's record; each editable page's texts (`pagina:{page}`) share `pagina`'s. */
const kinds: Record<Exclude<ContentSetKind, PageSetKind> | 'pagina', KindRecord> = {
  datos: {
    conflict: `Otra persona guardó los datos del agua mientras los editabas. ${again}`,
    logKind: 'datos-agua',
    source: 'api/content/facts.json',
    contentField: 'facts',
  },
  contadores: {
    conflict: `Otra persona guardó los contadores mientras los editabas. ${again}`,
    logKind: 'contadores',
    source: 'api/content/counters.json',
    contentField: 'counters',
  },
  descargas: {
    conflict: `Otra persona cambió los archivos del kit mientras los editabas. ${again}`,
    logKind: 'descargas',
    source: 'api/content/campaign',
    contentField: 'kit',
  },
  aliados: {
    conflict: `Otra persona guardó los aliados y miembros mientras los editabas. ${again}`,
    logKind: 'aliados',
    source: 'api/content/allies.json y members.json',
    contentField: 'allies',
  },
  pagina: {
    conflict: `Otra persona guardó los textos de esta página mientras los editabas. ${again}`,
    logKind: 'textos',
    source: 'api/content/pages.json y page-texts.json',
    contentField: 'pages',
  },
};
const kindRecord = (kind: ContentSetKind): KindRecord =>
  kind.startsWith('pagina:') ? kinds.pagina : kinds[kind as keyof typeof kinds];

const contentSetMessages = {
  notImported: 'Estos contenidos cambiaron en la base de datos desde que abriste la página: vuelve a cargarla.',
  noRevision: (number: number) => `No hay una revisión ${number}.`,
} as const;

/** What else a save of a set writes in its transaction: the kit's ZIP (decision 061), so it is there when the change is heard. */
const alongside: Partial<{ [K in ContentSetKind]: (tx: Tx, items: ContentSetItems[K]) => Promise<unknown> }> = {
  descargas: storeKitArchive,
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
  const number = await nextRevisionNumber(
    tx,
    contentSetRevisions,
    contentSetRevisions.number,
    eq(contentSetRevisions.kind, kind),
  );
  await tx.insert(contentSetRevisions).values({ kind, number, items, by, at });
  return number;
}

export async function findSet<K extends ContentSetKind>(db: Db | Tx, kind: K): Promise<ContentSet<K> | undefined> {
  const [row] = await db.select().from(contentSets).where(eq(contentSets.kind, kind));
  return row ? setOf<K>(row) : undefined;
}

/**
 * The set, its revisions (newest first, 30 at most) and its log: what the panel's page shows. A set the database does
 * not have yet (its import did not run) shows `files`, at version 0.
 */
export async function setPage<K extends ContentSetKind>(
  db: Db,
  kind: K,
  files: ContentSetItems[K],
): Promise<ContentSetPageProps<K>> {
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
    .where(and(eq(contentLog.kind, kindRecord(kind).logKind), eq(contentLog.itemId, kind)))
    .orderBy(desc(contentLog.id))
    .limit(50);
  return {
    set,
    revisions: revisions.map((row) => ({
      number: row.number,
      by: row.by,
      at: row.at.toISOString(),
      items: row.items as ContentSetItems[K],
    })),
    log: log.map((row): ContentSetLogEntry => ({
      action: row.action as ContentSetAction,
      by: row.actor,
      at: row.at.toISOString(),
      detail: row.detail,
    })),
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
  options: SaveOptions = {},
): Promise<ContentSet<K>> {
  return db.transaction((tx) => saveSetIn(tx, kind, items, version, actor, options));
}

/** How a save is told apart in the log, and what else its transaction writes. */
export interface SaveOptions {
  now?: Date;
  action?: ContentSetAction;
  detail?: string | null;
  /** More work of the same transaction, after the set is saved (a lead recording the ally it became, decision 060). */
  within?: ((tx: Tx) => Promise<void>) | undefined;
}

/** `saveSet` inside a transaction the caller opened (an upload writes its file's bytes in the same one). */
export async function saveSetIn<K extends ContentSetKind>(
  tx: Tx,
  kind: K,
  items: ContentSetItems[K],
  version: number,
  actor: string,
  { now = new Date(), action = 'guardada', detail = null, within }: SaveOptions = {},
): Promise<ContentSet<K>> {
  const [row] = await tx.select().from(contentSets).where(eq(contentSets.kind, kind)).for('update');
  if (row && row.version !== version) throw new ContentSetConflictError(setOf<K>(row));
  if (!row && version !== 0) throw new ContentSetRefused(contentSetMessages.notImported, 409);
  // version 0: the set was never in the database (its import did not run); this save puts it there
  const [updated] = row
    ? await tx
        .update(contentSets)
        .set({ items, version: row.version + 1, updatedAt: now, updatedBy: actor })
        .where(eq(contentSets.kind, kind))
        .returning()
    : await tx.insert(contentSets).values({ kind, items, version: 1, updatedAt: now, updatedBy: actor }).returning();
  const number = await addRevision(tx, kind, items, actor, now);
  await alongside[kind]?.(tx, items);
  await appendLog(tx, kindRecord(kind).logKind, kind, action, actor, detail ?? `revisión ${number}`, now);
  await within?.(tx);
  await publicChange(tx);
  return setOf<K>(updated!);
}

/** «Restaurar»: an old revision's items become the set again, as a new revision (public at once). */
export async function restoreSet<K extends ContentSetKind>(
  db: Db,
  kind: K,
  number: number,
  version: number,
  actor: string,
  now = new Date(),
): Promise<ContentSet<K>> {
  const [revision] = await db
    .select()
    .from(contentSetRevisions)
    .where(and(eq(contentSetRevisions.kind, kind), eq(contentSetRevisions.number, number)));
  if (!revision) throw new ContentSetRefused(contentSetMessages.noRevision(number), 404);
  return saveSet(db, kind, revision.items as ContentSetItems[K], version, actor, {
    now,
    action: 'restaurada',
    detail: `revisión ${number}`,
  });
}

/** What visitors read of the sets the database has: the two lists, and the texts of each page it has, by page. */
export interface StoredSets {
  datos?: ContentSet<'datos'>;
  contadores?: ContentSet<'contadores'>;
  descargas?: ContentSet<'descargas'>;
  aliados?: ContentSet<'aliados'>;
  pages: Partial<Record<EditablePage, EditablePageTexts>>;
}

export async function readSets(db: Db): Promise<StoredSets> {
  const rows = await db.select().from(contentSets);
  const sets: StoredSets = { pages: {} };
  for (const row of rows) {
    if (row.kind === 'datos') sets.datos = setOf<'datos'>(row);
    else if (row.kind === 'contadores') sets.contadores = setOf<'contadores'>(row);
    else if (row.kind === 'descargas') sets.descargas = setOf<'descargas'>(row);
    else if (row.kind === 'aliados') sets.aliados = setOf<'aliados'>(row);
    else {
      const page = editablePages.find((name) => pageSetKind(name) === row.kind);
      if (page) sets.pages[page] = row.items as EditablePageTexts;
    }
  }
  return sets;
}

/** Where a kind's set goes in the content visitors read (`content-parts.ts` puts it there). */
export const contentFieldOf = (kind: ContentSetKind): ContentField => kindRecord(kind).contentField;

/**
 * Imports the sets of api/content (facts.json, counters.json, allies.json and members.json, each editable page's
 * pages.json and page-texts.json entries) that the database does not have yet: once, under the stories' import lock,
 * each with its first revision and a log line by the system. Returns the kinds imported. (The kit's files come with
 * their bytes: `importKit`.)
 */
export async function importSets(db: Db, files: Partial<ContentSetItems>, now = new Date()): Promise<ContentSetKind[]> {
  return db.transaction(async (tx) => {
    await importLock(tx);
    const imported: ContentSetKind[] = [];
    for (const kind of Object.keys(files) as ContentSetKind[]) {
      if (await importSetIn(tx, kind, files[kind]!, now)) imported.push(kind);
    }
    if (imported.length > 0) await publicChange(tx);
    return imported;
  });
}

/**
 * Inserts a set the database does not have yet, with its first revision and a log line by the system naming the
 * files it came from, inside a transaction that holds the import lock. Returns whether it did (the caller moves the content).
 */
export async function importSetIn<K extends ContentSetKind>(
  tx: Tx,
  kind: K,
  items: ContentSetItems[K],
  now: Date,
): Promise<boolean> {
  const [present] = await tx.select({ kind: contentSets.kind }).from(contentSets).where(eq(contentSets.kind, kind));
  if (present) return false;
  await tx.insert(contentSets).values({ kind, items, version: 1, updatedAt: now, updatedBy: systemActor });
  await addRevision(tx, kind, items, systemActor, now);
  await alongside[kind]?.(tx, items);
  const { logKind, source } = kindRecord(kind);
  await appendLog(tx, logKind, kind, 'importada', systemActor, source, now);
  return true;
}
