import type { RouteObject } from '@gota/shared/router';
import type { PageObject } from '@gota/shared/contracts';
import { SiteRoot } from '../site-root';

/**
 * The one route of the site, for the browser's data router and the server's static one: the same id and element on
 * both sides, so the server's markup hydrates. Only the loader differs (the server already has the page object).
 */
export function siteRoutes(loader: NonNullable<RouteObject['loader']>): RouteObject[] {
  return [{ id: 'page', path: '*', loader, element: <SiteRoot /> }];
}

/** The loader data of the route, as the browser router is hydrated with it. */
export function hydrationData(page: PageObject) {
  return { loaderData: { page } };
}
