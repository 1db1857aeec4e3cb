import { route, type RouteName } from '@gota/shared/routes';
import type { Story } from '@gota/shared/contracts';
import { escapeXml } from './xml';

/**
 * Pages a search engine should know about: the content pages (issue #16 row 10). Account pages (sign-in,
 * registration, recovery, reset) carry `noindex` instead, and the Example page exists outside production only.
 */
const sitemapRoutes = [
  'index',
  'quienes-somos',
  'descargas',
  'datos-agua',
  'blog',
  'aliados',
] as const satisfies readonly RouteName[];

interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

/** `/sitemap.xml` (sitemaps.org 0.9): every page and every story, with absolute URLs and the stories' dates. */
export function renderSitemap(appUrl: string, stories: Story[]): string {
  const newest = stories[0]?.fechaData;
  const entries: SitemapEntry[] = [
    ...sitemapRoutes.map((name) => ({
      loc: `${appUrl}${route(name)}`,
      lastmod: name === 'blog' || name === 'index' ? newest : undefined,
    })),
    ...stories.map((story) => ({ loc: `${appUrl}${route('post', { slug: story.slug })}`, lastmod: story.fechaData })),
  ];
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `/robots.txt`: everything may be crawled except private files; the sitemap is announced. */
export function renderRobots(appUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /private/\n\nSitemap: ${appUrl}/sitemap.xml\n`;
}
