// One-bundle twin of shell/src/remotes/remotes.ts, swapped in by the GOTA_ONE_BUNDLE build of `npm run bench` only.
// It imports each remote's module by path, so webpack compiles every page and widget into the shell's own chunks (in
// the browser build and in the server build): the same code as the federated site, minus federation. It lives under
// bench/ because the shell may not import remotes by path (eslint.config.js); the real site never sees this file.
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { FederatedComponent, FederatedId, FederationValue } from '@gota/shared/federation';

/** The modules are compiled in: the API loads none for this shell, and its server renderer loads them itself. */
export const bundledModules = true;

type Module = { default: FederatedComponent };

// the modules the remotes expose in their webpack.config.mjs; a dynamic import keeps one chunk per module, as now
const loaders: Record<string, () => Promise<Module>> = {
  'mf_home/Index': () => import('../../mf-home/src/pages/index-page') as Promise<Module>,
  'mf_stories/Blog': () => import('../../mf-stories/src/pages/blog-page') as Promise<Module>,
  'mf_stories/Post': () => import('../../mf-stories/src/pages/post-page') as Promise<Module>,
  'mf_stories/StoryCarousel': () => import('../../mf-stories/src/features/stories/story-carousel') as Promise<Module>,
  'mf_allies/Aliados': () => import('../../mf-allies/src/pages/aliados-page') as Promise<Module>,
  'mf_allies/AlliesStrip': () => import('../../mf-allies/src/features/strip/allies-strip') as Promise<Module>,
  'mf_campaign/QuienesSomos': () => import('../../mf-campaign/src/pages/quienes-somos-page') as Promise<Module>,
  'mf_campaign/Descargas': () => import('../../mf-campaign/src/pages/descargas-page') as Promise<Module>,
  'mf_campaign/DatosAgua': () => import('../../mf-campaign/src/pages/datos-agua-page') as Promise<Module>,
  'mf_auth/Auth/Login': () => import('../../mf-auth/src/pages/login-page') as Promise<Module>,
  'mf_auth/Auth/RecuperarContrasena': () => import('../../mf-auth/src/pages/recuperar-contrasena-page') as Promise<Module>,
  'mf_auth/Auth/Registro': () => import('../../mf-auth/src/pages/registro-page') as Promise<Module>,
  'mf_auth/Auth/ResetearContrasena': () => import('../../mf-auth/src/pages/resetear-contrasena-page') as Promise<Module>,
};

/** Nothing to register: no remote is fetched at run time in this build. */
export function registerSiteRemotes(_next: RemotesRegistry): void {}

const loaded = new Map<string, FederatedComponent>();

/** Same contract as the federated loader: rejects for a module this build does not hold. */
export async function loadFederated(id: FederatedId): Promise<FederatedComponent> {
  const ready = loaded.get(id);
  if (ready) return ready;
  const load = loaders[id];
  if (!load) throw new Error(`El módulo «${id}» no está en la compilación de un solo paquete`);
  const module = (await load()).default;
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
