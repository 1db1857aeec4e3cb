import { createHash } from 'node:crypto';
import type { PageObject, RemotesRegistry, Seo, ServerRendered } from '@gota/shared/contracts';
import { appName, seoMetaTags } from '@gota/shared/contracts';
import { feedPath } from '../features/pages';
import { earlyScript, startScript, type CsrfCookie } from './early-script';

/** Escapes text for an HTML attribute or text node. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The banner of a previewed document (a release's, decision 044; a story's, decision 049): outside `#root`, so it is no
 * part of what React hydrates and it stays through the tab's client-side navigations. Fixed at the bottom, above the
 * site's own layers, so no page can hide it. `text` is escaped; `action` is markup (a form or a link).
 */
export function previewBannerHtml(label: string, text: string, action: string): string {
  return `<aside id="vista-previa" aria-label="${escapeHtml(label)}" style="position:fixed;left:0;right:0;bottom:0;z-index:2147483000;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center;justify-content:center;padding:.5rem 1rem;background:#ffd54f;color:#1a1a1a;font:600 1rem/1.4 system-ui,sans-serif;box-shadow:0 -2px 6px rgba(0,0,0,.3)">
      <p style="margin:0">${escapeHtml(text)}</p><span aria-hidden="true">·</span>
      ${action}
    </aside>`;
}

/** A link of a preview's banner (`previewBannerHtml`'s action): readable on its yellow, as tall as a finger. */
export function previewBannerLink(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" style="color:#1a1a1a;min-height:44px;display:inline-flex;align-items:center">${escapeHtml(text)}</a>`;
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
interface DocumentRender {
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
  /** A signed-in visitor's token; '' on an anonymous page, whose first script fills the tag (decision 040). */
  csrfToken: string;
  /** The cookie that script reads or sets. */
  csrfCookie: CsrfCookie;
  registry: RemotesRegistry;
  shell: ShellAssets;
  render: DocumentRender;
  /** Markup outside `#root`, never hydrated: the banner of a release preview (decision 044). */
  banner?: string | undefined;
  /**
   * The page's style sheets as the serving process wrote them (decision 058): `head`, the markup of `first` (their text
   * in `<style>`s, pages/inline-styles.ts); `later`, the sheets linked at the end of `<body>`. Without it every sheet is
   * linked from `<head>`.
   */
  styles?: { head: string; later: string[] } | undefined;
}

/** A document and the CSP sources of the inline scripts it wrote (`'sha256-…'`, space-separated). */
export interface BuiltDocument {
  html: string;
  scriptHashes: string;
}

// The few distinct scripts (one first script per configuration, one start script per shell build, one preload list per
// page) are hashed once each, not for every signed-in visitor's document
const hashes = new Map<string, string>();
function sha256Source(script: string): string {
  let hash = hashes.get(script);
  if (hash === undefined) {
    if (hashes.size >= 1000) hashes.clear();
    hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    hashes.set(script, hash);
  }
  return hash;
}

/**
 * JSON-LD is data, never executed, but it sits in a script element: jsonForScript escapes `<` so that no title can close
 * it. A data block is not a script to the CSP, so it needs no hash.
 */
function jsonLdTag(seo: Seo): string {
  return (seo.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`).join('\n    ');
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

/**
 * Nothing of `#root` is drawn before the parser has passed its end (issue #43 item 4). A browser draws a document while
 * it is still parsing it, more often on a slow CPU, and a frame of part of the page moves what it drew once the rest
 * is parsed: the footer pinned to the bottom of a short page grows upwards, a centred row of links widens, a carousel's
 * arrows re-centre. `#root` has no next sibling until its end tag is parsed, so this rule hides it until then, with or
 * without JavaScript. An empty `<div hidden>` follows it at once (a document without its scripts, such as the bench's
 * floor, still shows). Not a `<template>`: a modal dialog marks every sibling of its portal `aria-hidden`, which a
 * template may not carry. A browser without `:has()` drops the rule and draws as before. (`<link rel="expect"
 * blocking="render">` would say the same, but Chromium 156 drew part of the page with it.)
 */
const hiddenUntilParsed = '<style>#root:not(:has(+ *)){visibility:hidden}</style>';
const rootEnd = '<div hidden data-root-end></div>';

/** The `#ssr-data` the shell reads: the modules rendered and, when there are any, those it loads later. */
function serverRendered(render: DocumentRender): ServerRendered {
  return render.deferred && render.deferred.length > 0
    ? { modules: render.modules, deferred: render.deferred }
    : { modules: render.modules };
}

/**
 * A style sheet in the document: its text in a `<style>` named by its address (`data-href`, by which webpack's style
 * loader and the shell's record for the federation runtime know it is already here, decision 058), or, without the text, the link. A
 * file on another origin is linked with CORS, the way webpack will ask for it, or the browser fetches it twice.
 */
export function styleSheetTag(href: string, text?: string): string {
  return text === undefined
    ? `<link rel="stylesheet" href="${escapeHtml(href)}"${/^https?:\/\//.test(href) ? ' crossorigin="anonymous"' : ''}>`
    : `<style data-href="${escapeHtml(href)}">${text}</style>`;
}

/**
 * A sheet whose text in the document was cut to the first screen (pages/inline-styles.ts): the cut, marked `data-rest`.
 * The whole sheet is not linked in the document, so the browser asks for nothing but the first screen's bytes before it
 * paints; the start script links it right after this `<style>`, at the same place in the cascade, once the page has
 * painted. Without JavaScript it is never fetched, and nothing is missing: what the cut left out names a class that
 * only a script can add.
 */
export function cutSheetTag(href: string, text: string): string {
  return `<style data-href="${escapeHtml(href)}" data-rest>${text}</style>`;
}

/** React writes the preload hints of a render (an image with `fetchPriority="high"`) at the start of its HTML. */
const leadingPreloads = /^(?:<link rel="preload"[^>]*>)+/;

/**
 * The render's image preloads, copied into `<head>` before the style sheets (decision 058): in `#root` they come after
 * every sheet's text, so the browser would find the first screen's photo later. The copy in `#root` stays (React
 * hydrates what it rendered); the browser fetches the image once.
 */
function imagePreloads(html: string | undefined): string {
  const lead = html === undefined ? undefined : leadingPreloads.exec(html)?.[0];
  return (lead?.match(/<link [^>]*>/g) ?? []).filter((tag) => tag.includes(' as="image"')).join('\n    ');
}

const contentHashed = /^(.*\/)([^/.]+)\.([0-9a-f]{10})(\.\w+)$/;

/** Whether a build file's name carries its content hash (a production build's): its bytes never change at that address. */
export function isContentHashed(href: string): boolean {
  return contentHashed.test(href);
}

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
    if (
      current === undefined ||
      (!preferredChunks.has(contentHashed.exec(current)?.[2] ?? '') && preferredChunks.has(contentHashed.exec(href)?.[2] ?? ''))
    ) {
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
 * The page's style sheets, each once, in cascade order (the shell's, then its modules'): `first`, those the first screen
 * needs, and `later`, those only the widgets below it need (`laterSheets`, decision 058), which follow them.
 */
export function pageStyleSheets(
  shell: ShellAssets,
  css: readonly string[],
  laterSheets: ReadonlySet<string> = new Set(),
): { first: string[]; later: string[] } {
  const preloadedChunks = new Set((shell.preload ?? []).map((file) => contentHashed.exec(`/app/${file}`)?.[2] ?? ''));
  const all = uniqueFiles([...shell.css.map((file) => `/app/${file}`), ...css], preloadedChunks);
  return { first: all.filter((href) => !laterSheets.has(href)), later: all.filter((href) => laterSheets.has(href)) };
}

/**
 * The HTML document of a first visit: SEO head, the page rendered on the server inside `#root` (architecture §7),
 * the style sheets of the shell and of the page's modules (their text, decision 058), and the data it hydrates with
 * (page object, registry, the modules rendered); last, the start script, which asks for the scripts that make the page
 * live once it has painted. Nothing in it is per request but a signed-in visitor's token: the CSP allows its two inline
 * scripts by their hashes (decision 040).
 */
export function renderDocument(input: DocumentInput): BuiltDocument {
  const { page, seo, csrfToken, csrfCookie, registry, shell, render, banner } = input;
  const linked = pageStyleSheets(shell, render.css);
  const styles = input.styles ?? { head: linked.first.map((href) => styleSheetTag(href)).join('\n    '), later: linked.later };
  const entries = shell.js.map((file) => `/app/${file}`);
  const scripts = [
    ...uniqueFiles([...entries, ...(shell.preload ?? []).map((file) => `/app/${file}`)]),
    ...uniqueFiles(render.scripts),
  ];
  const inline = { early: earlyScript(csrfCookie), start: startScript(entries, { scripts, manifests: render.manifests }) };
  const rendered = render.html !== undefined;
  const html = `<!doctype html>
<html lang="es-MX">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${seoTags(seo)}
    ${jsonLdTag(seo)}
    <meta name="csrf-token" content="${escapeHtml(csrfToken)}">
    <meta name="theme-color" content="#0b5cad">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${imagePreloads(render.html)}
    ${rendered ? hiddenUntilParsed : ''}
    ${styles.head}
  </head>
  <body>
    <script>${inline.early}</script>
    <div id="root">${render.html ?? ''}</div>
    ${rendered ? rootEnd : ''}
    ${banner ?? ''}
    ${rendered ? '' : `<div><noscript><p>${escapeHtml(appName)} necesita JavaScript para mostrar esta página.</p></noscript></div>`}
    <script type="application/json" id="page-data">${jsonForScript(page)}</script>
    <script type="application/json" id="remotes-data">${jsonForScript(registry)}</script>
    ${rendered ? `<script type="application/json" id="ssr-data">${jsonForScript(serverRendered(render))}</script>` : ''}
    <script>${inline.start}</script>
    ${styles.later.map((href) => styleSheetTag(href)).join('\n    ')}
  </body>
</html>`;
  return { html, scriptHashes: [inline.early, inline.start].map(sha256Source).join(' ') };
}
