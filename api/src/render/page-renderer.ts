import type { PageObject } from '@gota/shared/contracts';
import { loggablePath, type Logger } from '../logging/logger';
import { metrics } from '../observability/metrics';
import type { ReleaseSnapshot } from './release-snapshot';
import type { BuildRoot } from '../static/build-roots';
import { federationHost } from './federation-host';
import { browserEntry, exposeAssets } from './remote-manifest';
import { settle } from '../lifecycle/time-limit';
import { ModuleSkipped, remoteReleases } from './remote-releases';
import type { FederatedModule, ShellServer } from './render-types';
import { pinnedFiles, serverFetch } from './server-fetch';

export interface PageRendererOptions {
  roots: BuildRoot[];
  /** Origins server code may come from besides the local builds (REMOTES_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** How long a request waits for one remote's code (architecture §7: about 300 ms). */
  budgetMs?: number;
  /** After a failed load, how long that module is not tried again by requests. */
  retryAfterMs?: number;
  /** How long a switch to a new release set may spend fetching and loading its code before it goes live anyway. */
  adoptBudgetMs?: number;
  fetchTimeoutMs?: number;
  logger: Logger;
  /** Told of every server file fetched over the network, with its body (the trial render records them). */
  onFetched?: (url: string, body: Buffer) => void;
  /** Whether `render` logs and counts its failures itself (default); a renderer child leaves that to the serving process. */
  report?: boolean;
}

/** Why a module of the page did not reach the server's HTML, when that is a fault (never by design). */
export type FailureReason = 'timeout' | 'load' | 'unavailable' | 'throw' | 'fallback';

/** A module (or the shell) that should have been rendered on the server and was not. */
export interface RenderFailure {
  /** `mf_stories/Blog`, or `shell/server`. */
  module: string;
  remote: string;
  /** The release of the request's set: its id, or `local`. */
  release: string;
  reason: FailureReason;
  detail: string;
}

/** What a page's server render produced, for the document. */
export interface RenderedPage {
  /** The markup of `#root`; undefined when the shell's server code was not at hand (the browser renders the page). */
  html?: string | undefined;
  /** The federated modules rendered into it: the browser loads them before hydrating, but for `deferred`. */
  modules: string[];
  /** The page's modules the browser loads only when the visitor gets near them (decision 020): no preload hints. */
  deferred: string[];
  /** The rendered modules' style sheets and scripts, as the browser addresses them. */
  css: string[];
  scripts: string[];
  /** Manifests the browser will ask for first (one per remote of the page, rendered or not). */
  manifests: string[];
  /** Every module of the page was rendered: only such a render may be cached (a slot left to the browser may not). */
  complete: boolean;
  /** What failed (threw, timed out, fell back, could not load): never cached, always logged and counted. */
  failures: RenderFailure[];
}

/** A page the browser renders whole (no server HTML): never complete, so never cached. */
export const clientOnly = (failures: RenderFailure[]): RenderedPage => ({
  modules: [],
  deferred: [],
  css: [],
  scripts: [],
  manifests: [],
  complete: false,
  failures,
});

type Assets = Pick<RenderedPage, 'css' | 'scripts' | 'manifests'>;

/** React's mark of a Suspense boundary the server gave up on (a module threw while rendering): `<!--$!-->`. */
const clientRenderedBoundary = '<!--$!-->';

/** The browser files of the modules rendered, from the snapshot's pinned manifests: each one's style sheets and scripts, and its remote's entry and manifest. */
function assetsOf(ids: readonly string[], snapshot: ReleaseSnapshot): Assets {
  const css = new Set<string>();
  const scripts = new Set<string>();
  const manifests = new Set<string>();
  for (const id of ids) {
    const remote = id.slice(0, id.indexOf('/'));
    const manifest = snapshot.registry[remote];
    if (manifest) manifests.add(manifest);
    const release = snapshot.releases.get(remote)?.code;
    if (!release) continue;
    const entry = browserEntry(release);
    if (entry) scripts.add(entry);
    const assets = exposeAssets(release, id.slice(remote.length + 1));
    for (const file of assets.css) css.add(file);
    for (const file of assets.js) scripts.add(file);
  }
  return { css: [...css], scripts: [...scripts], manifests: [...manifests] };
}

/** Reads a module's component; a module whose code failed half-way throws on access, and its slot renders in the browser. */
function componentOf(module: FederatedModule | undefined): FederatedModule['default'] | undefined {
  try {
    return module?.default;
  } catch {
    return undefined;
  }
}

/**
 * Which of the modules made a render fail. The first is the page's own module and the rest its widgets, rendered
 * inside it (`modulesFor`): the page alone first, then the page with each widget. Only called after a failure.
 */
async function culprits(present: string[], fails: (ids: string[]) => Promise<boolean>): Promise<string[]> {
  const [page, ...widgets] = present;
  if (page === undefined) return [];
  if (widgets.length === 0 || (await fails([page]))) return [page];
  const found: string[] = [];
  for (const widget of widgets) if (await fails([page, widget])) found.push(widget);
  return found.length > 0 ? found : present;
}

/** Every failure is an error line with the remote, the release and the route, and a count (issue #31 item 8). */
export function reportFailures(logger: Logger, page: PageObject, failures: readonly RenderFailure[]): void {
  for (const failure of failures) {
    metrics.renderFailures.inc({ remote: failure.remote, release: failure.release, reason: failure.reason });
    logger.error(
      {
        remote: failure.remote,
        release: failure.release,
        route: loggablePath(page.url),
        component: page.component,
        module: failure.module,
        reason: failure.reason,
        err: failure.detail,
      },
      'falló el renderizado en el servidor',
    );
  }
}

/**
 * Server rendering through federation (architecture §7): the shell's and the remotes' server code, loaded at run time
 * through the one runtime instance with a budget per remote and request, renders the page with the code of the release
 * set the request took. A remote that is down, slow or broken only makes its own slot client-only; nothing here ever
 * fails a request. A module that throws, times out or falls back is a failure: logged at error level with its remote,
 * release and route, counted, and the render is not `complete`, so it is never cached (decision 039).
 *
 * @example
 * const renderer = pageRenderer({ roots: buildRoots(env), allowedOrigins: [], logger })
 * await renderer.adopt(snapshot)                       // the release follower, before the set becomes current
 * const { html, css } = await renderer.render(page, snapshot)
 */
export function pageRenderer(options: PageRendererOptions) {
  const { logger, budgetMs = 300, adoptBudgetMs = 1500 } = options;
  const network = serverFetch({
    roots: options.roots,
    allowedOrigins: options.allowedOrigins,
    timeoutMs: options.fetchTimeoutMs ?? 3000,
  });
  const recorded = options.onFetched;
  const fetched = recorded
    ? async (href: string) => {
        const response = await network(href);
        const body = Buffer.from(await response.arrayBuffer());
        recorded(href, body);
        return new Response(body, { status: 200 });
      }
    : network;
  const files = pinnedFiles(fetched);
  const host = federationHost((href) => files.fetch(href));
  const releases = remoteReleases({
    host,
    files,
    logger,
    allowedOrigins: options.allowedOrigins,
    retryAfterMs: options.retryAfterMs ?? 5000,
  });

  async function renderNow(page: PageObject, snapshot: ReleaseSnapshot): Promise<RenderedPage> {
    const failures: RenderFailure[] = [];
    let leftToBrowser = false;
    const fail = (module: string, reason: FailureReason, detail: string) => {
      const remote = module.slice(0, module.indexOf('/'));
      failures.push({ module, remote, release: snapshot.releases.get(remote)?.releaseId ?? '-', reason, detail });
    };
    const attempt = async <T>(id: string): Promise<T | undefined> => {
      const outcome = await settle(releases.load<T>(id, snapshot), budgetMs);
      if ('value' in outcome) return outcome.value;
      leftToBrowser = true;
      if ('timedOut' in outcome) fail(id, 'timeout', `su código no llegó en ${budgetMs} ms`);
      else if (!(outcome.error instanceof ModuleSkipped)) fail(id, 'load', (outcome.error as Error).message);
      // by design (an origin not allowed) or a switch of set during the request: the browser renders it, no fault
      else if (outcome.error.reason === 'load' || outcome.error.reason === 'unavailable')
        fail(id, outcome.error.reason, outcome.error.message);
      return undefined;
    };

    const shell = await attempt<ShellServer>('shell/server');
    if (!shell) return clientOnly(failures);
    const ids = shell.modulesFor(page);
    const loaded = await Promise.all(ids.map((id) => attempt<FederatedModule>(id)));
    const modules: Record<string, FederatedModule['default']> = {};
    ids.forEach((id, index) => {
      const component = componentOf(loaded[index]);
      if (component) modules[id] = component;
      else if (loaded[index]) fail(id, 'load', 'su código falló al evaluarse');
    });

    type Attempt =
      | { rendered: Awaited<ReturnType<ShellServer['renderPage']>>; fault?: 'fallback' | undefined }
      | { fault: 'throw'; error: Error };
    const tryRender = async (with_: string[]): Promise<Attempt> => {
      try {
        const rendered = await shell.renderPage({ page, modules: Object.fromEntries(with_.map((id) => [id, modules[id]!])) });
        return rendered.html.includes(clientRenderedBoundary) ? { rendered, fault: 'fallback' } : { rendered };
      } catch (error) {
        return { fault: 'throw', error: error as Error };
      }
    };
    const present = Object.keys(modules);
    let result = await tryRender(present);
    if (result.fault) {
      const detail =
        result.fault === 'throw' ? result.error.message : 'lanzó un error al renderizarse; React dejó su parte al navegador';
      const blamed = await culprits(present, async (subset) => (await tryRender(subset)).fault !== undefined);
      for (const id of blamed) fail(id, result.fault, detail);
      // the page without the modules that failed: their slots show what they show while loading, the browser does the rest
      const retried = blamed.length > 0 ? await tryRender(present.filter((id) => !blamed.includes(id))) : result;
      result = retried.fault ? await tryRender([]) : retried;
      // without any module it still fails: the shell's own code
      if (result.fault) fail('shell/server', result.fault, result.fault === 'throw' ? result.error.message : detail);
    }
    if (result.fault === 'throw') return clientOnly(failures);
    const { rendered } = result;
    const deferred = rendered.deferred ?? [];
    const now = (id: string) => !deferred.includes(id);
    // a deferred module's style sheets are linked (its server HTML needs them), its code is not preloaded
    const assets = assetsOf(rendered.modules.filter(now), snapshot);
    const css = [
      ...assets.css,
      ...assetsOf(
        rendered.modules.filter((id) => !now(id)),
        snapshot,
      ).css,
    ];
    const wanted = assetsOf(ids.filter(now), snapshot);
    return {
      html: rendered.html,
      modules: rendered.modules,
      deferred,
      ...assets,
      css: [...new Set(css)],
      manifests: wanted.manifests,
      complete: !leftToBrowser && failures.length === 0 && ids.every((id) => rendered.modules.includes(id)),
      failures,
    };
  }

  return {
    /**
     * Renders a page with the code of `snapshot`, the set whose registry the document will carry (trap 10: the browser
     * must load what the server rendered). Never throws: at worst the page is rendered by the browser.
     */
    async render(page: PageObject, snapshot: ReleaseSnapshot): Promise<RenderedPage> {
      let rendered: RenderedPage;
      try {
        rendered = await renderNow(page, snapshot);
      } catch (error) {
        rendered = clientOnly([
          {
            module: 'shell/server',
            remote: 'shell',
            release: snapshot.releases.get('shell')?.releaseId ?? '-',
            reason: 'throw',
            detail: (error as Error).message,
          },
        ]);
      }
      if (options.report !== false) reportFailures(logger, page, rendered.failures);
      return rendered;
    },
    /** Makes a release set's server code live, fetched and loaded first (the release follower, before the set is current). */
    adopt: (snapshot: ReleaseSnapshot) => releases.adopt(snapshot, adoptBudgetMs),
    /** Whether this server may run a release's code (REMOTES_ALLOWED_ORIGINS). */
    mayRun: releases.mayRun,
    /** How the server reads manifests and code: the local builds from disk, the allowed origins over HTTP. */
    fetchCode: network,
    close: () => host.close(),
  };
}

export type PageRenderer = ReturnType<typeof pageRenderer>;

/**
 * What the serving process renders pages with: the renderer pool (render/renderer-pool.ts) in production, a
 * `pageRenderer` in process in tests. `close` resolves once no remote code runs on its behalf any more.
 */
export interface Renderer {
  render(page: PageObject, snapshot: ReleaseSnapshot): Promise<RenderedPage>;
  adopt(snapshot: ReleaseSnapshot): Promise<void>;
  mayRun: PageRenderer['mayRun'];
  fetchCode: PageRenderer['fetchCode'];
  close(): void | Promise<void>;
}
