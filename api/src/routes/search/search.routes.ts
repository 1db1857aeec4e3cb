import type { Context, Hono } from 'hono';
import { searchQueryMaxLength, searchTexts, type SearchPageProps } from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import type { AppServices } from '../../app-services';
import type { Content } from '../../content/load-content';
import { isDatabaseUnavailable } from '../../db/errors';
import { metrics } from '../../observability/metrics';
import type { SiteSearch } from '../../search/site-search';
import { hit, ipKey } from '../../security/throttle';
import { seoFor } from '../pages/pages.routes';

/** The highest `pagina` served: ten pages of ten are more than any visitor reads; past it, the first. */
const maxPage = 50;
const noindex = 'noindex, nofollow';

export interface SearchRoutesOptions {
  content: Content;
  appUrl: string;
  search: SiteSearch;
}

function pageNumber(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= maxPage ? page : 1;
}

/**
 * GET /buscar?q=…&pagina=… (issue #34): the page `Buscar` of mf-stories, server-rendered like every page, and, as a
 * JSON page object, what the search dialog shows. Never indexed by search engines. An anonymous answer is kept by URL
 * like any page's (the page protocol), so only a query no visitor asked before reaches the throttle and the database;
 * a refusal (422, 429) or an unavailable search (503) is a page with its reason, never a 500.
 *
 * @example
 * registerSearchRoutes(app, services, { content, appUrl, search })
 */
export function registerSearchRoutes(app: Hono, { env, database, ip }: AppServices, { content, appUrl, search }: SearchRoutesOptions): void {
  const latest = content.storySummaries.slice(0, 4).map((story) => ({ title: story.titulo, url: route('post', { slug: story.slug }) }));

  app.get(routerPath('buscar'), async (c: Context) => {
    const query = (c.req.query('q') ?? '').trim();
    const title = query ? `${query.slice(0, 60)} · Buscar · Gota a Gota` : undefined;
    const seo = { ...seoFor(c, content, appUrl, 'buscar', title ? { title } : undefined), robots: noindex };
    c.header('X-Robots-Tag', noindex);
    const answer = (props: Omit<SearchPageProps, 'latest'>, status: 200 | 422 | 429 | 503 = 200) =>
      c.var.page<SearchPageProps>('Buscar', { ...props, latest, seo }, { status });

    if (query === '') return answer({ query, results: null });
    if ([...query].length > searchQueryMaxLength) return answer({ query, results: null, problem: searchTexts.tooLong }, 422);
    try {
      const counted = await hit(database.use(), ipKey('buscar', ip(c)), env.SEARCH_IP_LIMIT, env.THROTTLE_WINDOW_SECONDS);
      if (!counted.allowed) {
        c.header('Retry-After', String(counted.retryAfter));
        metrics.throttleRefusals.inc({ route: c.req.path });
        return answer({ query, results: null, problem: searchTexts.throttled }, 429);
      }
      const results = await search.search(query, pageNumber(c.req.query('pagina')));
      return answer({ query, results });
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      database.reportFailure(error);
      return answer({ query, results: null, problem: searchTexts.unavailable }, 503);
    }
  });
}
