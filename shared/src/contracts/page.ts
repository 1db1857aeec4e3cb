/**
 * The page protocol (architecture §3): the wire format is Inertia's, so any Inertia-aware tool understands it.
 * The server answers every page request with a page object; the shell renders `component` with `props`.
 */
import { appName } from './site';
import type { TeamRole } from './team';

export type LayoutName = 'default' | 'fixed';

/** Search-engine and sharing metadata of a page (product §2 "Shared layout"). */
export interface Seo {
  /** metatitulo: the document title, also og:title and twitter:title. */
  title: string;
  /** metadescripción. */
  description: string;
  keywords: string;
  /** Absolute canonical URL, also og:url. */
  url: string;
  /** Absolute share image; falls back to the site image under `baseUrl`. */
  img?: string | undefined;
  /** What the share image shows (og:image:alt, twitter:image:alt); the site image's description by default. */
  imgAlt?: string | undefined;
  baseUrl: string;
  /** `<meta name="robots">`; default `index, follow`. Account pages are `noindex, nofollow`. */
  robots?: string | undefined;
  /** Structured data for the head (schema.org: the home page's Organization and WebSite, a story's Article). */
  jsonLd?: Record<string, unknown>[] | undefined;
}

/** What the site's default share image (/img/compartir.png, api/scripts/make-images.mjs) shows. */
const defaultShareImageAlt = `${appName}: una gota sobre un degradado azul`;

/** One `<meta>` of a page's head: `name` or `property`, its key and its content. */
export type SeoMetaTag = readonly ['name' | 'property', string, string];

/**
 * The meta tags of a page, one list for both heads: the document the server sends and the head the shell rewrites
 * after a client-side visit, so a crawler that runs scripts reads what one that does not reads.
 */
export function seoMetaTags(seo: Seo): SeoMetaTag[] {
  const image = seo.img ?? `${seo.baseUrl}/img/compartir.png`;
  const imageAlt = seo.img ? (seo.imgAlt ?? seo.title) : defaultShareImageAlt;
  const isArticle = (seo.jsonLd ?? []).some((data) => data['@type'] === 'Article');
  return [
    ['name', 'description', seo.description],
    ['name', 'keywords', seo.keywords],
    ['name', 'robots', seo.robots ?? 'index, follow'],
    // a page with a schema.org Article (a story) is an article for link previews too
    ['property', 'og:type', isArticle ? 'article' : 'website'],
    ['property', 'og:site_name', appName],
    ['property', 'og:locale', 'es_MX'],
    ['property', 'og:title', seo.title],
    ['property', 'og:description', seo.description],
    ['property', 'og:url', seo.url],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', imageAlt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', seo.title],
    ['name', 'twitter:description', seo.description],
    ['name', 'twitter:image', image],
    ['name', 'twitter:image:alt', imageAlt],
  ];
}

/** A width-keyed background of the fixed layout: the widest `minWidth` not above the window width wins. */
export interface Background {
  minWidth: number;
  path: string;
  css?: string | undefined;
  covers?: string[] | undefined;
}

/** Who is signed in, as every page tells the chrome. */
export interface SiteUser {
  firstName: string;
  /** The account holds a role of the campaign team (decision 051): the panel is open to it. */
  staff?: boolean;
  /**
   * The roles it holds (`teamRoles`): the user menu leads to each role's part of the panel (Bandeja, Versiones, Equipo,
   * and the stories for an editor).
   */
  roles?: TeamRole[];
}

/** Props that every page carries. */
export interface SharedProps {
  /** Field → message, as Inertia sends validation errors. Always present. */
  errors: Record<string, string>;
  auth: { user: SiteUser | null };
  seo: Seo;
  layout?: LayoutName;
  /** Gives the top bar the index-page style. */
  isIndex?: boolean;
  backgrounds?: Background[];
  appName: string;
}

export type PageProps<P extends object = Record<string, unknown>> = SharedProps & P;

/**
 * What the page of a form carries, besides `errors`, when the API answers with it a form that a browser sent without
 * JavaScript (decision 043): the fields as they were sent (never a password), to show them again after a refusal, and
 * the message of a success that the scripted form shows on its page (recovery, reset).
 */
export interface FormPageProps {
  values?: Record<string, string>;
  notice?: string;
}

export interface PageObject<P extends object = Record<string, unknown>> {
  component: string;
  props: PageProps<P>;
  url: string;
  version: string;
}

/** Protocol headers, lower-cased as fetch exposes them. */
export const inertiaHeaders = {
  inertia: 'x-inertia',
  version: 'x-inertia-version',
  location: 'x-inertia-location',
  partialComponent: 'x-inertia-partial-component',
  partialData: 'x-inertia-partial-data',
  partialExcept: 'x-inertia-partial-except',
  errorBag: 'x-inertia-error-bag',
} as const;

/** True when a value has the shape of a page object (the client rejects anything else, product §8). */
export function isPageObject(value: unknown): value is PageObject {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return (
    typeof page.component === 'string' &&
    typeof page.url === 'string' &&
    typeof page.version === 'string' &&
    typeof page.props === 'object' &&
    page.props !== null
  );
}

/** Where the remotes live: federation name → manifest URL (absolute or root-relative). */
export type RemotesRegistry = Record<string, string>;

/** What the server tells the browser about the markup it rendered (`<script id="ssr-data">`). */
export interface ServerRendered {
  /** The federated modules rendered into the HTML: the browser loads them before it hydrates, but for `deferred`. */
  modules: string[];
  /**
   * The page's modules the browser loads only when the visitor gets near them (decision 020). Those of them in
   * `modules` keep their server HTML, not hydrated, until then. Absent: none.
   */
  deferred?: string[];
}

/**
 * How the document's first inline script and the shell hand over a press that only a script can answer, made before the
 * page was hydrated (decisions 032, 064): a script-driven button (`type="button"`: a menu, a dialog's opener, the theme
 * switch, an ally's logo) or the submit button of a form without `action`. Such a control is painted and can be pressed
 * before React has adopted the markup, and until then it does nothing. The script keeps each one pressed in the list
 * `window[heldClicksGlobal]`; once the shell has called `hydrateRoot` it takes the list, sets it to null (which ends the
 * holding) and presses each control again.
 */
export const heldClicksGlobal = 'gotaHeldClicks';
