import './zod-setup';
import { z } from 'zod';

/** A parameter given twice counts by its first value, as `URLSearchParams.get` reads it. */
function firstValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? (value as unknown[])[0] : value]),
  );
}

/**
 * The schema of an address's query (`?a=1&b=2`, read as `{a: '1', b: '2'}`): a parameter repeated in the address is
 * read by its first value, and parameters the schema does not name are dropped.
 *
 * @example
 * const PageQuery = querySchema(z.object({ volver: z.string().optional() }))
 * PageQuery.parse({ volver: ['/panel', '/otro'], x: '1' }) // { volver: '/panel' }
 */
export function querySchema<S extends z.ZodType>(schema: S) {
  return z.preprocess(firstValues, schema);
}

/** One query parameter as text: trimmed, '' when the address does not carry it. */
export const queryText = () => z.string().trim().default('');
