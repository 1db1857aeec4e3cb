// The page of a story with an uploaded photo (issue #41 item 8): the Lighthouse pass audits it beside the site's pages,
// on a site whose database api/scripts/photo-story-seed.ts readied (a photo made into its variants, a story that shows it).
import { runJsonScript } from './processes.mjs';

const slug = 'historia-con-foto-de-banco';
/** Its address, among the audited pages. */
export const photoStoryPath = `/historias/${slug}`;

/**
 * Readies the PGlite database in `dataDir` (before a site starts there) with the story of `photoStoryPath`.
 * @param {string} dataDir
 */
export function seedPhotoStory(dataDir) {
  return runJsonScript('photo-story-seed', [dataDir, slug]);
}
