import type { PageObject, RemotesRegistry, Seo } from '@gota/shared/contracts';
import { appName } from '@gota/shared/contracts';
import { feedPath } from '../routes/seo/feed';
import { themeStorageKeyForHtml } from './theme-key';

/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(value: string): string {
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

/** A page's SEO, optionally with structured data (a story's schema.org Article) for the head. */
export type DocumentSeo = Seo & { jsonLd?: Record<string, unknown> | undefined };

export interface ShellAssets {
  js: string[];
  css: string[];
  hash: string;
}

export interface DocumentInput {
  page: PageObject;
  seo: DocumentSeo;
  csrfToken: string;
  nonce: string;
  registry: RemotesRegistry;
  shell: ShellAssets;
  /** Manifest of the remote that renders this page, fetched early. */
  preloadManifest?: string | undefined;
}

/**
 * JSON-LD is data, never executed, but it sits in a script element: jsonForScript escapes `<` so that no title can close
 * it. The nonce only keeps the rule "every inline script carries the nonce" simple to check.
 */
function jsonLdTag(seo: DocumentSeo, nonce: string): string {
  return seo.jsonLd ? `<script type="application/ld+json" nonce="${nonce}">${jsonForScript(seo.jsonLd)}</script>` : '';
}

function seoTags(seo: DocumentSeo): string {
  const image = seo.img ?? `${seo.baseUrl}/img/compartir.png`;
  const tags: [string, string, string][] = [
    ['name', 'description', seo.description],
    ['name', 'keywords', seo.keywords],
    ['name', 'robots', 'index, follow'],
    // a page with a schema.org Article (a story) is an article for link previews too
    ['property', 'og:type', seo.jsonLd ? 'article' : 'website'],
    ['property', 'og:site_name', appName],
    ['property', 'og:locale', 'es_MX'],
    ['property', 'og:title', seo.title],
    ['property', 'og:description', seo.description],
    ['property', 'og:url', seo.url],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', seo.title],
    ['name', 'twitter:description', seo.description],
    ['name', 'twitter:image', image],
  ];
  return [
    `<title>${escapeHtml(seo.title)}</title>`,
    ...tags.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`),
    `<link rel="canonical" href="${escapeHtml(seo.url)}">`,
    // every page announces the stories' feed, so that a feed reader finds it from any address
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`Historias · ${appName}`)}" href="${escapeHtml(`${seo.baseUrl}${feedPath}`)}">`,
  ].join('\n    ');
}

/** The HTML document of a first visit: SEO head, the page object, the registry and the shell's entry files. */
export function renderDocument(input: DocumentInput): string {
  const { page, seo, csrfToken, nonce, registry, shell } = input;
  const n = escapeHtml(nonce);
  const css = shell.css.map((file) => `<link rel="stylesheet" href="/app/${escapeHtml(file)}">`).join('\n    ');
  const js = shell.js.map((file) => `<script defer src="/app/${escapeHtml(file)}" nonce="${n}"></script>`).join('\n    ');
  const preload = input.preloadManifest
    ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(input.preloadManifest)}">`
    : '';
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
    ${preload}
    ${js}
  </head>
  <body>
    <script nonce="${n}">${themeStorageKeyForHtml}</script>
    <div id="root"></div>
    <!-- in a div: an open dialog hides the body's other children with aria-hidden, which a noscript may not carry -->
    <div><noscript><p>${escapeHtml(appName)} necesita JavaScript para mostrar esta página.</p></noscript></div>
    <script type="application/json" id="page-data">${jsonForScript(page)}</script>
    <script type="application/json" id="remotes-data">${jsonForScript(registry)}</script>
  </body>
</html>`;
}
