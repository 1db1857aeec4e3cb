import { eq } from 'drizzle-orm';
import type { Story } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { describeError } from '../../db/errors';
import { storyShareCards } from '../../db/schema';
import type { Logger } from '../../logging/logger';
import { mediaStore, shareCard } from '../media';
import { shareCardPath } from '../pages';

/**
 * The stories' share cards (issue #41 item 4): drawn once, right after a publication commits, and kept in the
 * database, so every instance serves the same bytes and a network's first request finds the card made. A story with
 * an uploaded photo gets the photo's `share` crop behind its title. A card missing (a story imported from the files, a
 * drawing that failed) is drawn at its first request and kept then.
 *
 * @example
 * const cards = shareCards({ database, logger })
 * await cards.afterPublication(content.current(), ['escuela-lluvia'])
 */
export function shareCards({ database, logger }: { database: Database; logger: Logger }) {
  const photos = mediaStore(database);
  // two requests for a card not kept yet draw it once
  const drawing = new Map<string, Promise<Buffer>>();

  async function draw(story: Story): Promise<Buffer> {
    const share = story.photo?.variants.find((variant) => variant.role === 'share');
    const photo =
      share && story.photo ? await photos.file(story.photo.id, share.url.slice(share.url.lastIndexOf('/') + 1)) : null;
    return shareCard({ title: story.titulo, photo: photo?.bytes });
  }

  async function drawAndKeep(story: Story, path: string): Promise<Buffer> {
    const png = await draw(story);
    await database.use().insert(storyShareCards).values({ path, png }).onConflictDoNothing();
    return png;
  }

  /** The PNG of the story's card at its address of now: the kept one, or drawn and kept. */
  async function ensure(story: Story): Promise<Buffer> {
    const path = shareCardPath(story);
    const [kept] = await database
      .use()
      .select({ png: storyShareCards.png })
      .from(storyShareCards)
      .where(eq(storyShareCards.path, path));
    if (kept) return Buffer.from(kept.png);
    let pending = drawing.get(path);
    if (!pending) {
      drawing.set(path, (pending = drawAndKeep(story, path)));
      void pending.then(
        () => drawing.delete(path),
        () => drawing.delete(path),
      );
    }
    return pending;
  }

  return {
    ensure,
    /** After a publication's commit: the cards of the stories just published (a failure is logged; the first request draws it). */
    async afterPublication(content: { storyBySlug: ReadonlyMap<string, Story> }, slugs: readonly string[]): Promise<void> {
      for (const slug of slugs) {
        const story = content.storyBySlug.get(slug);
        if (!story) continue;
        try {
          await ensure(story);
        } catch (error) {
          logger.warn(
            { slug, err: describeError(error) },
            'no se pudo dibujar la tarjeta para compartir; se dibujará en la primera petición',
          );
        }
      }
    },
  };
}

export type ShareCards = ReturnType<typeof shareCards>;
