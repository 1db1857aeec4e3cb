import { describe, expect, it } from 'vitest';
import {
  defaultManifest,
  isRemotePage,
  listedRemotes,
  pageModules,
  remoteModuleId,
  remoteNames,
  withDefaultManifests,
} from './pages';
import { route, routerPath, routeTable } from './route-table';

describe('route', () => {
  it('gives the paths of product §10.1', () => {
    const paths = {
      index: '/',
      'quienes-somos': '/quienes-somos',
      descargas: '/campana',
      'datos-agua': '/datos-agua',
      blog: '/historias',
      aliados: '/aliados',
      auth: '/login',
      recuperarContrasena: '/recuperar-contrasena',
      registro: '/registro',
      logout: '/logout',
      contacto: '/contacto-empresa',
    } as const;
    const names = Object.keys(paths) as (keyof typeof paths)[];
    expect(Object.fromEntries(names.map((name) => [name, route(name)]))).toEqual(paths);
  });

  it('fills and encodes parameters', () => {
    expect(route('post', { slug: 'un-latido-en-cada-gota' })).toBe('/historias/un-latido-en-cada-gota');
    expect(route('resetearContrasenaPost', { token: 'a/b c' })).toBe('/resetear-contrasena/a%2Fb%20c');
  });

  it('refuses a missing parameter instead of building a broken link', () => {
    // @ts-expect-error the type requires the slug; the runtime check covers untyped callers
    expect(() => route('post', {})).toThrow(/slug/);
  });

  it('writes templates in the router syntax for the API', () => {
    expect(routerPath('post')).toBe('/historias/:slug');
    expect(routerPath('resetearContrasenaPost')).toBe('/resetear-contrasena/:token');
  });

  it('has a path for every name and no path twice', () => {
    const paths = Object.values(routeTable);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('page registry', () => {
  it('maps each page to the remote that owns it', () => {
    expect(remoteModuleId('Blog')).toBe('mf_stories/Blog');
    expect(remoteModuleId('Auth/Login')).toBe('mf_auth/Auth/Login');
    expect(pageModules.DatosAgua.remote).toBe('mf_campaign');
    expect(isRemotePage('Index')).toBe(true);
    expect(isRemotePage('Example')).toBe(false);
    expect(isRemotePage('toString')).toBe(false);
  });
});

describe("a document's registry of remotes (decision 063, 2026-11-29)", () => {
  const atHome = Object.fromEntries(remoteNames.map((name) => [name, defaultManifest(name)]));

  it('lists only the remotes away from their default address, and the shell gets the whole registry back', () => {
    expect(defaultManifest('mf_content')).toBe('/mf/mf-content/mf-manifest.json');
    expect(listedRemotes(atHome)).toEqual({});
    const released = { ...atHome, mf_stories: 'https://cdn.ejemplo.mx/mf-stories/7/mf-manifest.json' };
    expect(listedRemotes(released)).toEqual({ mf_stories: 'https://cdn.ejemplo.mx/mf-stories/7/mf-manifest.json' });
    expect(withDefaultManifests(listedRemotes(released))).toEqual(released);
  });

  it('keeps a remote the route table does not know, whatever its address', () => {
    const later = { ...atHome, mf_nuevo: '/mf/mf-nuevo/mf-manifest.json' };
    expect(listedRemotes(later)).toEqual({ mf_nuevo: '/mf/mf-nuevo/mf-manifest.json' });
    expect(withDefaultManifests(listedRemotes(later))).toEqual(later);
  });
});
