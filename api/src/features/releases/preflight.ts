import { createRequire } from 'node:module';
import { z } from 'zod';
import { exposedModules, pageModules, route, widgetIds, type RemoteName, type RemotePageName } from '@gota/shared/routes';
import type { Story } from '@gota/shared/contracts';
import type { Content } from '../content';
import { parseRelease, type RemoteRelease } from '../../render/remote-manifest';
import { sha256 } from '../../security/tokens';
import type { ReleaseSnapshot, SerializedPinned } from '../../render/release-snapshot';
import type { ReleaseFile } from './schema';

/** What the operator sent cannot be a release at all (no manifest to read): a 4xx, and nothing is stored. */
export class BadReleaseInput extends Error {
  override name = 'BadReleaseInput';
}

type CheckName = 'manifiesto' | 'origen' | 'archivos' | 'digestos' | 'compatibilidad' | 'modulos' | 'ensayo';

interface CheckResult {
  check: CheckName;
  ok: boolean;
  detail: string;
}

/** One page of the trial render. */
export interface RouteResult {
  url: string;
  component: string;
  ok: boolean;
  ms: number;
  detail: string;
}

/** Stored with the release and printed by the command (issue #31 item 4). */
export interface PreflightReport {
  at: string;
  ms: number;
  checks: CheckResult[];
  routes: RouteResult[];
}

/** Who asks for a trial page: nobody signed in, a staff member, a signed-in visitor who is not staff. */
export type TrialVisitor = 'anonimo' | 'equipo' | 'visitante';

export interface TrialRoute {
  /** `{lead}` stands for a lead the trial creates (the inbox's message page). */
  url: string;
  component: string;
  as: TrialVisitor;
  /** The candidate's modules this page renders: each must be in the server's HTML. */
  modules: string[];
}

export interface TrialInput {
  /** The active set with the candidate in place of its remote's release. */
  releases: SerializedPinned[];
  seq: number;
  candidate: string;
  routes: TrialRoute[];
  allowedOrigins: string[];
  shellDist: string;
  /** The stories published now (decision 049): the trial's pages are rendered with them, as the site's are. */
  stories?: Story[] | undefined;
  /** One render's time limit in the trial's renderer child (the runner sets it; default 5 s). */
  renderTimeoutMs?: number | undefined;
}

export interface TrialOutput {
  routes: RouteResult[];
  /** The candidate's server files the render loaded beside its entry, with their digests. */
  serverFiles: ReleaseFile[];
}

/** Renders the candidate's pages isolated from live traffic (a child process, ./trial-render.ts, whose renders run in a renderer child). */
export type TrialRunner = (input: TrialInput) => Promise<TrialOutput>;

const manifestTimeoutMs = 5000;
const fileTimeoutMs = 5000;

/**
 * Reads a release's manifest from its address. An address that does not answer 200, or an answer that is not JSON (a
 * file half uploaded), is bad input: there is nothing to register.
 */
export async function readManifest(manifestUrl: string): Promise<{ json: unknown; sha256: string }> {
  let response: Response;
  try {
    response = await fetch(manifestUrl, { signal: AbortSignal.timeout(manifestTimeoutMs), redirect: 'error' });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `no respondió en ${manifestTimeoutMs / 1000} s` : 'no se pudo conectar';
    throw new BadReleaseInput(`No se pudo leer el manifiesto ${manifestUrl}: ${reason}.`);
  }
  const text = await response.text().catch(() => undefined);
  if (response.status !== 200 || text === undefined)
    throw new BadReleaseInput(`No se pudo leer el manifiesto ${manifestUrl}: respondió ${response.status}.`);
  try {
    return { json: JSON.parse(text) as unknown, sha256: sha256(text) };
  } catch {
    throw new BadReleaseInput(`El manifiesto ${manifestUrl} no es JSON válido (¿está a medio subir?). No se registró nada.`);
  }
}

/** What the pre-flight needs of a manifest beyond what the renderer reads: the browser entry, the runtime, versions. */
const BrowserManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({
    remoteEntry: z.object({ name: z.string(), path: z.string() }),
    pluginVersion: z.string(),
  }),
  shared: z.array(z.object({ name: z.string(), version: z.string() })),
});

type BrowserManifest = z.infer<typeof BrowserManifestSchema>;

const joinPath = (folder: string, name: string) => [folder, name].filter(Boolean).join('/');

/** The singletons of issue #31 item 4 and decision 017: one copy per page, so the same version as the shell's. */
const singletons = (name: string) =>
  ['react', 'react-dom', 'react-router-dom', 'zustand'].includes(name) || name.startsWith('@gota/shared');

/** What the API itself provides to server code (src/render/federation-host.ts): a remote's copy must be the same version. */
const requireFromApi = createRequire(import.meta.url);
function hostVersion(name: string): string | undefined {
  if (!['react', 'react-dom', 'react-router-dom', 'zustand'].includes(name)) return undefined;
  return (requireFromApi(`${name}/package.json`) as { version: string }).version;
}

/** Every file a manifest names, as the browser will ask for it; the server entry apart. */
function browserFiles(release: RemoteRelease, manifest: BrowserManifest): string[] {
  const files = new Set<string>([joinPath(manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name)]);
  const assets = [
    ...release.manifest.exposes.map((expose) => expose.assets),
    ...release.manifest.shared.map((shared) => shared.assets),
  ];
  for (const { js, css } of assets) for (const file of [...js.sync, ...js.async, ...css.sync, ...css.async]) files.add(file);
  for (const expose of release.manifest.exposes) for (const file of expose.ssrCss ?? []) files.add(file);
  return [...files].map((file) => new URL(file, release.browserBase).href);
}

/** Fetches every URL, a few at a time; `keep` says which bodies to return. */
async function fetchAll(urls: string[], origin: string, keep: Set<string>) {
  const results = new Map<string, { status: number; cors: boolean; body?: Buffer; error?: string }>();
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      try {
        const response = await fetch(url, {
          headers: { Origin: origin },
          signal: AbortSignal.timeout(fileTimeoutMs),
          redirect: 'error',
        });
        const allow = response.headers.get('Access-Control-Allow-Origin');
        const body = Buffer.from(await response.arrayBuffer());
        results.set(url, {
          status: response.status,
          cors: allow === '*' || allow === origin,
          ...(keep.has(url) ? { body } : {}),
        });
      } catch (error) {
        results.set(url, {
          status: 0,
          cors: false,
          error: (error as Error).name === 'TimeoutError' ? `sin respuesta en ${fileTimeoutMs / 1000} s` : 'sin respuesta',
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, urls.length) }, worker));
  return results;
}

/** Lists at most a few items, and how many more there are. */
function some(items: string[], max = 5): string {
  return items.length <= max ? items.join('; ') : `${items.slice(0, max).join('; ')} y ${items.length - max} más`;
}

/**
 * The pages a trial render of `remote` visits: every page whose module it owns, and every page that composes one of its
 * widgets, with the content of now (the newest story; a lead the trial creates for the inbox's message page).
 */
export function trialRoutes(remote: RemoteName, content: Content): TrialRoute[] {
  const slug = content.storySummaries[0]?.slug ?? 'sin-historias';
  const pages: Record<RemotePageName, Omit<TrialRoute, 'component' | 'modules'>> = {
    Index: { url: route('index'), as: 'anonimo' },
    Blog: { url: route('blog'), as: 'anonimo' },
    Post: { url: route('post', { slug }), as: 'anonimo' },
    Aliados: { url: route('aliados'), as: 'anonimo' },
    QuienesSomos: { url: route('quienes-somos'), as: 'anonimo' },
    Descargas: { url: route('descargas'), as: 'anonimo' },
    DatosAgua: { url: route('datos-agua'), as: 'anonimo' },
    // a query that finds something, so the trial renders the results and their snippets
    Buscar: { url: `${route('buscar')}?q=agua`, as: 'anonimo' },
    'Auth/Login': { url: route('auth'), as: 'anonimo' },
    'Auth/RecuperarContrasena': { url: route('recuperarContrasena'), as: 'anonimo' },
    'Auth/Registro': { url: route('registro'), as: 'anonimo' },
    'Auth/ResetearContrasena': { url: route('resetearContrasenaPost', { token: 'ensayo' }), as: 'anonimo' },
    'Panel/Bandeja': { url: route('panel'), as: 'equipo' },
    'Panel/Mensaje': { url: '/panel/mensajes/{lead}', as: 'equipo' },
    'Panel/SinAcceso': { url: route('panel'), as: 'visitante' },
    // the trial's staff account is an operator too (trial-render.ts): the releases' page of mf-auth itself
    'Panel/Versiones': { url: route('panelVersionesRemoto', { remote: 'mf-auth' }), as: 'equipo' },
    // the content editors of mf-content (decisions 054, 063); the trial's account is an editor (trial-render.ts)
    'Panel/Historias': { url: route('panelHistorias'), as: 'equipo' },
    'Panel/Historia': { url: route('panelHistoriaNueva'), as: 'equipo' },
    'Panel/Datos': { url: route('panelDatos'), as: 'equipo' },
    'Panel/Contadores': { url: route('panelContadores'), as: 'equipo' },
    'Panel/Textos': { url: route('panelTexto', { pagina: 'quienes-somos' }), as: 'equipo' },
    'Panel/Descargas': { url: route('panelDescargas'), as: 'equipo' },
    'Panel/Aliados': { url: route('panelAliados'), as: 'equipo' },
    // the trial's staff account is the first administrator too (decision 051)
    'Panel/Equipo': { url: route('panelEquipo'), as: 'equipo' },
    'Panel/Sesiones': { url: route('panelSesiones'), as: 'equipo' },
    'Panel/Guia': { url: route('panelGuia', { name: 'historias' }), as: 'equipo' },
    // a link that names no invitation: the page that says so
    'Auth/Invitacion': { url: route('invitacion', { token: 'ensayo' }), as: 'anonimo' },
    // without a sign-in waiting for it, the second step's page says to sign in again (decision 055)
    'Auth/SegundoPaso': { url: route('segundoPaso'), as: 'anonimo' },
    'Panel/Seguridad': { url: route('panelSeguridad'), as: 'equipo' },
  };
  const widgets = Object.values(widgetIds).filter((id) => id.startsWith(`${remote}/`));
  return (Object.keys(pageModules) as RemotePageName[]).flatMap((component) => {
    const module = pageModules[component];
    const own = module.remote === remote ? [`${module.remote}/${module.expose}`] : [];
    const composed = 'widgets' in module ? module.widgets.filter((id) => (widgets as string[]).includes(id)) : [];
    const modules = [...own, ...composed];
    return modules.length > 0 ? [{ ...pages[component], component, modules }] : [];
  });
}

export interface PreflightInput {
  remote: RemoteName;
  manifestUrl: string;
  manifest: unknown;
  /** The set live now: the trial renders the candidate with it, and the shell's manifest is the compatibility reference. */
  base: ReleaseSnapshot;
  /** The site's origin: the browser asks for the release's files from it, so their answers must allow it (CORS). */
  appOrigin: string;
  allowedOrigins: readonly string[];
  routes: TrialRoute[];
  trial: TrialRunner;
  shellDist: string;
  /** The stories published now, handed to the trial (its routes name the newest one). */
  stories?: Story[];
}

export interface PreflightResult {
  report: PreflightReport;
  browserEntrySha256: string;
  serverEntrySha256: string;
  serverFiles: ReleaseFile[];
  exposes: string[];
  shared: { name: string; version: string }[];
}

/**
 * The pre-flight of a release (issue #31 item 4, decision 039): its manifest, its origin, every file it names (200,
 * with CORS for the site), its entries' digests, its runtime and singletons against the shell's, the modules the route
 * table expects of it, and a trial render of every page it owns, isolated from live traffic. Every check is reported;
 * the release may be activated only when all pass.
 */
export async function preflight(input: PreflightInput): Promise<PreflightResult> {
  const started = performance.now();
  const checks: CheckResult[] = [];
  const add = (check: CheckName, failures: string[], ok: string) =>
    checks.push({ check, ok: failures.length === 0, detail: failures.length === 0 ? ok : some(failures) });
  const result: PreflightResult = {
    report: { at: new Date().toISOString(), ms: 0, checks, routes: [] },
    browserEntrySha256: '',
    serverEntrySha256: '',
    serverFiles: [],
    exposes: [],
    shared: [],
  };
  const finish = () => {
    const failed = new Set(checks.map((check) => check.check));
    for (const check of ['manifiesto', 'origen', 'archivos', 'digestos', 'compatibilidad', 'modulos', 'ensayo'] as const) {
      if (!failed.has(check)) checks.push({ check, ok: false, detail: 'sin verificar: falló una verificación anterior' });
    }
    result.report.ms = Math.round(performance.now() - started);
    return result;
  };

  // the manifest: what the renderer reads, and the browser's entry, runtime and versions
  let release: RemoteRelease;
  let manifest: BrowserManifest;
  try {
    release = parseRelease(input.remote, input.manifestUrl, input.manifestUrl, input.manifest);
    const browser = BrowserManifestSchema.safeParse(input.manifest);
    if (!browser.success)
      throw new Error(
        `el manifiesto no tiene ${browser.error.issues[0]?.path.join('.')} (¿es de una compilación de este proyecto?)`,
      );
    manifest = browser.data;
  } catch (error) {
    add('manifiesto', [(error as Error).message], '');
    return finish();
  }
  result.exposes = release.manifest.exposes.map((expose) => expose.name.replace(/^\.\//, ''));
  result.shared = manifest.shared.map(({ name, version }) => ({ name, version }));
  add(
    'manifiesto',
    manifest.name === input.remote ? [] : [`el manifiesto es de «${manifest.name}», no de ${input.remote}`],
    `${input.remote}, ${result.exposes.length} módulos expuestos`,
  );

  const origin = new URL(release.serverEntry).origin;
  add(
    'origen',
    input.allowedOrigins.includes(origin)
      ? []
      : [`el servidor no ejecuta código de ${origin}: añádelo a REMOTES_ALLOWED_ORIGINS en cada instancia`],
    `${origin} está en REMOTES_ALLOWED_ORIGINS`,
  );

  // every file: 200, and the browser's with CORS for the site's origin
  const browserUrls = browserFiles(release, manifest);
  const browserEntry = browserUrls[0]!;
  const fetched = await fetchAll(
    [...browserUrls, release.serverEntry],
    input.appOrigin,
    new Set([browserEntry, release.serverEntry]),
  );
  const fileFailures: string[] = [];
  for (const [url, answer] of fetched) {
    const name = url.slice(release.browserBase.length) || url;
    if (answer.status !== 200) fileFailures.push(`${name} ${answer.error ?? `respondió ${answer.status}`}`);
    else if (url !== release.serverEntry && !answer.cors) fileFailures.push(`${name} no permite CORS a ${input.appOrigin}`);
  }
  add('archivos', fileFailures, `${fetched.size} archivos responden 200${fetched.size > 1 ? ' con CORS' : ''}`);

  const serverEntry = fetched.get(release.serverEntry)?.body;
  const browserBody = fetched.get(browserEntry)?.body;
  if (browserBody) result.browserEntrySha256 = sha256(browserBody);
  if (serverEntry) result.serverEntrySha256 = sha256(serverEntry);
  const digestFailures = !serverEntry
    ? ['no se pudo leer la entrada de servidor']
    : result.serverEntrySha256 !== release.sha256
      ? [
          `la entrada de servidor tiene sha256 ${result.serverEntrySha256.slice(0, 12)}…, el manifiesto dice ${release.sha256.slice(0, 12)}…`,
        ]
      : [];
  add(
    'digestos',
    digestFailures,
    `entrada de servidor ${release.sha256.slice(0, 12)}…, de navegador ${result.browserEntrySha256.slice(0, 12)}…`,
  );

  // one runtime and one copy of each singleton per page (decision 017): the shell's, and on the server the API's
  const shell = input.base.releases.get('shell')?.code;
  const compatFailures: string[] = [];
  const shellPlugin = shell?.manifest.metaData.pluginVersion;
  if (!shell) compatFailures.push('no se pudo leer el manifiesto del shell para comparar');
  else if (shellPlugin !== manifest.metaData.pluginVersion)
    compatFailures.push(
      `runtime de federación ${manifest.metaData.pluginVersion}, el del shell es ${shellPlugin ?? 'desconocido'}`,
    );
  const shellShared = new Map((shell?.manifest.shared ?? []).map((item) => [item.name, item.version]));
  for (const { name, version } of manifest.shared.filter((item) => singletons(item.name))) {
    const theShell = shellShared.get(name);
    const theServer = hostVersion(name);
    if (theShell !== undefined && theShell !== version) compatFailures.push(`${name} ${version}, el del shell es ${theShell}`);
    else if (theServer !== undefined && theServer !== version)
      compatFailures.push(`${name} ${version}, el del servidor es ${theServer}`);
  }
  add(
    'compatibilidad',
    compatFailures,
    `runtime ${manifest.metaData.pluginVersion}; react, react-dom, zustand y @gota/shared como los del shell`,
  );

  const missing = exposedModules(input.remote).filter((name) => !result.exposes.includes(name));
  add(
    'modulos',
    missing.map((name) => `no expone ${name}, que la tabla de rutas le pide`),
    `expone ${exposedModules(input.remote).join(', ')}`,
  );

  if (checks.some((check) => !check.ok)) return finish();

  // the trial render: the live set with the candidate in its place, in a process of its own
  const candidate: SerializedPinned = {
    name: input.remote,
    releaseId: 'candidata',
    browserUrl: input.manifestUrl,
    code: release,
    serverFiles: [],
  };
  const releases = [...[...input.base.releases.values()].filter((pinned) => pinned.name !== input.remote), candidate];
  try {
    const trial = await input.trial({
      releases,
      seq: input.base.seq,
      candidate: input.remote,
      routes: input.routes,
      allowedOrigins: [...input.allowedOrigins],
      shellDist: input.shellDist,
      stories: input.stories,
    });
    result.report.routes = trial.routes;
    result.serverFiles = trial.serverFiles;
    const failed = trial.routes.filter((page) => !page.ok).map((page) => `${page.url}: ${page.detail}`);
    add('ensayo', failed, `${trial.routes.length} páginas renderizadas en el servidor con el contenido actual`);
  } catch (error) {
    add('ensayo', [(error as Error).message], '');
  }
  return finish();
}

/** The failed checks of a report: a refused release's reasons. */
export function reasonsOf(report: PreflightReport): string[] {
  return report.checks
    .filter((check) => !check.ok && !check.detail.startsWith('sin verificar'))
    .map((check) => `${check.check}: ${check.detail}`);
}
