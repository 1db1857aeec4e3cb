import { appName, type Story } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { escapeXml, rfc822 } from './xml';

/** Path of the feed itself, for its atom:link self reference. */
export const feedPath = '/historias/feed.xml';

/** The stories as an RSS 2.0 feed, newest first (content keeps them sorted). */
export function renderFeed(appUrl: string, stories: Story[]): string {
  const blogUrl = `${appUrl}${route('blog')}`;
  const items = stories.map((story) => {
    const link = `${appUrl}${route('post', { slug: story.slug })}`;
    return [
      '    <item>',
      `      <title>${escapeXml(story.titulo)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <description>${escapeXml(story.text)}</description>`,
      `      <pubDate>${rfc822(story.fechaData)}</pubDate>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      ...story.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      '    </item>',
    ].join('\n');
  });
  const newest = stories[0];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`Historias · ${appName}`)}</title>
    <link>${escapeXml(blogUrl)}</link>
    <description>${escapeXml('Historias sobre el cuidado del agua en México: proyectos, personas y empresas que ya están haciendo la diferencia.')}</description>
    <language>es-MX</language>
    <atom:link href="${escapeXml(`${appUrl}${feedPath}`)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${rfc822(newest.fechaData)}</lastBuildDate>\n` : ''}${items.join('\n')}
  </channel>
</rss>
`;
}
