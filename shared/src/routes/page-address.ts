import { routeTable, type RouteName } from './route-table';

/**
 * The query parameters each route reads (the fields of the schema its handler validates the query with): the only
 * ones that pick its answer. Every other parameter of an address — a campaign's `utm_*`, a social network's `fbclid`,
 * an ad's `gclid`, a mailing's `mc_eid`, anything — changes nothing on any page, so the origin's kept answers and the
 * documented nginx leave it out of their keys (decision 052). A route that starts reading a parameter names it here;
 * a test compares this list with the schemas, another with docs/deploy/nginx.conf.
 */
export const routeQueries = {
  buscar: ['q', 'pagina'],
  auth: ['volver'],
  registro: ['volver'],
  panel: ['q', 'tipo', 'estado', 'desde', 'hasta', 'despues'],
  panelExportar: ['q', 'tipo', 'estado', 'desde', 'hasta'],
  panelMensaje: ['volver'],
  panelHistorias: ['q'],
  panelAliados: ['desde'],
} as const satisfies Partial<Record<RouteName, readonly string[]>>;

/**
 * A path as every router and proxy reads it the same way: only unreserved characters, no empty segment, no dot
 * segment. Any other path (`%` escapes, `//`, `/./`, `/../`) keeps its whole query in the key: the server may decode it
 * into a route that reads parameters, which a match on its raw text would not see. An expression (for JavaScript and for
 * nginx's PCRE) that finds what makes a path not plain.
 */
export const unplainPath = '[^A-Za-z0-9._~/-]|//|/\\.';

/**
 * A query every reader splits alike: `name=value` pairs of lower-case names. Anything else (a name with an escape or
 * a capital, a name without `=`, an empty pair) keeps the whole query in the key: nginx's `$arg_q` matches `Q=` and
 * skips `q` without `=`, the server decodes `%71` into `q`, so their readings could differ. The expression, after `^`.
 */
export const plainQuery = '(?:[a-z0-9_]+=[^&]*(?:&[a-z0-9_]+=[^&]*)*)?$';

/** The route's path as a pattern: its parameters any segment, case ignored and a trailing slash allowed (when in doubt, read). */
export function routePattern(name: RouteName): string {
  return `^${routeTable[name].replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`;
}

const unplainPathExpression = new RegExp(unplainPath);
const plainQueryExpression = new RegExp(`^${plainQuery}`);
const readers = Object.entries(routeQueries).map(([name, params]) => ({
  pattern: new RegExp(routePattern(name as RouteName), 'i'),
  params: params as readonly string[],
}));

/** The parameters the route at `path` reads, or undefined for a path no such route answers. */
function paramsRead(path: string): readonly string[] | undefined {
  return readers.find((reader) => reader.pattern.test(path))?.params;
}

/**
 * The address a page answers for (decision 052): the path with only the query parameters its route reads, each by its
 * first value (as the route's schema reads it) in the order of `routeQueries`. What a page does not read is dropped,
 * so `/?fbclid=…` is `/` and `/buscar?utm_source=x&q=agua` is `/buscar?q=agua`. A path or query that is not plain is
 * kept as it came (see `unplainPath`, `plainQuery`). The answer caches' key, and the page object's `url`.
 *
 * @example
 * pageAddress('/?utm_source=tv&fbclid=abc') // '/'
 * pageAddress('/buscar?pagina=2&q=agua&gclid=x') // '/buscar?q=agua&pagina=2'
 */
export function pageAddress(pathAndQuery: string): string {
  const mark = pathAndQuery.indexOf('?');
  if (mark < 0) return pathAndQuery;
  const path = pathAndQuery.slice(0, mark);
  if (!path.startsWith('/') || unplainPathExpression.test(path)) return pathAndQuery;
  const read = paramsRead(path);
  if (read === undefined) return path;
  const query = pathAndQuery.slice(mark + 1);
  if (!plainQueryExpression.test(query)) return pathAndQuery;
  const pairs = query === '' ? [] : query.split('&');
  const kept = read.flatMap((name) => pairs.find((pair) => pair.startsWith(`${name}=`)) ?? []);
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}
