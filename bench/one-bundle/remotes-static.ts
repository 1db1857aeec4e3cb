// One-bundle twin of shell/src/remotes/remotes.ts, swapped in by the GOTA_ONE_BUNDLE build of `npm run bench` only.
// It imports each remote's module by path, so webpack compiles every page and widget into the shell's own chunks (in
// the browser build and in the server build): the same code as the federated site, minus federation. It lives under
// bench/ because the shell may not import remotes by path (eslint.config.js); the real site never sees this file.
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { FederatedComponent, FederatedId, FederationValue } from '@gota/shared/federation';
import type * as Federated from '../../shell/src/remotes/remotes';
import type * as Twin from './remotes-static';

/** The modules are compiled in: the API loads none for this shell, and its server renderer loads them itself. */
export const bundledModules = true;

type Module = { default: FederatedComponent };

// Every module the remotes expose, keyed by federation id ('mf_stories/Blog'): a lazy webpack context whose map the
// one-bundle config writes from the remotes' own `exposes` (ContextReplacementPlugin), so no list is kept here. Lazy:
// one chunk per module, as the federated site loads them.
declare global {
  interface ImportMeta {
    /** webpack's context of modules (only the part this file uses; webpack/module's own types redeclare the nonce) */
    webpackContext(request: string, options: { mode: 'lazy' }): { keys(): string[]; (id: string): Promise<unknown> };
  }
}
const exposed = import.meta.webpackContext('../..', { mode: 'lazy' });

/** Nothing to register: no remote is fetched at run time in this build. */
export function registerSiteRemotes(_next: RemotesRegistry): void {}

/** No federation runtime keeps a list of linked files here; webpack's style loader reads the early script's names. */
export function recordServerStyleSheets(_target: Document = document): void {}

const loaded = new Map<string, FederatedComponent>();

/** Same contract as the federated loader: rejects for a module this build does not hold. */
export async function loadFederated(id: FederatedId): Promise<FederatedComponent> {
  const ready = loaded.get(id);
  if (ready) return ready;
  if (!exposed.keys().includes(id)) throw new Error(`El módulo «${id}» no está en la compilación de un solo paquete`);
  const module = ((await exposed(id)) as Module).default;
  loaded.set(id, module);
  return module;
}

export async function preloadFederated(ids: readonly FederatedId[]): Promise<void> {
  await Promise.allSettled(ids.map((id) => loadFederated(id)));
}

/** Nothing is left for later in one bundle (its server render names no deferred module): same contract, no effect. */
export function leaveForLater(ids: readonly string[]): void {
  void ids;
}

export const federation: FederationValue = { loaded, load: loadFederated };

// This file replaces the real module only in the one-bundle build, so nothing else would notice an export it lacks:
// the build succeeds and the page throws before hydrating (it happened with recordServerStyleSheets, and the bench
// compared a site that never ran its scripts). The type check names any export missing here.
type MissingExports = Exclude<keyof typeof Federated, keyof typeof Twin>;
const noneMissing: [MissingExports] extends [never] ? true : MissingExports = true;
void noneMissing;
