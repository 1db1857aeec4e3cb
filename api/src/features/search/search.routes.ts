import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { searchTexts, type SearchPageProps } from '@gota/shared/contracts';
import { SearchQuerySchema, SearchQueryShownSchema } from '@gota/shared/schemas';
import { route, routerPath } from '@gota/shared/routes';
import type { AppServices } from '../../app-services';
import type { Content } from '../content';
import { isDatabaseUnavailable } from '../../db/errors';
import { metrics } from '../../observability/metrics';
import type { SiteSearch } from './site-search';
import { hit, ipKey } from '../../security/throttle';
import { validate } from '../../security/validation';
import { seoFor } from '../pages';
import { withoutEmptyParameters } from '../../pages/native-forms';
import type { AppEnv } from '../../types';

const noindex = 'noindex, nofollow';

const factory = createFactory<AppEnv>();

export interface SearchRoutesOptions {
  appUrl: string;
  search: SiteSearch;
}

/**
 * GET /buscar?q=…&pagina=… (issue #34): the page `Buscar` of mf-stories, server-rendered like every page, and, as a
 * JSON page object, what the search dialog shows. Never indexed by search engines. An anonymous answer is kept by URL
 * like any page's (the page protocol), so only a query no visitor asked before reaches the throttle and the database;
 * a refusal (422, 429) or an unavailable search (503) is a page with its reason, never a 500.
 *
 * @example
 * registerSearchRoutes(app, services, { appUrl, search })
 */
export function registerSearchRoutes(
  app: Hono<AppEnv>,
  { env, database, ip }: AppServices,
  { appUrl, search }: SearchRoutesOptions,
): void {
  // the newest stories of the request's content, worked out once per content
  const latestOf = new WeakMap<Content, SearchPageProps['latest']>();
  const latestStories = (content: Content) => {
    let latest = latestOf.get(content);
    if (!latest)
      latestOf.set(
        content,
        (latest = content.storySummaries
          .slice(0, 4)
          .map((story) => ({ title: story.titulo, url: route('post', { slug: story.slug }) }))),
      );
    return latest;
  };
  const answer = (
    c: Context<AppEnv>,
    props: Omit<SearchPageProps, 'latest'>,
    status: 200 | 422 | 429 | 503 = 200,
    errors?: Record<string, string>,
  ) => {
    const title = props.query ? `${props.query.slice(0, 60)} · Buscar · Gota a Gota` : undefined;
    const seo = { ...seoFor(c, appUrl, 'buscar', title ? { title } : undefined), robots: noindex };
    const latest = latestStories(c.var.content);
    c.header('X-Robots-Tag', noindex);
    return c.var.page('Buscar', { ...props, latest, seo, ...(errors ? { errors } : {}) }, { status });
  };
  // a refused query is the results page again, 422, with the query shown back and the reason (as the inbox's filters)
  const refused = validate('query', SearchQuerySchema, (c, error, query) => {
    const problem = error.issues[0]?.message ?? searchTexts.tooLong;
    return answer(c, { query: SearchQueryShownSchema.parse(query).q, results: null, problem }, 422, { q: problem });
  });

  app.get(
    routerPath('buscar'),
    ...factory.createHandlers(withoutEmptyParameters, refused, async (c) => {
      const { q: query, pagina } = c.req.valid('query');
      if (query === '') return answer(c, { query, results: null });
      try {
        // after validation: only a search that reaches the database counts (a kept answer never gets here)
        const counted = await hit(database.use(), ipKey('buscar', ip(c)), env.SEARCH_IP_LIMIT, env.THROTTLE_WINDOW_SECONDS);
        if (!counted.allowed) {
          c.header('Retry-After', String(counted.retryAfter));
          metrics.throttleRefusals.inc({ route: c.req.path });
          return answer(c, { query, results: null, problem: searchTexts.throttled }, 429);
        }
        return answer(c, { query, results: await search.search(query, pagina) });
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        database.reportFailure(error);
        return answer(c, { query, results: null, problem: searchTexts.unavailable }, 503);
      }
    }),
  );
}
