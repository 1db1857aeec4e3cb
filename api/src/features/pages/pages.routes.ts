import type { Context, Hono } from 'hono';
import {
  appName,
  type Background,
  type EditablePage,
  type LayoutName,
  type PagePropsMap,
  type SharedProps,
} from '@gota/shared/contracts';
import { LoginPageQuerySchema, RegisterPageQuerySchema, ResetPageParamsSchema, StoryParamsSchema } from '@gota/shared/schemas';
import { route, routerPath, type PageComponent, type RouteName } from '@gota/shared/routes';
import type { Content } from '../content';
import { validate } from '../../security/validation';
import type { AppEnv, PageInput, PageStatus } from '../../types';
import { registerSeoRoutes } from './seo.routes';
import type { ShareCards } from '../stories';
import { popularStories, shareCardPath, storySeo } from './story-props';

/** Phone and desktop backgrounds of the auth pages: the switch is at 800 px (product §2 Login). */
const authBackgrounds: Background[] = [
  { minWidth: 0, path: '/img/fondo-auth-movil.svg', covers: ['rgba(26, 15, 43, 0.35)'] },
  { minWidth: 800, path: '/img/fondo-auth-escritorio.svg', covers: ['rgba(26, 15, 43, 0.35)'] },
];

interface PageRoute<K extends PageComponent> {
  name: RouteName;
  component: K;
  layout?: LayoutName;
  /** Kept out of search results: `noindex` in the page and in `X-Robots-Tag` (account pages). */
  noindex?: boolean;
}

/** What a page's handler gives page `K` (`PagePropsMap`): `pageSender` adds its SEO and layout. */
type SentProps<K extends PageComponent> = PagePropsMap[K] & Partial<Pick<SharedProps, 'errors' | 'backgrounds' | 'isIndex'>>;

/**
 * A page that reads nothing of its address: its props come from the content alone. Each `props` states its page's props
 * as its return type, so that a prop the page does not have fails the typecheck.
 */
interface ContentPage<K extends PageComponent> extends PageRoute<K> {
  props: (content: Content) => SentProps<K>;
}

/** The password recovery's page: a content page, and an account page whose form works without JavaScript. */
const recoveryPage: ContentPage<'Auth/RecuperarContrasena'> = {
  name: 'recuperarContrasena',
  component: 'Auth/RecuperarContrasena',
  layout: 'fixed',
  noindex: true,
  props: (): SentProps<'Auth/RecuperarContrasena'> => ({ backgrounds: authBackgrounds }),
};

/** The pages whose props come from the content alone. */
const pageRoutes: { [K in PageComponent]: ContentPage<K> }[PageComponent][] = [
  {
    name: 'index',
    component: 'Index',
    // the allies strip shows names and logos only: the descriptions would add some 8 KB to every home page
    props: (content): SentProps<'Index'> => ({
      isIndex: true,
      latestStories: content.storySummaries.slice(0, 4),
      allies: content.allyBrands,
      counters: content.counters,
    }),
  },
  // the campaign's pages render their prose from the content folder, which the search indexes too (decision 042)
  {
    name: 'quienes-somos',
    component: 'QuienesSomos',
    props: (content): SentProps<'QuienesSomos'> => ({ texts: content.pageTexts['quienes-somos'] }),
  },
  {
    name: 'descargas',
    component: 'Descargas',
    props: (content): SentProps<'Descargas'> => ({ texts: content.pageTexts.descargas, kit: content.kit }),
  },
  {
    name: 'datos-agua',
    component: 'DatosAgua',
    props: (content): SentProps<'DatosAgua'> => ({
      texts: content.pageTexts['datos-agua'],
      members: content.members,
      facts: content.facts,
    }),
  },
  {
    name: 'blog',
    component: 'Blog',
    props: (content): SentProps<'Blog'> => ({ stories: content.storySummaries, facts: content.facts }),
  },
  { name: 'aliados', component: 'Aliados', props: (content): SentProps<'Aliados'> => ({ allies: content.allies }) },
  recoveryPage,
];

/** The pages that read their address, each validated by a schema of `@gota/shared/schemas` (registerPageRoutes). */
const postPage: PageRoute<'Post'> = { name: 'post', component: 'Post' };
const loginPage: PageRoute<'Auth/Login'> = { name: 'auth', component: 'Auth/Login', layout: 'fixed', noindex: true };
const registroPage: PageRoute<'Auth/Registro'> = { name: 'registro', component: 'Auth/Registro', layout: 'fixed', noindex: true };
const resetPage: PageRoute<'Auth/ResetearContrasena'> = {
  name: 'resetearContrasenaPost',
  component: 'Auth/ResetearContrasena',
  layout: 'fixed',
  noindex: true,
};
const secondStepPage: PageRoute<'Auth/SegundoPaso'> = {
  name: 'segundoPaso',
  component: 'Auth/SegundoPaso',
  layout: 'fixed',
  noindex: true,
};

/** The account pages whose form also works without JavaScript, by the route their form posts to (decision 043). */
const accountRoutes = {
  auth: loginPage,
  registro: registroPage,
  recuperarContrasena: recoveryPage,
  resetearContrasenaPost: resetPage,
  segundoPaso: secondStepPage,
};
export type AccountRoute = keyof typeof accountRoutes;
/** What the account page of `R` is given by its handler (`PagePropsMap`). */
export type AccountProps<R extends AccountRoute> = SentProps<(typeof accountRoutes)[R]['component']>;

const noindex = 'noindex, nofollow';

export interface PagesOptions {
  appUrl: string;
  /** The Example page exists outside production only. */
  withExample: boolean;
  notFound: (c: Context<AppEnv>) => Response | Promise<Response>;
  /** The stories' share cards, kept in the database. */
  shareCards: Pick<ShareCards, 'ensure'>;
}

/** A withdrawn story's address (issue #41 item 5): 410, with the site's page saying so. */
const goneMessages = {
  title: 'Esta historia ya no está disponible | Gota a Gota',
  description: 'El equipo de campaña retiró esta historia del sitio.',
} as const;

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
      description:
        'Movimiento nacional por el cuidado del agua en México: empresas, fundaciones y jóvenes que suman acciones concretas.',
    },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: appName, url: `${appUrl}/`, inLanguage: 'es-MX' },
  ];
}

export function seoFor(
  c: Context<AppEnv>,
  appUrl: string,
  key: string,
  override?: {
    title?: string;
    description?: string;
    keywords?: string;
    img?: string;
    imgAlt?: string;
    jsonLd?: Record<string, unknown>[];
  },
) {
  const { pagesSeo } = c.var.content;
  const text = pagesSeo[key] ?? pagesSeo.index;
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

/** Answers a page of `pageRoutes` (or one that reads its address) with its props, SEO and layout. */
function pageSender(appUrl: string) {
  return <K extends PageComponent>(
    c: Context<AppEnv>,
    page: PageRoute<K>,
    props: SentProps<K>,
    override?: Parameters<typeof seoFor>[3],
    status?: PageStatus,
  ) => {
    const seo = { ...seoFor(c, appUrl, page.name, override), ...(page.noindex ? { robots: noindex } : {}) };
    if (page.noindex) c.header('X-Robots-Tag', noindex);
    // `props` are page K's (checked where they are written); TypeScript does not follow a generic page's props through a spread
    const input = { ...props, seo, ...(page.layout ? { layout: page.layout } : {}) } as PageInput<K>;
    return c.var.page(page.component, input, status ? { status } : undefined);
  };
}

/**
 * The account pages as the answer to their form sent without JavaScript (decision 043): the page of `route` for this
 * request with `props` added (errors, the fields sent back, a success's message) at `status`. A refusal's page is
 * titled 'Error: …', as GOV.UK's pattern asks, so a screen reader's first words say the form was not accepted.
 *
 * @example
 * const account = accountPages({ appUrl })
 * account(c, 'registro', { errors, values }, 422)
 */
export function accountPages({ appUrl }: { appUrl: string }) {
  const send = pageSender(appUrl);
  return <R extends AccountRoute>(c: Context<AppEnv>, route: R, props: AccountProps<R>, status: PageStatus = 200) => {
    const page = accountRoutes[route];
    const title = c.var.content.pagesSeo[page.name]?.title;
    return send(
      c,
      page,
      { backgrounds: authBackgrounds, ...props },
      status >= 400 && title ? { title: `Error: ${title}` } : undefined,
      status,
    );
  };
}

/**
 * A page whose props come from the content alone (one of the panel's editable pages), made from the request's content
 * (`c.var.content`) and never indexed: the panel's preview of an unsaved set puts the draft in that content first
 * (decision 066), so the page is the public one with the draft in place of what is published.
 *
 * @example
 * contentPages({ appUrl })(c, 'quienes-somos')
 */
export function contentPages({ appUrl }: { appUrl: string }) {
  const send = pageSender(appUrl);
  return (c: Context, name: EditablePage) => {
    const page = pageRoutes.find((candidate) => candidate.name === name)!;
    return send(c, { ...page, noindex: true }, page.props?.(c.var.content) ?? {});
  };
}

/**
 * The shell's error page, for a form sent without JavaScript that has no page of its own ('Cerrar sesión', a lead's
 * actions) and was refused (decision 043): the one line the script would have shown, at the refusal's status.
 *
 * @example
 * errorPages({ appUrl })(c, signOutFailedMessage, 503)
 */
export function errorPages({ appUrl }: { appUrl: string }) {
  return (c: Context<AppEnv>, message: string, status: PageStatus) => {
    const seo = {
      ...seoFor(c, appUrl, 'notFound', { title: `Error · ${appName}`, description: message, keywords: '' }),
      robots: noindex,
    };
    return c.var.page('Error', { message, seo }, { status });
  };
}

/**
 * GET handlers of every page of product §10.1, each answering with its page object, preceded by what search engines
 * read about those pages (sitemap, robots, the stories' feed — the feed's path must win over the story slug).
 */
export function registerPageRoutes(app: Hono<AppEnv>, { appUrl, withExample, notFound, shareCards }: PagesOptions): void {
  registerSeoRoutes(app, { appUrl });
  const send = pageSender(appUrl);
  const gone = (c: Context<AppEnv>) =>
    c.var.page(
      'NotFound',
      {
        seo: {
          ...seoFor(c, appUrl, 'notFound', { title: goneMessages.title, description: goneMessages.description, keywords: '' }),
          robots: noindex,
        },
      },
      { status: 410 },
    );
  for (const page of pageRoutes) app.get(routerPath(page.name), (c) => send(c, page, page.props(c.var.content)));

  // a story's share card (issue #41 item 4): drawn when the story is published and kept in the database (share-cards.ts);
  // its address changes with the title and the photo, so it is kept a year
  app.get(`${routerPath('post')}/:card{tarjeta-[0-9a-f]{12}\\.png}`, async (c) => {
    const story = c.var.content.storyBySlug.get(c.req.param('slug') ?? '');
    if (!story || shareCardPath(story) !== c.req.path) return c.text('No encontramos esa imagen.', 404);
    return c.body(new Uint8Array(await shareCards.ensure(story)), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  // a slug no story could have is no story: the not-found page, as for an unknown one
  app.get(routerPath('post'), validate('param', StoryParamsSchema, notFound), (c) => {
    const content = c.var.content;
    const { slug } = c.req.valid('param');
    const story = content.storyBySlug.get(slug);
    if (!story) {
      // an address a published story had before its slug changed, and one of a withdrawn story (issue #41 item 5)
      const moved = content.redirects.get(slug);
      if (moved) return c.redirect(route('post', { slug: moved }), 301);
      return content.gone.has(slug) ? gone(c) : notFound(c);
    }
    return send(c, postPage, { story, popular: popularStories(content.storySummaries, story.slug) }, storySeo(story, appUrl));
  });
  app.get(routerPath('auth'), validate('query', LoginPageQuerySchema), (c) => {
    // `?volver=` (the staff guard's "sign in and come back"): a path of this site only, sent back with the sign-in
    const { volver } = c.req.valid('query');
    // already signed in (on another tab, say): straight on to where the visitor was going
    if (c.get('authUser') && volver) return c.redirect(volver, 302);
    return send(c, loginPage, { backgrounds: authBackgrounds, returnTo: volver });
  });
  // `?volver=` too: an invitation to the team sends a person without an account here and back (decision 051)
  app.get(routerPath('registro'), validate('query', RegisterPageQuerySchema), (c) =>
    send(c, registroPage, { backgrounds: authBackgrounds, returnTo: c.req.valid('query').volver }),
  );
  app.get(routerPath('resetearContrasenaPost'), validate('param', ResetPageParamsSchema), (c) =>
    send(c, resetPage, { token: c.req.valid('param').token, backgrounds: authBackgrounds }),
  );
  if (withExample) {
    app.get(routerPath('example'), (c) => c.var.page('Example', { seo: seoFor(c, appUrl, 'example') }));
  }
}
