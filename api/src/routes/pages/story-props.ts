import type { Story } from '@gota/shared/contracts';

/** What a list or a card needs of a story: everything but the body. */
export function storySummary({ body: _body, ...summary }: Story): Omit<Story, 'body'> {
  return summary;
}
