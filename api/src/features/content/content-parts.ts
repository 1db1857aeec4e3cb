import type { ContentSetItems, ContentSetKind } from '@gota/shared/contracts';
import type { Db } from '../../db/database';
import { contentSets } from '../../db/schema';
import { publicKit } from './kit-store';
import { contentFieldOf } from './content-sets-store';
import type { PublishedStories } from './load-content';

/**
 * A set's items as the content visitors read takes them, under its kind's `contentField`: a page's texts by page, the
 * kit's files as visitors get them (their addresses, the ZIP's). For the published sets and for a preview's draft.
 */
export async function contentPart(db: Db, kind: ContentSetKind, items: unknown): Promise<Partial<PublishedStories>> {
  // the items as stored (a set's row, a preview's draft), checked by the kind's save schema when they were sent
  const field = contentFieldOf(kind);
  if (field === 'pages') return { pages: { [kind.slice('pagina:'.length)]: items } };
  if (field === 'kit') return { kit: await publicKit(db, items as ContentSetItems['descargas']) };
  return { [field]: items };
}

/** Every set the database has, in its place of the content visitors read (the files' stand for the others). */
export async function publishedSets(db: Db): Promise<Partial<PublishedStories>> {
  const rows = await db.select().from(contentSets);
  const parts = await Promise.all(rows.map((row) => contentPart(db, row.kind as ContentSetKind, row.items)));
  return parts.reduce((all, part) => ({ ...all, ...part, pages: { ...all.pages, ...part.pages } }), { pages: {} });
}
