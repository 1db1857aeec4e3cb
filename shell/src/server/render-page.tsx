import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { PageObject, ServerRendered } from '@gota/shared/contracts';
import { FederationContext, type FederatedComponent, type FederatedId } from '@gota/shared/federation';
import { federatedModules, isRemotePage, pageModules } from '@gota/shared/routes';
import { siteRoutes } from '../navigation/site-routes';
import { bundledModules, loadFederated } from '../remotes/remotes';

/**
 * The shell's server side (architecture §7), exposed as `shell/server` in its server build only. The API loads it
 * through the federation runtime, loads the modules `modulesFor` names within its budget, and calls `renderPage`.
 */

/** The federated modules the API should load for a page (none in the one-bundle build: they are compiled in). */
export function modulesFor(page: PageObject): FederatedId[] {
  return bundledModules ? [] : federatedModules(page.component);
}

/**
 * The modules of a page the browser loads only when the visitor gets near them (decision 020): its widgets, which are
 * below the first view. Read from the route table's existing fields: the API provides `@gota/shared` to this code, and an
 * API started before a shell release must still run it.
 */
export function deferredFor(page: PageObject): FederatedId[] {
  if (bundledModules || !isRemotePage(page.component)) return [];
  const module = pageModules[page.component];
  return 'widgets' in module ? [...module.widgets] : [];
}

export interface RenderInput {
  page: PageObject;
  /** The modules the API loaded in time, by id. A module missing here renders its slot's fallback. */
  modules: Record<string, FederatedComponent>;
}

export interface RenderOutput extends ServerRendered {
  /** The markup of `#root`. */
  html: string;
}

/**
 * Renders the chrome (top bar, closed drawer and dialogs, footer) with the page inside, as the browser's first render
 * will. Nothing here is kept between requests: the router, the module map and the tree are made per call.
 *
 * @example
 * const { html, modules } = await renderPage({ page, modules: { 'mf_stories/Blog': Blog } })
 */
export async function renderPage({ page, modules }: RenderInput): Promise<RenderOutput> {
  const loaded = new Map<string, FederatedComponent>(Object.entries(modules));
  if (bundledModules) {
    for (const id of federatedModules(page.component)) {
      await loadFederated(id).then(
        (module) => loaded.set(id, module),
        () => undefined,
      );
    }
  }
  const handler = createStaticHandler(siteRoutes(() => page));
  const context = await handler.query(new Request(new URL(page.url, 'http://gota.invalid')));
  if (context instanceof Response) throw new Error(`La ruta de ${page.url} no produjo una página`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <FederationContext value={{ loaded }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </FederationContext>
    </StrictMode>,
  );
  const deferred = deferredFor(page);
  return { html, modules: [...loaded.keys()], ...(deferred.length > 0 ? { deferred } : {}) };
}
