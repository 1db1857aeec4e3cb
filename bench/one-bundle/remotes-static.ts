// One-bundle twin of shell/src/remotes/remotes.ts, swapped in by the GOTA_ONE_BUNDLE build of `npm run bench` only.
// It imports each remote's page module by path, so webpack compiles every page into the shell's own chunks: the same
// code as the federated site, minus federation. It lives under bench/ because the shell may not import remotes by path
// (eslint.config.js); the real site never sees this file.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps, RemotesRegistry } from '@gota/shared/contracts';
import type { RemotePageName } from '@gota/shared/routes';

export type PageComponent = ComponentType<PageProps>;
type PageModule = { default: PageComponent };

// the same modules the remotes expose in their webpack.config.mjs; a dynamic import keeps one chunk per page, as now
const loaders: Record<RemotePageName, () => Promise<PageModule>> = {
  Index: () => import('../../mf-home/src/pages/index-page') as Promise<PageModule>,
  Blog: () => import('../../mf-stories/src/pages/blog-page') as Promise<PageModule>,
  Post: () => import('../../mf-stories/src/pages/post-page') as Promise<PageModule>,
  Aliados: () => import('../../mf-allies/src/pages/aliados-page') as Promise<PageModule>,
  QuienesSomos: () => import('../../mf-campaign/src/pages/quienes-somos-page') as Promise<PageModule>,
  Descargas: () => import('../../mf-campaign/src/pages/descargas-page') as Promise<PageModule>,
  DatosAgua: () => import('../../mf-campaign/src/pages/datos-agua-page') as Promise<PageModule>,
  'Auth/Login': () => import('../../mf-auth/src/pages/login-page') as Promise<PageModule>,
  'Auth/RecuperarContrasena': () => import('../../mf-auth/src/pages/recuperar-contrasena-page') as Promise<PageModule>,
  'Auth/Registro': () => import('../../mf-auth/src/pages/registro-page') as Promise<PageModule>,
  'Auth/ResetearContrasena': () => import('../../mf-auth/src/pages/resetear-contrasena-page') as Promise<PageModule>,
};

/** Nothing to register: no remote is fetched at run time in this build. */
export function registerSiteRemotes(_next: RemotesRegistry, _force = false): void {}

const cache = new Map<string, LazyExoticComponent<PageComponent>>();

/** Same contract as the federated loader: one lazy component per page and attempt. */
export function remotePage(name: RemotePageName, attempt = 0): LazyExoticComponent<PageComponent> {
  const key = `${name}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(loaders[name]);
    cache.set(key, component);
  }
  return component;
}
