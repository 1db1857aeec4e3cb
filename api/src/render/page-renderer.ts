import type { PageObject, RemotesRegistry } from '@gota/shared/contracts';
import type { Logger } from '../logging/logger';
import type { BuildRoot } from '../static/build-roots';
import { federationHost } from './federation-host';
import { browserEntry, exposeAssets } from './remote-manifest';
import { remoteReleases, within, type RemoteReleases } from './remote-releases';
import type { FederatedModule, ShellServer } from './render-types';
import { serverFetch } from './server-fetch';

export interface PageRendererOptions {
  roots: BuildRoot[];
  /** Origins server code may come from besides the local builds (REMOTES_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** How long a request waits for one remote's code (architecture §7: about 300 ms). */
  budgetMs?: number;
  /** After a failed load, how long that module is not tried again by requests. */
  retryAfterMs?: number;
  /** How often manifests are read again, to notice a release that replaced the files at the same address. */
  revalidateMs?: number;
  fetchTimeoutMs?: number;
  logger: Logger;
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
  /** Identifies the server code used: part of the HTML cache key. */
  codeVersion: string;
  /** Every module of the page was rendered: only such a render may be cached (a slot left to the browser may not). */
  complete: boolean;
}

type Assets = Pick<RenderedPage, 'css' | 'scripts' | 'manifests'>;

/** The browser files of the modules rendered: each one's style sheets and scripts, and its remote's entry and manifest. */
function assetsOf(ids: readonly string[], registry: RemotesRegistry, releases: RemoteReleases): Assets {
  const css = new Set<string>();
  const scripts = new Set<string>();
  const manifests = new Set<string>();
  for (const id of ids) {
    const remote = id.slice(0, id.indexOf('/'));
    const manifest = registry[remote];
    if (manifest) manifests.add(manifest);
    const release = releases.release(remote);
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
 * Server rendering through federation (architecture §7): the shell's and the remotes' server code, loaded at run time
 * through the one runtime instance with a budget per remote and request, renders the page. A remote that is down,
 * slow or broken only makes its own slot client-only; nothing here ever fails a request.
 *
 * @example
 * const renderer = pageRenderer({ roots: buildRoots(env), allowedOrigins: [], logger })
 * const { html, css } = await renderer.render(page, registry.current())
 */
export function pageRenderer(options: PageRendererOptions) {
  const { logger, budgetMs = 300 } = options;
  const fetchCode = serverFetch({ roots: options.roots, allowedOrigins: options.allowedOrigins, timeoutMs: options.fetchTimeoutMs ?? 3000 });
  const host = federationHost(fetchCode);
  const releases = remoteReleases({
    host,
    fetchCode,
    logger,
    budgetMs,
    retryAfterMs: options.retryAfterMs ?? 5000,
    revalidateMs: options.revalidateMs ?? 10_000,
  });
  const clientOnly = (): RenderedPage => ({ modules: [], deferred: [], css: [], scripts: [], manifests: [], codeVersion: releases.codeVersion(), complete: false });

  async function renderNow(page: PageObject, registry: RemotesRegistry): Promise<RenderedPage> {
    await releases.sync(registry);
    const shell = await within(releases.load<ShellServer>('shell/server'), budgetMs);
    if (!shell) return clientOnly();
    const ids = shell.modulesFor(page);
    const loaded = await Promise.all(ids.map((id) => within(releases.load<FederatedModule>(id), budgetMs)));
    const modules: Record<string, FederatedModule['default']> = {};
    ids.forEach((id, index) => {
      const component = componentOf(loaded[index]);
      if (component) modules[id] = component;
    });
    // a module that throws while rendering: once more without any module, so the chrome and the fallbacks still render
    for (const attempt of [modules, {}]) {
      try {
        const rendered = await shell.renderPage({ page, modules: attempt });
        const deferred = rendered.deferred ?? [];
        const now = (id: string) => !deferred.includes(id);
        // a deferred module's style sheets are linked (its server HTML needs them), its code is not preloaded
        const assets = assetsOf(rendered.modules.filter(now), registry, releases);
        const css = [...assets.css, ...assetsOf(rendered.modules.filter((id) => !now(id)), registry, releases).css];
        const wanted = assetsOf(ids.filter(now), registry, releases);
        const complete = ids.every((id) => rendered.modules.includes(id));
        return {
          html: rendered.html,
          modules: rendered.modules,
          deferred,
          ...assets,
          css: [...new Set(css)],
          manifests: wanted.manifests,
          codeVersion: releases.codeVersion(),
          complete,
        };
      } catch (error) {
        logger.error({ url: page.url, component: page.component, err: (error as Error).message }, 'falló el renderizado en el servidor');
      }
    }
    return clientOnly();
  }

  return {
    /**
     * Renders a page with the registry the document will carry (trap 10: the browser must load what the server
     * rendered). Never throws: at worst the page is rendered by the browser.
     */
    async render(page: PageObject, registry: RemotesRegistry): Promise<RenderedPage> {
      try {
        return await renderNow(page, registry);
      } catch (error) {
        logger.error({ url: page.url, err: (error as Error).message }, 'falló el renderizado en el servidor');
        return clientOnly();
      }
    },
    /** Reads the registry's manifests and loads their code in the background (at start, and when the registry changes). */
    prepare: (registry: RemotesRegistry) => releases.sync(registry),
    /** The server code in use now (changes when a release is noticed): part of the HTML cache key. */
    codeVersion: () => releases.codeVersion(),
    close: () => host.close(),
  };
}

export type PageRenderer = ReturnType<typeof pageRenderer>;
