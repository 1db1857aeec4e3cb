import './zod-setup';
import { z } from 'zod';
import { searchQueryMaxLength, searchTexts } from '../contracts/search';
import { querySchema, queryText } from './query';

/** The highest `pagina` served: ten pages of ten are more than any visitor reads; past it, the first. */
const maxPage = 50;

/** `?pagina=`: a page from 1 to `maxPage`; anything else (none, a word, 0, too far) is the first, never a refusal. */
const pageField = queryText().transform((value) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= maxPage ? page : 1;
});

/**
 * GET /buscar (issue #34, decision 042): `?q=`, trimmed ('' is the empty state), at most `searchQueryMaxLength`
 * characters (counted as a visitor sees them, so an accent or an emoji is one), and the results page `?pagina=`.
 */
export const SearchQuerySchema = querySchema(
  z.object({
    q: queryText().refine((q) => [...q].length <= searchQueryMaxLength, { error: searchTexts.tooLong }),
    pagina: pageField,
  }),
);

/** What the results page shows back in its field when `q` is refused: as typed, trimmed and cut. Never fails. */
export const SearchQueryShownSchema = querySchema(
  z.object({
    q: queryText()
      .transform((q) => [...q].slice(0, searchQueryMaxLength * 2).join(''))
      .catch(''),
  }),
);
