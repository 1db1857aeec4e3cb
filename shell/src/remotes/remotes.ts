import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { FederatedComponent, FederatedId, FederationValue } from '@gota/shared/federation';
import { reportLoadFailure } from './load-reports';

/**
 * False here: modules come from their remotes at run time. The bench's one-bundle twin of this file
 * (bench/one-bundle/remotes-static.ts) says true: its modules are compiled into the shell.
 */
export const bundledModules = false;

let registry: RemotesRegistry = {};

function entryUrl(remote: string): string | undefined {
  const entry = registry[remote];
  return entry === undefined ? undefined : new URL(entry, window.location.href).href;
}

/** The federation runtime's global record of the files it has linked (@module-federation/runtime-core, global.js). */
type FederationGlobal = { __FEDERATION__?: { __PRELOADED_ASSETS__?: Set<string> } };

/**
 * Tells the federation runtime that the style sheets the server wrote or linked are already there. Loading a module,
 * the runtime links its remote's sheets unless it has recorded their address as loaded; it looks only for `<link>`s,
 * by the `href` as written (root-relative in our documents), so without this record it linked the page's sheet a second
 * time (a second download, parse and full style recalculation), or a sheet whose text the document holds in a `<style
 * data-href>` (decision 058). Called before the first module loads.
 */
export function recordServerStyleSheets(target: Document = document): void {
  const record = (globalThis as FederationGlobal).__FEDERATION__?.__PRELOADED_ASSETS__;
  if (!record) return;
  for (const link of target.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) record.add(link.href);
  for (const style of target.querySelectorAll<HTMLStyleElement>('style[data-href]'))
    record.add(new URL(style.dataset['href'] ?? '', target.baseURI).href);
}

/** Registers the remotes the API announced (runtime discovery: no remote URL is compiled into the shell). */
export function registerSiteRemotes(next: RemotesRegistry): void {
  registry = next;
  registerRemotes(Object.keys(next).map((name) => ({ name, entry: entryUrl(name) ?? '' })));
}

/** What arrived, by id: a module renders at once from here (the first render after the server's matches it). */
const loaded = new Map<string, FederatedComponent>();
const loading = new Map<string, Promise<FederatedComponent>>();

/**
 * The one federated loader of the site, for pages and widgets alike (architecture §7): one load per module at a time,
 * kept once it arrives. `retry` registers the module's remote again, so that a retry really fetches it again.
 */
export function loadFederated(id: FederatedId, { retry = false }: { retry?: boolean } = {}): Promise<FederatedComponent> {
  const ready = loaded.get(id);
  if (ready && !retry) return Promise.resolve(ready);
  let pending = loading.get(id);
  if (pending && !retry) return pending;
  const remote = id.slice(0, id.indexOf('/'));
  pending = (async () => {
    if (retry) {
      const entry = entryUrl(remote);
      if (entry) registerRemotes([{ name: remote, entry }], { force: true });
    }
    let module: { default?: FederatedComponent } | null;
    try {
      module = await loadRemote<{ default?: FederatedComponent }>(id);
    } catch (error) {
      // the remote's entry or a chunk did not load: the API counts it against the release (decision 045)
      reportLoadFailure(remote, registry[remote], error);
      throw error;
    }
    if (!module?.default) throw new Error(`El módulo «${id}» no respondió`);
    loaded.set(id, module.default);
    return module.default;
  })();
  loading.set(id, pending);
  // a failure is not remembered: the next attempt fetches again
  pending.then(
    () => loading.delete(id),
    () => loading.delete(id),
  );
  return pending;
}

/** Loads the modules the server rendered, before the shell hydrates them; returns those that failed (they show their fallback). */
export async function preloadFederated(ids: readonly FederatedId[]): Promise<FederatedId[]> {
  const results = await Promise.allSettled(ids.map((id) => loadFederated(id)));
  return ids.filter((_, index) => results[index]!.status === 'rejected');
}

/** Modules the server rendered and the browser loads only when their slot asks (decision 020). */
const dehydrated = new Set<string>();

/** Names the rendered modules whose slots keep the server's HTML until they load them (before hydrating). */
export function leaveForLater(ids: readonly string[]): void {
  for (const id of ids) dehydrated.add(id);
}

/** What every federated slot of the site reads (FederationContext). */
export const federation: FederationValue = { loaded, load: loadFederated, dehydrated };
