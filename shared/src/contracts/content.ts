import type { StoryFrontMatter } from '../schemas/content';
import type { MediaImage } from './media';

export type { PageSeoText, Slide, WaterFact } from '../schemas/content';

/** A story as the Post page receives it: front matter plus the body as sanitized HTML (rendered from Markdown). */
export interface Story extends StoryFrontMatter {
  bodyHtml: string;
  /**
   * The uploaded photo `img` names (`/media/{id}/…`, issue #41 item 4), with its card and page crops: what the pages
   * draw their `<picture>` from (`pictureFor`). Absent for an illustration of the site (`/img/…`).
   */
  photo?: MediaImage;
}

/** What lists and cards receive: everything but the body, plus its position in the newest-first listing. */
export type StorySummary = Omit<Story, 'bodyHtml'> & { index: number };

export type { AboutTexts, CampaignTexts, ManifestoTexts, PageTexts } from '../schemas/page-texts';
