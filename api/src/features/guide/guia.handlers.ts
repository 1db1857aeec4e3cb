import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { GuiaPageProps, Seo } from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import type { AppEnv } from '../../types';

/** The name of the guides' index (docs/equipo/README.md) in the panel's addresses. */
const indexName = 'indice';

/** A guide's address in the panel, from a link between the guides (`historias.md#publicar`, `README.md`). */
function guideHref(href: string): string | undefined {
  const match = /^(?:\.\/)?([a-z0-9-]+|README)\.md(#[\w-]*)?$/i.exec(href);
  if (!match) return undefined;
  const name = match[1] === 'README' ? indexName : match[1]!;
  return `${route('panelGuia', { name })}${match[2] ?? ''}`;
}

/**
 * A guide's Markdown as the panel shows it: its title (the first `# ` line) apart, the rest as HTML with only what
 * prose needs. Images come from the guides' own folder through the panel; links to another guide stay in the panel,
 * https and mailto links open as they are, and a link to the developers' docs keeps its words without the link.
 */
export function renderGuide(markdown: string): GuiaPageProps {
  const title = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? 'Guía del equipo';
  const body = markdown.replace(/^# .+$/m, '');
  const html = sanitizeHtml(marked.parse(body, { async: false, gfm: true }), {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'a',
      'blockquote',
      'code',
      'pre',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'br',
    ],
    allowedAttributes: { a: ['href'], img: ['src', 'alt', 'loading'] },
    allowedSchemes: ['https', 'mailto'],
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href ?? '';
        const inPanel = guideHref(href);
        if (inPanel) return { tagName, attribs: { href: inPanel } };
        if (/^(https|mailto):/i.test(href) || href.startsWith('#')) return { tagName, attribs: { href } };
        return { tagName: 'span', attribs: {} };
      },
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const file = /^img\/([a-z0-9-]+\.png)$/.exec(attribs.src ?? '')?.[1];
        return file
          ? {
              tagName,
              attribs: { src: `${route('panelGuia', { name: 'img' })}/${file}`, alt: attribs.alt ?? '', loading: 'lazy' },
            }
          : { tagName: 'span', attribs: {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'span' && frame.text.trim() === '',
  });
  return { title, html };
}

export interface GuiaDeps {
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
  notFoundPage: (c: Context<AppEnv>) => Response | Promise<Response>;
  /** The guides' folder (docs/equipo). */
  dir: string;
}

/**
 * The campaign team's guides in the panel (`/panel/guia/{name}`, for every member: the /panel guard applies), read
 * from docs/equipo once, at start: the same Spanish texts the repository keeps, with their screenshots.
 */
export function registerGuiaRoutes(app: Hono<AppEnv>, { seo, notFoundPage, dir }: GuiaDeps): void {
  const guides = new Map<string, GuiaPageProps>();
  if (existsSync(dir)) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.md'))) {
      guides.set(file === 'README.md' ? indexName : file.slice(0, -3), renderGuide(readFileSync(path.join(dir, file), 'utf8')));
    }
  }
  app.get(`${routerPath('panelGuia').replace(':name', 'img')}/:file{[a-z0-9-]+\\.png}`, (c) => {
    const file = path.join(dir, 'img', c.req.param('file') ?? '');
    if (!existsSync(file)) return notFoundPage(c);
    return c.body(new Uint8Array(readFileSync(file)), 200, { 'Content-Type': 'image/png' });
  });
  app.get(routerPath('panelGuia'), (c) => {
    const guide = guides.get(c.req.param('name') ?? '');
    if (!guide) return notFoundPage(c);
    return c.var.page('Panel/Guia', {
      ...guide,
      seo: seo(c, `${guide.title} | Guías del equipo | Gota a Gota`, 'Las guías del equipo de campaña.'),
    });
  });
}
