import type { PageObject, RemotesRegistry, Seo, ServerRendered } from '@gota/shared/contracts';
import { appName, seoMetaTags } from '@gota/shared/contracts';
import { feedPath } from '../routes/seo/feed';
import { earlyScript, startScript } from './early-script';

/** Escapes text for an HTML attribute or text node. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON for a `<script type="application/json">`: `<` is escaped so that no value (a story title, a search term) can
 * close the script element, and the two line separators that break old parsers are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface ShellAssets {
  js: string[];
  css: string[];
  /** Start-up chunks fetched beside the entry (absent in a build older than server rendering). */
  preload?: string[];
  hash: string;
}

/** What the server render adds to the document (render/page-renderer.ts). */
export interface DocumentRender {
  /** The markup of `#root`; without it the browser renders the page. */
  html?: string | undefined;
  modules: string[];
  /** The page's modules the browser loads only when needed (decision 020); absent or empty: none. */
  deferred?: string[];
  css: string[];
  scripts: string[];
  manifests: string[];
}

export interface DocumentInput {
  page: PageObject;
  seo: Seo;
  csrfToken: string;
  nonce: string;
  registry: RemotesRegistry;
  shell: ShellAssets;
  render: DocumentRender;
}

/**
 * JSON-LD is data, never executed, but it sits in a script element: jsonForScript escapes `<` so that no title can close
 * it. The nonce only keeps the rule "every inline script carries the nonce" simple to check.
 */
function jsonLdTag(seo: Seo, nonce: string): string {
  return (seo.jsonLd ?? []).map((data) => `<script type="application/ld+json" nonce="${nonce}">${jsonForScript(data)}</script>`).join('\n    ');
}

function seoTags(seo: Seo): string {
  return [
    `<title>${escapeHtml(seo.title)}</title>`,
    ...seoMetaTags(seo).map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`),
    `<link rel="canonical" href="${escapeHtml(seo.url)}">`,
    // every page announces the stories' feed, so that a feed reader finds it from any address
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`Historias · ${appName}`)}" href="${escapeHtml(`${seo.baseUrl}${feedPath}`)}">`,
  ].join('\n    ');
}

/** The `#ssr-data` the shell reads: the modules rendered and, when there are any, those it loads later. */
function serverRendered(render: DocumentRender): ServerRendered {
  return render.deferred && render.deferred.length > 0 ? { modules: render.modules, deferred: render.deferred } : { modules: render.modules };
}

/** A cross-origin file must be preloaded the way webpack will ask for it (CORS), or the browser fetches it twice. */
function corsAttribute(href: string): string {
  return /^https?:\/\//.test(href) ? ' crossorigin="anonymous"' : '';
}

const contentHashed = /^(.*\/)([^/.]+)\.([0-9a-f]{10})(\.\w+)$/;

/**
 * Each file once. Webpack may emit one module group as two chunks with the same content (a shared module's own chunk
 * and the host's fallback): their names differ only by chunk id and their content hash is the same, so one is enough.
 * Of such twins the one whose chunk is in `preferredChunks` is kept (the chunk the runtime will load, so its style
 * sheet is already there when it asks); otherwise the first.
 */
export function uniqueFiles(hrefs: string[], preferredChunks: ReadonlySet<string> = new Set()): string[] {
  const twinKey = (href: string) => {
    const parts = contentHashed.exec(href);
    return parts ? `${parts[1]}${parts[3]}${parts[4]}` : href;
  };
  const chosen = new Map<string, string>();
  for (const href of hrefs) {
    const key = twinKey(href);
    const current = chosen.get(key);
    if (current === undefined || (!preferredChunks.has(contentHashed.exec(current)?.[2] ?? '') && preferredChunks.has(contentHashed.exec(href)?.[2] ?? ''))) {
      chosen.set(key, href);
    }
  }
  const written = new Set<string>();
  return hrefs.filter((href) => {
    if (chosen.get(twinKey(href)) !== href || written.has(href)) return false;
    written.add(href);
    return true;
  });
}

/**
 * The HTML document of a first visit: SEO head, the page rendered on the server inside `#root` (architecture §7),
 * the style sheets of the shell and of the page's modules, preload hints for the scripts the shell will load to
 * hydrate it, and the data it hydrates with (page object, registry, the modules rendered).
 */
export function renderDocument(input: DocumentInput): string {
  const { page, seo, csrfToken, nonce, registry, shell, render } = input;
  const n = escapeHtml(nonce);
  const preloadedChunks = new Set((shell.preload ?? []).map((file) => contentHashed.exec(`/app/${file}`)?.[2] ?? ''));
  const css = uniqueFiles([...shell.css.map((file) => `/app/${file}`), ...render.css], preloadedChunks)
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}"${corsAttribute(href)}>`)
    .join('\n    ');
  const entries = shell.js.map((file) => `/app/${file}`);
  // under 'strict-dynamic' a preload of a script needs the nonce too (trap 7). The scripts hydrate a page that is
  // already readable: at low priority they leave the bandwidth to the style sheets and the hero image first (decision
  // 017: first paint 2.4 s → 1.0 s, largest paint 3.0 s → 1.6–2.2 s on the Lighthouse phone)
  const preloads = [
    ...uniqueFiles([...entries, ...(shell.preload ?? []).map((file) => `/app/${file}`)]).map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}" fetchpriority="low" nonce="${n}">`),
    ...render.manifests.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" nonce="${n}">`),
    ...uniqueFiles(render.scripts).map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}"${corsAttribute(href)} fetchpriority="low" nonce="${n}">`),
  ].join('\n    ');
  const rendered = render.html !== undefined;
  return `<!doctype html>
<html lang="es-MX">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${seoTags(seo)}
    ${jsonLdTag(seo, n)}
    <meta name="csrf-token" content="${escapeHtml(csrfToken)}">
    <meta name="theme-color" content="#0b5cad">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${css}
    ${preloads}
  </head>
  <body>
    <script nonce="${n}">${earlyScript}</script>
    <div id="root">${render.html ?? ''}</div>
    ${rendered ? '' : `<div><noscript><p>${escapeHtml(appName)} necesita JavaScript para mostrar esta página.</p></noscript></div>`}
    <script type="application/json" id="page-data">${jsonForScript(page)}</script>
    <script type="application/json" id="remotes-data">${jsonForScript(registry)}</script>
    ${rendered ? `<script type="application/json" id="ssr-data">${jsonForScript(serverRendered(render))}</script>` : ''}
    <script nonce="${n}">${startScript(entries)}</script>
  </body>
</html>`;
}
