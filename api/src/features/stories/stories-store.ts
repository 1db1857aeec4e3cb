import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type {
  EditorStory,
  StoryAction,
  StoryFields,
  StoryListItem,
  StoryLogEntry,
  StoryRevision,
  StoryRevisionSummary,
} from '@gota/shared/contracts';
import type { Db, Tx } from '../../db/database';
import { mediaIdOf } from '@gota/shared/contracts';
import { missingForPublication, publicationProblems } from '@gota/shared/schemas';
import { nextRevisionNumber } from '../../db/revisions';
import { foldFrom, foldTo } from '../../db/columns';
import { contentLog, contentState, mediaImages, stories, storyRedirects, storyRevisions } from '../../db/schema';

/** The channel every instance listens on; the payload is the public content's new position. */
export const contentChannel = 'gota_content';
/** Serialises the one-time import across instances (any constant will do). */
const importLockId = 4_061_987_412;
/** Who the server itself is in the log: the import and a scheduled publication. */
export const systemActor = 'sistema';

type StoryRow = typeof stories.$inferSelect;

/** A change that cannot be made as asked; nothing changed. `status` and the Spanish message are the answer's. */
export class StoryRefused extends Error {
  override name = 'StoryRefused';
  constructor(
    message: string,
    readonly status: 404 | 409 | 422,
    /** The field the message is about, for a form. */
    readonly field?: keyof StoryFields,
    /** Several fields' messages (a publication that waits for more than one field). */
    readonly errors?: Partial<Record<keyof StoryFields, string>>,
  ) {
    super(message);
  }
}

/** Somebody saved the story since the version this change was decided on; `current` is the story as it is now. */
export class StoryConflict extends Error {
  override name = 'StoryConflict';
  constructor(readonly current: EditorStory) {
    super('Otra persona guardó esta historia mientras la editabas. Revisa las dos versiones antes de seguir.');
  }
}

export const storyMessages = {
  notFound: 'No encontramos esa historia: puede que otra persona la haya borrado.',
  slugTaken: (slug: string) => `La dirección «${slug}» ya es de otra historia: elige otra.`,
  scheduledPast: 'Esa fecha y hora ya pasaron: elige un momento futuro.',
  scheduleTooFar: 'Programa la publicación dentro de los próximos dos años.',
  alreadyPublished: 'Esta historia ya está publicada: sus cambios se publican con «Actualizar».',
  notPublished: 'Solo se retira una historia publicada.',
  notScheduled: 'Esta historia no tiene una publicación programada.',
  noRevision: (number: number) => `Esta historia no tiene una revisión ${number}.`,
  photoGone: 'La foto principal ya no existe: súbela de nuevo.',
  photoUndescribed: 'La foto principal necesita texto alternativo, o márcala como «decorativa» si no añade nada al texto.',
} as const;

const asFields = (value: unknown) => value as StoryFields;

/** A row as the panel shows it. */
function editorStory(row: StoryRow): EditorStory {
  const fields = asFields(row.fields);
  return {
    id: row.id,
    titulo: fields.titulo,
    slug: row.slug,
    state: row.state,
    pendingChanges: row.published !== null && row.state === 'publicada' && !isDeepStrictEqual(row.published, row.fields),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    publishAt: row.publishAt?.toISOString() ?? null,
    fields,
    version: row.version,
    slugFree: row.firstPublishedAt === null,
    firstPublishedAt: row.firstPublishedAt?.toISOString() ?? null,
  };
}

/** A line of the append-only content log: which kind of content, which item, what, by whom. */
export async function appendLog(
  tx: Tx | Db,
  kind: string,
  itemId: string,
  action: string,
  actor: string,
  detail: string | null = null,
  at?: Date,
): Promise<void> {
  await tx.insert(contentLog).values({ kind, itemId, action, actor, detail, ...(at ? { at } : {}) });
}

const logStory = (tx: Tx | Db, itemId: string, action: StoryAction, actor: string, detail: string | null = null, at?: Date) =>
  appendLog(tx, 'historia', itemId, action, actor, detail, at);

/** Serialises the one-time imports (stories, facts, counters) across instances, until the transaction ends. */
export async function importLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${importLockId})`);
}

async function addRevision(tx: Tx, storyId: string, fields: StoryFields, by: string, at: Date): Promise<number> {
  const number = await nextRevisionNumber(tx, storyRevisions, storyRevisions.number, eq(storyRevisions.storyId, storyId));
  await tx.insert(storyRevisions).values({ storyId, number, fields, by, at });
  return number;
}

/**
 * Moves the public content's position and tells every instance on commit (NOTIFY): a change visitors can see. The row
 * is made when missing (the tests empty the tables).
 */
export async function publicChange(tx: Tx): Promise<void> {
  const [row] = await tx
    .insert(contentState)
    .values({ id: 1, seq: 1 })
    .onConflictDoUpdate({ target: contentState.id, set: { seq: sql`${contentState.seq} + 1` } })
    .returning({ seq: contentState.seq });
  await tx.execute(sql`select pg_notify(${contentChannel}, ${String(row!.seq)})`);
}

/**
 * The public content moved without a story's change: a photo of a story got a new focal point (new crops at new
 * addresses) or a new alt text. Every instance reads the content again, and the pages name the new files.
 */
export async function touchContent(db: Db): Promise<void> {
  await db.transaction((tx) => publicChange(tx));
}

/** Whether another story holds `slug`: as its working address, its public one, or an old one that redirects to it. */
async function slugTaken(tx: Tx, slug: string, except?: string): Promise<boolean> {
  const others = except ? ne(stories.id, except) : undefined;
  const [story] = await tx
    .select({ id: stories.id })
    .from(stories)
    .where(and(others, or(eq(stories.slug, slug), sql`${stories.published}->>'slug' = ${slug}`)))
    .limit(1);
  if (story) return true;
  const [redirect] = await tx
    .select({ id: storyRedirects.storyId })
    .from(storyRedirects)
    .where(and(eq(storyRedirects.slug, slug), except ? ne(storyRedirects.storyId, except) : undefined))
    .limit(1);
  return redirect !== undefined;
}

/** The story locked for this change, at the version it was decided on. */
async function lockedAt(tx: Tx, id: string, version: number): Promise<StoryRow> {
  const [row] = await tx.select().from(stories).where(eq(stories.id, id)).for('update');
  if (!row) throw new StoryRefused(storyMessages.notFound, 404);
  if (row.version !== version) throw new StoryConflict(editorStory(row));
  return row;
}

async function update(
  tx: Tx,
  row: StoryRow,
  set: Partial<typeof stories.$inferInsert>,
  actor: string,
  now: Date,
): Promise<StoryRow> {
  const [updated] = await tx
    .update(stories)
    .set({ ...set, version: row.version + 1, updatedBy: actor, updatedAt: now })
    .where(eq(stories.id, row.id))
    .returning();
  return updated!;
}

/** Every story for the panel's list, the most recently changed first; `query` filters by title or address. */
export async function listStories(db: Db, query = ''): Promise<StoryListItem[]> {
  const typed = query.trim();
  // accents and case do not matter, as in the inbox's search; % and _ are the letters typed
  const pattern = `%${typed.replace(/[%_\\]/g, '\\$&')}%`;
  const filter = typed
    ? sql`lower(translate(${stories.fields}->>'titulo' || ' ' || ${stories.slug}, ${foldFrom}, ${foldTo})) like lower(translate(${pattern}, ${foldFrom}, ${foldTo}))`
    : undefined;
  const rows = await db.select().from(stories).where(filter).orderBy(desc(stories.updatedAt), asc(stories.slug));
  return rows.map((row) => {
    const { fields: _fields, version: _version, slugFree: _slugFree, firstPublishedAt: _first, ...item } = editorStory(row);
    return item;
  });
}

export async function findStory(db: Db, id: string): Promise<EditorStory | undefined> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id));
  return row ? editorStory(row) : undefined;
}

/** A new story, as a draft: its first revision and its log line. */
export async function createStory(db: Db, fields: StoryFields, actor: string, now = new Date()): Promise<EditorStory> {
  return db.transaction(async (tx) => {
    if (await slugTaken(tx, fields.slug)) throw new StoryRefused(storyMessages.slugTaken(fields.slug), 409, 'slug');
    const [row] = await tx
      .insert(stories)
      .values({
        slug: fields.slug,
        state: 'borrador',
        fields,
        createdBy: actor,
        updatedBy: actor,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await addRevision(tx, row!.id, fields, actor, now);
    await logStory(tx, row!.id, 'creada', actor, null, now);
    return editorStory(row!);
  });
}

/** Saves the working copy as a new revision; nothing public changes. */
export async function saveStory(
  db: Db,
  id: string,
  fields: StoryFields,
  version: number,
  actor: string,
  now = new Date(),
  action: StoryAction = 'guardada',
  detail: string | null = null,
): Promise<EditorStory> {
  return db.transaction(async (tx) => {
    const row = await lockedAt(tx, id, version);
    if (fields.slug !== row.slug && (await slugTaken(tx, fields.slug, id)))
      throw new StoryRefused(storyMessages.slugTaken(fields.slug), 409, 'slug');
    const updated = await update(tx, row, { fields, slug: fields.slug }, actor, now);
    await addRevision(tx, id, fields, actor, now);
    await logStory(tx, id, action, actor, detail, now);
    return editorStory(updated);
  });
}

/**
 * Refuses (422, every field named) a working copy that cannot go public yet: a draft saves with a title alone, a
 * publication or a schedule needs every field, and an uploaded main photo its alt text or its decorative mark.
 */
async function checkPublishable(tx: Tx, fields: StoryFields): Promise<void> {
  const problems = publicationProblems(fields);
  const photoId = mediaIdOf(fields.img);
  if (photoId !== null && !problems.img) {
    const [photo] = await tx
      .select({ alt: mediaImages.alt, decorative: mediaImages.decorative })
      .from(mediaImages)
      .where(eq(mediaImages.id, photoId));
    if (!photo) problems.img = storyMessages.photoGone;
    else if (!photo.decorative && !photo.alt && !fields.alt) problems.alt = storyMessages.photoUndescribed;
  }
  const fieldsMissing = Object.keys(problems) as (keyof StoryFields)[];
  if (fieldsMissing.length > 0) throw new StoryRefused(missingForPublication(problems), 422, fieldsMissing[0], problems);
}

/** The working copy becomes what visitors read. An address that changed after a publication redirects (301). */
async function publishRow(tx: Tx, row: StoryRow, actor: string, now: Date, detail: string | null = null): Promise<StoryRow> {
  const fields = asFields(row.fields);
  await checkPublishable(tx, fields);
  const before = row.published === null ? null : asFields(row.published).slug;
  if (before !== null && before !== fields.slug) {
    await tx
      .insert(storyRedirects)
      .values({ slug: before, storyId: row.id })
      .onConflictDoUpdate({ target: storyRedirects.slug, set: { storyId: row.id } });
  }
  // a story that takes back an old address of its own answers there again
  await tx.delete(storyRedirects).where(eq(storyRedirects.slug, fields.slug));
  const updated = await update(
    tx,
    row,
    { state: 'publicada', published: fields, publishAt: null, publishedAt: now, firstPublishedAt: row.firstPublishedAt ?? now },
    actor,
    now,
  );
  await logStory(tx, row.id, 'publicada', actor, detail, now);
  await publicChange(tx);
  return updated;
}

export async function publishStory(db: Db, id: string, version: number, actor: string, now = new Date()): Promise<EditorStory> {
  return db.transaction(async (tx) => editorStory(await publishRow(tx, await lockedAt(tx, id, version), actor, now)));
}

/** Programs the publication of the working copy at `at` (the server publishes it, scheduler.ts). */
export async function scheduleStory(
  db: Db,
  id: string,
  version: number,
  at: Date,
  actor: string,
  now = new Date(),
): Promise<EditorStory> {
  if (at.getTime() <= now.getTime()) throw new StoryRefused(storyMessages.scheduledPast, 422);
  if (at.getTime() > now.getTime() + 2 * 366 * 86_400_000) throw new StoryRefused(storyMessages.scheduleTooFar, 422);
  return db.transaction(async (tx) => {
    const row = await lockedAt(tx, id, version);
    if (row.state === 'publicada') throw new StoryRefused(storyMessages.alreadyPublished, 409);
    await checkPublishable(tx, asFields(row.fields));
    const updated = await update(tx, row, { state: 'programada', publishAt: at }, actor, now);
    await logStory(tx, id, 'programada', actor, at.toISOString(), now);
    return editorStory(updated);
  });
}

export async function unscheduleStory(
  db: Db,
  id: string,
  version: number,
  actor: string,
  now = new Date(),
): Promise<EditorStory> {
  return db.transaction(async (tx) => {
    const row = await lockedAt(tx, id, version);
    if (row.state !== 'programada') throw new StoryRefused(storyMessages.notScheduled, 409);
    const updated = await update(
      tx,
      row,
      { state: row.published === null ? 'borrador' : 'retirada', publishAt: null },
      actor,
      now,
    );
    await logStory(tx, id, 'desprogramada', actor, null, now);
    return editorStory(updated);
  });
}

/** Takes a published story off the site: every list, the search, the feed; its address answers 410. */
export async function withdrawStory(db: Db, id: string, version: number, actor: string, now = new Date()): Promise<EditorStory> {
  return db.transaction(async (tx) => {
    const row = await lockedAt(tx, id, version);
    if (row.state !== 'publicada') throw new StoryRefused(storyMessages.notPublished, 409);
    const updated = await update(tx, row, { state: 'retirada' }, actor, now);
    await logStory(tx, id, 'retirada', actor, null, now);
    await publicChange(tx);
    return editorStory(updated);
  });
}

export async function listRevisions(db: Db, id: string): Promise<StoryRevisionSummary[]> {
  const rows = await db
    .select({ number: storyRevisions.number, by: storyRevisions.by, at: storyRevisions.at })
    .from(storyRevisions)
    .where(eq(storyRevisions.storyId, id))
    .orderBy(desc(storyRevisions.number));
  return rows.map((row) => ({ number: row.number, by: row.by, at: row.at.toISOString() }));
}

export async function findRevision(db: Db, id: string, number: number): Promise<StoryRevision | undefined> {
  const [row] = await db
    .select()
    .from(storyRevisions)
    .where(and(eq(storyRevisions.storyId, id), eq(storyRevisions.number, number)));
  return row ? { number: row.number, by: row.by, at: row.at.toISOString(), fields: asFields(row.fields) } : undefined;
}

/** «Restaurar»: an old revision's fields become a new revision of the working copy (nothing public changes). */
export async function restoreRevision(
  db: Db,
  id: string,
  number: number,
  version: number,
  actor: string,
  now = new Date(),
): Promise<EditorStory> {
  const revision = await findRevision(db, id, number);
  if (!revision) throw new StoryRefused(storyMessages.noRevision(number), 404);
  return saveStory(db, id, revision.fields, version, actor, now, 'restaurada', `revisión ${number}`);
}

export async function storyLog(db: Db, id: string, limit = 50): Promise<StoryLogEntry[]> {
  const rows = await db
    .select()
    .from(contentLog)
    .where(and(eq(contentLog.kind, 'historia'), eq(contentLog.itemId, id)))
    .orderBy(desc(contentLog.id))
    .limit(limit);
  return rows.map((row) => ({ action: row.action as StoryAction, by: row.actor, at: row.at.toISOString(), detail: row.detail }));
}

/**
 * Publishes every scheduled story whose time has come, in one transaction: `skip locked`, so when every instance of a
 * fleet looks at once each story is published by exactly one. Returns the slugs published.
 */
export async function publishDue(db: Db, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(stories)
      .where(and(eq(stories.state, 'programada'), sql`${stories.publishAt} <= ${now.toISOString()}::timestamptz`))
      .orderBy(asc(stories.publishAt))
      .for('update', { skipLocked: true });
    const published: string[] = [];
    for (const row of due) {
      try {
        published.push((await publishRow(tx, row, systemActor, now, `programada para ${row.publishAt!.toISOString()}`)).slug);
      } catch (error) {
        // saved incomplete after it was scheduled: it goes back to waiting, and the log says why
        if (!(error instanceof StoryRefused)) throw error;
        await update(tx, row, { state: row.published === null ? 'borrador' : 'retirada', publishAt: null }, systemActor, now);
        await logStory(tx, row.id, 'desprogramada', systemActor, error.message, now);
      }
    }
    return published;
  });
}

/** What visitors read: the published stories, the old addresses that redirect, the withdrawn ones, and the position. */
export interface PublishedRows {
  seq: number;
  stories: { slug: string; fields: StoryFields }[];
  redirects: Map<string, string>;
  gone: Set<string>;
}

/** The public content's position: every instance compares it with its own to know whether to read again. */
export async function contentPosition(db: Db): Promise<number> {
  const [row] = await db.select({ seq: contentState.seq }).from(contentState).where(eq(contentState.id, 1));
  return row?.seq ?? 0;
}

/**
 * The published content. The position is read first: a change committed between the two reads makes the content newer
 * than the position, never older, and the next look reads it again.
 */
export async function readPublished(db: Db): Promise<PublishedRows> {
  const seq = await contentPosition(db);
  const rows = await db
    .select({ id: stories.id, state: stories.state, published: stories.published })
    .from(stories)
    .where(sql`${stories.published} is not null`);
  const bySlug = new Map<string, string>();
  const published: PublishedRows['stories'] = [];
  const gone = new Set<string>();
  for (const row of rows) {
    const fields = asFields(row.published);
    if (row.state === 'publicada') {
      published.push({ slug: fields.slug, fields });
      bySlug.set(row.id, fields.slug);
    } else if (row.state === 'retirada') gone.add(fields.slug);
  }
  const redirects = new Map<string, string>();
  for (const row of await db.select().from(storyRedirects)) {
    const target = bySlug.get(row.storyId);
    if (target) redirects.set(row.slug, target);
    else gone.add(row.slug);
  }
  return { seq, stories: published, redirects, gone };
}

/**
 * Imports the story files once, into a database that has never had stories (the first start after stories moved to
 * the database, decision 049): each published as it was, with its first revision and a log line by the system.
 * Returns how many were imported: 0 when the import was done before (by this instance or another).
 */
export async function importStories(db: Db, files: StoryFields[], now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await importLock(tx);
    const [state] = await tx.select().from(contentState).where(eq(contentState.id, 1));
    const [anyStory] = await tx.select({ id: stories.id }).from(stories).limit(1);
    if (state?.storiesImportedAt || anyStory) return 0;
    for (const fields of files) {
      const published = new Date(`${fields.fechaData}T12:00:00Z`);
      const [row] = await tx
        .insert(stories)
        .values({
          slug: fields.slug,
          state: 'publicada',
          fields,
          published: fields,
          firstPublishedAt: published,
          publishedAt: published,
          createdBy: systemActor,
          updatedBy: systemActor,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addRevision(tx, row!.id, fields, systemActor, now);
      await logStory(tx, row!.id, 'importada', systemActor, `api/content/stories/${fields.slug}.md`, now);
    }
    await tx
      .insert(contentState)
      .values({ id: 1, seq: 0, storiesImportedAt: now })
      .onConflictDoUpdate({ target: contentState.id, set: { storiesImportedAt: now } });
    await publicChange(tx);
    return files.length;
  });
}
