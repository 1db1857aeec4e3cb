import { createBrowserRouter, redirect, type LoaderFunctionArgs } from '@gota/shared/router';
import type { PageObject } from '@gota/shared/contracts';
import { federatedModules, pageAddress } from '@gota/shared/routes';
import { handleError } from '@gota/shared/http';
import { useSiteStore } from '@gota/shared/store';
import { preloadFederated } from '../remotes/remotes';
import { fetchPage } from './page-loader';
import { hydrationData, siteRoutes } from './site-routes';

/**
 * The navigation client: a data router with one catch-all route whose loader asks the server for the page object.
 * The first page comes from the HTML (hydrationData) and is never fetched twice; the loader's AbortSignal makes a new
 * visit cancel the active one.
 */
export function createSiteRouter(initialPage: PageObject) {
  let current = initialPage;
  // a page already fetched for a URL the router is about to visit (after a redirect), so it is not fetched again
  let handoff: PageObject | null = null;

  const stay = (path: string) => {
    if (current.url === pageAddress(path)) return current;
    handoff = current;
    return redirect(current.url);
  };

  const loader = async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    if (handoff && handoff.url === path) {
      current = handoff;
      handoff = null;
      return current;
    }
    const result = await fetchPage(path, { version: current.version, signal: request.signal });
    switch (result.kind) {
      case 'page':
        // the new page's modules load with the visit, so it shows whole instead of 'Cargando...' first
        await preloadFederated(federatedModules(result.page.component));
        // a page answers for its address without the parameters it does not read (decision 052): `/?utm_source=…`
        // is the page of `/`, and the address bar keeps what the visitor followed
        if (result.page.url !== pageAddress(path)) {
          handoff = result.page;
          return redirect(result.page.url);
        }
        current = result.page;
        return current;
      case 'reload':
        // a new release: the document reloads onto it; the navigation never settles before the unload
        window.location.assign(result.location);
        return new Promise<never>(() => {});
      case 'invalid':
        useSiteStore.getState().setInvalidReply({ content: result.content, isHtml: result.isHtml });
        return stay(path);
      case 'network-error':
        handleError(result.error);
        return stay(path);
    }
  };

  return createBrowserRouter(siteRoutes(loader), { hydrationData: hydrationData(initialPage) });
}
