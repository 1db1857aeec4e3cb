import type { Context, Hono } from 'hono';
import { appName, type Background, type LayoutName, type Story } from '@gota/shared/contracts';
import { routerPath, type RouteName } from '@gota/shared/routes';
import type { Content } from '../../content/load-content';
import { safeReturnPath } from '../../security/return-path';
import { registerSeoRoutes } from '../seo/seo.routes';
import { popularStories, storySeo } from './story-props';

/** Phone and desktop backgrounds of the auth pages: the switch is at 800 px (product §2 Login). */
const authBackgrounds: Background[] = [
  { minWidth: 0, path: '/img/fondo-auth-movil.svg', covers: ['rgba(26, 15, 43, 0.35)'] },
  { minWidth: 800, path: '/img/fondo-auth-escritorio.svg', covers: ['rgba(26, 15, 43, 0.35)'] },
];

interface PageRoute {
  name: RouteName;
  component: string;
  layout?: LayoutName;
  props?: (c: Context, content: Content) => Record<string, unknown> | null;
  /** Kept out of search results: `noindex` in the page and in `X-Robots-Tag` (account pages). */
  noindex?: boolean;
  /** A path to send the visitor to instead of the page, or null. */
  redirect?: (c: Context) => string | null;
}

const pageRoutes: PageRoute[] = [
  {
    name: 'index',
    component: 'Index',
    // the allies strip shows names and logos only: the descriptions would add some 8 KB to every home page
    props: (_c, content) => ({ isIndex: true, latestStories: content.storySummaries.slice(0, 4), allies: content.allyBrands }),
  },
  // the campaign's pages render their prose from the content folder, which the search indexes too (decision 042)
  { name: 'quienes-somos', component: 'QuienesSomos', props: (_c, content) => ({ texts: content.pageTexts['quienes-somos'] }) },
  { name: 'descargas', component: 'Descargas', props: (_c, content) => ({ texts: content.pageTexts.descargas }) },
  { name: 'datos-agua', component: 'DatosAgua', props: (_c, content) => ({ texts: content.pageTexts['datos-agua'], members: content.members }) },
  { name: 'blog', component: 'Blog', props: (_c, content) => ({ stories: content.storySummaries, facts: content.facts }) },
  {
    name: 'post',
    component: 'Post',
    props: (c, content) => {
      const story = content.storyBySlug.get(c.req.param('slug') ?? '');
      if (!story) return null;
      return { story, popular: popularStories(content.storySummaries, story.slug) };
    },
  },
  { name: 'aliados', component: 'Aliados', props: (_c, content) => ({ allies: content.allies }) },
  {
    name: 'auth',
    component: 'Auth/Login',
    layout: 'fixed',
    noindex: true,
    // `?volver=` (the staff guard's "sign in and come back"): a path of this site only, sent back with the sign-in
    props: (c) => ({ backgrounds: authBackgrounds, returnTo: safeReturnPath(c.req.query('volver')) }),
    // already signed in (on another tab, say): straight on to where the visitor was going
    redirect: (c) => (c.get('authUser') ? safeReturnPath(c.req.query('volver')) : null),
  },
  { name: 'recuperarContrasena', component: 'Auth/RecuperarContrasena', layout: 'fixed', noindex: true, props: () => ({ backgrounds: authBackgrounds }) },
  { name: 'registro', component: 'Auth/Registro', layout: 'fixed', noindex: true, props: () => ({ backgrounds: authBackgrounds }) },
  {
    name: 'resetearContrasenaPost',
    component: 'Auth/ResetearContrasena',
    layout: 'fixed',
    noindex: true,
    props: (c) => ({ token: c.req.param('token') ?? '', backgrounds: authBackgrounds }),
  },
];

const noindex = 'noindex, nofollow';

export interface PagesOptions {
  content: Content;
  appUrl: string;
  /** The Example page exists outside production only. */
  withExample: boolean;
  notFound: (c: Context) => Response | Promise<Response>;
}

/** The SEO props of a page, from the editorial texts in content/pages.json. */
/** schema.org Organization and WebSite of the home page: the publisher's name, address, logo and the site's name. */
function siteStructuredData(appUrl: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: appName,
      url: `${appUrl}/`,
      logo: `${appUrl}/favicon.svg`,
      description: 'Movimiento nacional por el cuidado del agua en México: empresas, fundaciones y jóvenes que suman acciones concretas.',
    },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: appName, url: `${appUrl}/`, inLanguage: 'es-MX' },
  ];
}

export function seoFor(
  c: Context,
  content: Content,
  appUrl: string,
  key: string,
  override?: { title?: string; description?: string; keywords?: string; img?: string; imgAlt?: string; jsonLd?: Record<string, unknown>[] },
) {
  const text = content.pagesSeo[key] ?? content.pagesSeo.index;
  const url = new URL(c.req.url);
  return {
    title: override?.title ?? text?.title ?? '',
    description: override?.description ?? text?.description ?? '',
    keywords: override?.keywords ?? text?.keywords ?? '',
    url: `${appUrl}${url.pathname}`,
    img: override?.img ?? (text?.img ? `${appUrl}${text.img}` : undefined),
    ...(override?.imgAlt ? { imgAlt: override.imgAlt } : {}),
    baseUrl: appUrl,
    // the home page says who publishes the site and what it is called; a story says what it is and where it sits
    ...(override?.jsonLd ? { jsonLd: override.jsonLd } : key === 'index' ? { jsonLd: siteStructuredData(appUrl) } : {}),
  };
}

/**
 * GET handlers of every page of product §10.1, each answering with its page object, preceded by what search engines
 * read about those pages (sitemap, robots, the stories' feed — the feed's path must win over the story slug).
 */
export function registerPageRoutes(app: Hono, { content, appUrl, withExample, notFound }: PagesOptions): void {
  registerSeoRoutes(app, { content, appUrl });
  for (const page of pageRoutes) {
    app.get(routerPath(page.name), async (c) => {
      const elsewhere = page.redirect?.(c);
      if (elsewhere) return c.redirect(elsewhere, 302);
      const props = page.props ? page.props(c, content) : {};
      if (props === null) return notFound(c);
      const story = page.name === 'post' ? (props.story as Story) : undefined;
      const seo = { ...seoFor(c, content, appUrl, page.name, story && storySeo(story, appUrl)), ...(page.noindex ? { robots: noindex } : {}) };
      if (page.noindex) c.header('X-Robots-Tag', noindex);
      return c.var.page(page.component, { ...props, seo, ...(page.layout ? { layout: page.layout } : {}) });
    });
  }
  if (withExample) {
    app.get(routerPath('example'), (c) => c.var.page('Example', { seo: seoFor(c, content, appUrl, 'example') }));
  }
}
