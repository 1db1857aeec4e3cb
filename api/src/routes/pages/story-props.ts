import type { Story, StorySummary } from '@gota/shared/contracts';

/** What a list or a card needs of a story: everything but the body, and its place in the newest-first listing. */
export function storySummary({ bodyHtml: _bodyHtml, ...summary }: Story, index: number): StorySummary {
  return { ...summary, index };
}
