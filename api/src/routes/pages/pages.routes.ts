import type { Context, Hono } from 'hono';
import type { Background, LayoutName } from '@gota/shared/contracts';
import { routerPath, type RouteName } from '@gota/shared/routes';
import type { Content } from '../../content/load-content';
import { storySummary } from './story-props';

/** Phone and desktop backgrounds of the auth pages: the switch is at 800 px (SPEC §2 Login). */
const authBackgrounds: Background[] = [
  { minWidth: 0, path: '/img/fondo-auth-movil.svg', covers: ['rgba(26, 15, 43, 0.35)'] },
  { minWidth: 800, path: '/img/fondo-auth-escritorio.svg', covers: ['rgba(26, 15, 43, 0.35)'] },
];

interface PageRoute {
  name: RouteName;
  component: string;
  layout?: LayoutName;
  props?: (c: Context, content: Content) => Record<string, unknown> | null;
}

const pageRoutes: PageRoute[] = [
  { name: 'index', component: 'Index', props: () => ({ isIndex: true }) },
  { name: 'quienes-somos', component: 'QuienesSomos' },
  { name: 'descargas', component: 'Descargas' },
  { name: 'datos-agua', component: 'DatosAgua' },
  { name: 'blog', component: 'Blog', props: (_c, content) => ({ stories: content.stories.map((story, index) => storySummary(story, index)) }) },
  {
    name: 'post',
    component: 'Post',
    props: (c, content) => {
      const story = content.storyBySlug.get(c.req.param('slug') ?? '');
      if (!story) return null;
      const popular = content.stories
        .map((other, index) => storySummary(other, index))
        .filter((other) => other.slug !== story.slug)
        .slice(0, 3);
      return { story, popular };
    },
  },
  { name: 'aliados', component: 'Aliados' },
  { name: 'auth', component: 'Auth/Login', layout: 'fixed', props: () => ({ backgrounds: authBackgrounds }) },
  { name: 'recuperarContrasena', component: 'Auth/RecuperarContrasena', layout: 'fixed', props: () => ({ backgrounds: authBackgrounds }) },
  { name: 'registro', component: 'Auth/Registro', layout: 'fixed', props: () => ({ backgrounds: authBackgrounds }) },
  {
    name: 'resetearContrasenaPost',
    component: 'Auth/ResetearContrasena',
    layout: 'fixed',
    props: (c) => ({ token: c.req.param('token') ?? '', backgrounds: authBackgrounds }),
  },
];

export interface PagesOptions {
  content: Content;
  appUrl: string;
  /** The Example page exists outside production only. */
  withExample: boolean;
  notFound: (c: Context) => Response | Promise<Response>;
}

/** The SEO props of a page, from the editorial texts in content/pages.json. */
export function seoFor(c: Context, content: Content, appUrl: string, key: string, override?: { title?: string; description?: string; keywords?: string; img?: string }) {
  const text = content.pagesSeo[key] ?? content.pagesSeo.index;
  const url = new URL(c.req.url);
  return {
    title: override?.title ?? text?.title ?? '',
    description: override?.description ?? text?.description ?? '',
    keywords: override?.keywords ?? text?.keywords ?? '',
    url: `${appUrl}${url.pathname}`,
    img: override?.img ?? (text?.img ? `${appUrl}${text.img}` : undefined),
    baseUrl: appUrl,
  };
}

/** GET handlers of every page of SPEC "Decisions", each answering with its page object. */
export function registerPageRoutes(app: Hono, { content, appUrl, withExample, notFound }: PagesOptions): void {
  for (const page of pageRoutes) {
    app.get(routerPath(page.name), async (c) => {
      const props = page.props ? page.props(c, content) : {};
      if (props === null) return notFound(c);
      const story = page.name === 'post' ? (props.story as { titulo: string; text: string; tags: string[] }) : undefined;
      const seo = seoFor(c, content, appUrl, page.name, story && { title: `${story.titulo} · Historias`, description: story.text, keywords: story.tags.join(', ').toLowerCase() });
      return c.var.page(page.component, { ...props, seo, ...(page.layout ? { layout: page.layout } : {}) });
    });
  }
  if (withExample) {
    app.get(routerPath('example'), (c) => c.var.page('Example', { seo: seoFor(c, content, appUrl, 'example') }));
  }
}
