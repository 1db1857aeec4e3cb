/** Where each page component lives: the remote that owns it and the module it exposes (architecture §1). */
export const remoteNames = ['mf_home', 'mf_stories', 'mf_allies', 'mf_campaign', 'mf_auth', 'mf_content'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Widgets a team exposes for another team's page, by federated id. */
export const widgetIds = {
  storyCarousel: 'mf_stories/StoryCarousel',
  alliesStrip: 'mf_allies/AlliesStrip',
} as const;

export const pageModules = {
  // the home page composes two widgets of other teams: the server renders them with it
  Index: { remote: 'mf_home', expose: 'Index', widgets: [widgetIds.storyCarousel, widgetIds.alliesStrip] },
  Blog: { remote: 'mf_stories', expose: 'Blog' },
  Post: { remote: 'mf_stories', expose: 'Post' },
  // the search's results: stories are most of what it finds (decision 042)
  Buscar: { remote: 'mf_stories', expose: 'Buscar' },
  Aliados: { remote: 'mf_allies', expose: 'Aliados' },
  QuienesSomos: { remote: 'mf_campaign', expose: 'QuienesSomos' },
  Descargas: { remote: 'mf_campaign', expose: 'Descargas' },
  DatosAgua: { remote: 'mf_campaign', expose: 'DatosAgua' },
  'Auth/Login': { remote: 'mf_auth', expose: 'Auth/Login' },
  'Auth/RecuperarContrasena': { remote: 'mf_auth', expose: 'Auth/RecuperarContrasena' },
  'Auth/Registro': { remote: 'mf_auth', expose: 'Auth/Registro' },
  'Auth/ResetearContrasena': { remote: 'mf_auth', expose: 'Auth/ResetearContrasena' },
  'Panel/Bandeja': { remote: 'mf_auth', expose: 'Panel/Bandeja' },
  'Panel/Mensaje': { remote: 'mf_auth', expose: 'Panel/Mensaje' },
  'Panel/SinAcceso': { remote: 'mf_auth', expose: 'Panel/SinAcceso' },
  'Panel/Versiones': { remote: 'mf_auth', expose: 'Panel/Versiones' },
  // the panel's content editors, in a remote no visitor page loads (decision 063): the stories' editor (issue #41,
  // decision 054), the water facts and the impact counters (issue #42, decision 059), each page's texts (decision 062), the campaign kit's files (decision 061),
  // the allies and members (decision 060)
  'Panel/Historias': { remote: 'mf_content', expose: 'Panel/Historias' },
  'Panel/Historia': { remote: 'mf_content', expose: 'Panel/Historia' },
  'Panel/Datos': { remote: 'mf_content', expose: 'Panel/Datos' },
  'Panel/Contadores': { remote: 'mf_content', expose: 'Panel/Contadores' },
  'Panel/Textos': { remote: 'mf_content', expose: 'Panel/Textos' },
  'Panel/Descargas': { remote: 'mf_content', expose: 'Panel/Descargas' },
  'Panel/Aliados': { remote: 'mf_content', expose: 'Panel/Aliados' },
  'Panel/Equipo': { remote: 'mf_auth', expose: 'Panel/Equipo' },
  'Panel/Guia': { remote: 'mf_auth', expose: 'Panel/Guia' },
  'Panel/Sesiones': { remote: 'mf_auth', expose: 'Panel/Sesiones' },
  'Auth/Invitacion': { remote: 'mf_auth', expose: 'Auth/Invitacion' },
  'Auth/SegundoPaso': { remote: 'mf_auth', expose: 'Auth/SegundoPaso' },
  'Panel/Seguridad': { remote: 'mf_auth', expose: 'Panel/Seguridad' },
} as const satisfies Record<string, { remote: RemoteName; expose: string; widgets?: readonly string[] }>;

export type RemotePageName = keyof typeof pageModules;

/** The pages the shell renders itself: not-found, a refused form's error, and the example page outside production. */
export type ShellPageName = 'Example' | 'NotFound' | 'Error';

/** Every page a page object may name: a remote's or the shell's. Each has its props in `PagePropsMap` (contracts). */
export type PageComponent = RemotePageName | ShellPageName;

export function isRemotePage(name: string): name is RemotePageName {
  return Object.hasOwn(pageModules, name);
}

/** The federation id a page is loaded by: `mf_stories/Blog`. */
export function remoteModuleId(name: RemotePageName): `${string}/${string}` {
  const { remote, expose } = pageModules[name];
  return `${remote}/${expose}`;
}

/** Every federated module a page renders: its own, then the widgets it composes (none for a shell page). */
export function federatedModules(name: string): `${string}/${string}`[] {
  if (!isRemotePage(name)) return [];
  const module = pageModules[name];
  return [remoteModuleId(name), ...('widgets' in module ? module.widgets : [])];
}

type WidgetId = (typeof widgetIds)[keyof typeof widgetIds];
type PageOf<R extends RemoteName> = {
  [P in RemotePageName]: (typeof pageModules)[P]['remote'] extends R ? P : never;
}[RemotePageName];

/** What a remote exposes by name: its pages' modules and its widgets (`Blog`, `Post`, `StoryCarousel` for mf_stories). */
export type ExposeOf<R extends RemoteName> =
  | (typeof pageModules)[PageOf<R>]['expose']
  | (WidgetId extends infer W ? (W extends `${R}/${infer Expose}` ? Expose : never) : never);

/**
 * Every module a remote exposes, from this table: its `webpack.config.mjs` maps exactly these names to files (a test
 * keeps them in step), its page harness shows them, the bench's one-bundle build imports them.
 */
export function exposedModules<R extends RemoteName>(remote: R): ExposeOf<R>[] {
  const pages = Object.values(pageModules)
    .filter((module) => module.remote === remote)
    .map((module) => module.expose);
  const widgets = Object.values(widgetIds)
    .filter((id) => id.startsWith(`${remote}/`))
    .map((id) => id.slice(remote.length + 1));
  return [...pages, ...widgets] as ExposeOf<R>[];
}

/** The workspace folder that builds a remote: `mf_stories` → `mf-stories`. */
export function remoteFolder(remote: RemoteName): string {
  return remote.replace('_', '-');
}

/** Where a remote's browser manifest is when no release or `REMOTES` moved it: its build, served by the API. */
export function defaultManifest(remote: RemoteName): string {
  return `/mf/${remoteFolder(remote)}/mf-manifest.json`;
}

const isRemoteName = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

/**
 * The registry of remotes a document carries: only those whose manifest is not at its default address (a release, a
 * CDN, `REMOTES` in development), since the shell knows the others (decision 063, 2026-11-29). `{}` on a site that
 * serves its own builds.
 */
export function listedRemotes(registry: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(registry).filter(([name, manifest]) => !isRemoteName(name) || manifest !== defaultManifest(name)),
  );
}

/** The whole registry again from a document's: every remote of the route table at its default address, but those listed. */
export function withDefaultManifests(listed: Readonly<Record<string, string>>): Record<string, string> {
  return { ...Object.fromEntries(remoteNames.map((name) => [name, defaultManifest(name)])), ...listed };
}
