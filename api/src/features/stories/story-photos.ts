import { mediaIdOf, type MediaImage, type Story, type StoryFields } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { mediaStore } from '../media';

/** The shapes a page draws a story's photo in, and the share card's crop (its address names the card's). */
const pageRoles = new Set(['card', 'page', 'share']);

/**
 * The uploaded photos the stories' `img` name (`/media/{id}/…`), by id, each with its card, page and share crops only: what
 * the pages draw their `<picture>` from (issue #41 item 4). A photo that is gone is left out (the story keeps its address).
 */
export async function storyPhotos(database: Database, stories: readonly StoryFields[]): Promise<Map<string, MediaImage>> {
  const store = mediaStore(database);
  const photos = new Map<string, MediaImage>();
  const ids = new Set(stories.map((fields) => mediaIdOf(fields.img)).filter((id) => id !== null));
  for (const id of ids) {
    const image = await store.find(id);
    if (image) photos.set(id, { ...image, variants: image.variants.filter((variant) => pageRoles.has(variant.role)) });
  }
  return photos;
}

/** The story with the photo its `img` names, when it is an uploaded one. */
export function withPhoto(story: Story, photos: ReadonlyMap<string, MediaImage>): Story {
  const id = mediaIdOf(story.img);
  const photo = id === null ? undefined : photos.get(id);
  return photo ? { ...story, photo } : story;
}
