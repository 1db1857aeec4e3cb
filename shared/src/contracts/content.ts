import type { StoryFrontMatter } from '../schemas/content';

export type { PageSeoText, Slide, WaterFact } from '../schemas/content';

/** A story as the Post page receives it: front matter plus the body as sanitized HTML (rendered from Markdown). */
export interface Story extends StoryFrontMatter {
  bodyHtml: string;
}

/** What lists and cards receive: everything but the body, plus its position in the newest-first listing. */
export type StorySummary = Omit<Story, 'bodyHtml'> & { index: number };

export type { AboutTexts, CampaignTexts, ManifestoTexts, PageTexts } from '../schemas/page-texts';
