import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@gota/shared/router';
import type { PageObject, RemotesRegistry, ServerRendered } from '@gota/shared/contracts';
import { FederationContext, type FederatedId } from '@gota/shared/federation';
import { withDefaultManifests } from '@gota/shared/routes';
import '@gota/shared/tokens.css';
import './layout/global.css';
import { replayHeldClicks } from './held-clicks';
import { createSiteRouter } from './navigation/site-router';
import { federation, leaveForLater, preloadFederated, recordServerStyleSheets, registerSiteRemotes } from './remotes/remotes';

function readJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

const page = readJson<PageObject>('page-data');
const registry = readJson<RemotesRegistry>('remotes-data');
const rendered = readJson<ServerRendered>('ssr-data');
const root = document.getElementById('root');
if (!page || !registry || !root) throw new Error('Faltan los datos de la página en el documento');
recordServerStyleSheets();
// the document lists only the remotes not at their default address (decision 063, 2026-11-29)
registerSiteRemotes(withDefaultManifests(registry));

const app = (
  <StrictMode>
    <FederationContext value={federation}>
      <RouterProvider router={createSiteRouter(page)} />
    </FederationContext>
  </StrictMode>
);

async function start(container: HTMLElement): Promise<void> {
  if (!rendered) {
    // the server could not render this page (its shell code was not at hand): the browser renders it
    createRoot(container).render(app);
    replayHeldClicks();
    return;
  }
  // The first render must be the server's: the modules it rendered are loaded first (the document preloaded their
  // files), then React adopts the markup. A mismatch is reported, never silently patched over. The deferred ones (widgets
  // below the first view, decision 020) are not loaded now: their slots keep the server HTML until they load them.
  const deferred = new Set(rendered.deferred ?? []);
  leaveForLater(rendered.modules.filter((id) => deferred.has(id)));
  // a module the server rendered and this browser could not load (its release's files are gone) keeps the server's
  // HTML while React hydrates, then shows its failure view: rendering the fallback at once would not match the HTML
  leaveForLater(await preloadFederated(rendered.modules.filter((id) => !deferred.has(id)) as FederatedId[]));
  hydrateRoot(container, app, {
    onRecoverableError: (error, info) =>
      console.error('[hidratación] El HTML del servidor no coincide con la página.', error, info.componentStack),
  });
  replayHeldClicks();
}

void start(root);
