import { eq, lt } from 'drizzle-orm';
import { previewLifetimeMinutes, type PreviewSetKind } from '@gota/shared/contracts';
import type { Db } from '../../db/database';
import { contentPreviews } from '../../db/schema';
import { withStories, type Content, type PublishedStories } from './load-content';

/**
 * «Vista previa» of a content set (issue #42 item 6, decision 066): the draft an editor sent, kept in the database for
 * an hour so that whichever instance answers its address renders the same thing. Nothing here touches the published
 * sets, their versions, revisions or log, nor the content's position: visitors, the answer cache and the search never
 * see a draft.
 */

/** A preview as its address finds it. */
export interface StoredPreview {
  kind: PreviewSetKind;
  items: unknown;
  expired: boolean;
}

const minute = 60_000;
/** An expired preview still answers «caducó» (410) for a day; after that its row is swept and its address is unknown. */
const keptAfterExpiry = 24 * 60 * minute;

/**
 * Keeps a draft set (already validated by its save's schema) and returns its id and when it expires. Rows long expired
 * are swept in the same transaction: previews are made a few times a day, so no timer is needed.
 */
export async function createPreview(
  db: Db,
  kind: PreviewSetKind,
  items: unknown,
  actor: string,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + previewLifetimeMinutes * minute);
  return db.transaction(async (tx) => {
    await tx.delete(contentPreviews).where(lt(contentPreviews.expiresAt, new Date(now.getTime() - keptAfterExpiry)));
    const [row] = await tx
      .insert(contentPreviews)
      .values({ kind, items, createdBy: actor, createdAt: now, expiresAt })
      .returning({ id: contentPreviews.id });
    return { id: row!.id, expiresAt };
  });
}

export async function findPreview(db: Db, id: string, now = new Date()): Promise<StoredPreview | undefined> {
  const [row] = await db.select().from(contentPreviews).where(eq(contentPreviews.id, id));
  if (!row) return undefined;
  return { kind: row.kind as PreviewSetKind, items: row.items, expired: row.expiresAt <= now };
}

/**
 * The content of now with one set replaced by a draft (`contentPart` of the draft's items): made the way the published
 * content is made (`withStories`), so the draft is sanitised and filtered as visitors' content is (a hidden fact or ally
 * stays hidden). Its version names it apart, though a preview is never kept anywhere. The kit's ZIP is made when the kit
 * is saved: a draft that hides or reorders files has none yet, and its preview links the published one.
 */
export function withDraft(content: Content, draft: Partial<PublishedStories>): Content {
  return withStories(content, {
    stories: content.stories,
    redirects: content.redirects,
    gone: content.gone,
    version: `${content.version} vista-previa`,
    ...draft,
    ...(draft.kit ? { kit: { ...draft.kit, archive: draft.kit.archive ?? content.kit.archive } } : {}),
  });
}
