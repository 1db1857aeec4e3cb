import type { Hono } from 'hono';
import type { Content } from '../../content/load-content';
import { feedPath, renderFeed } from './feed';
import { renderRobots, renderSitemap } from './sitemap';

export interface SeoRoutesOptions {
  content: Content;
  /** Absolute origin of the site (APP_URL), without a trailing slash. */
  appUrl: string;
}

/** Content is loaded once at start, so these answers only change with a deploy: an hour of caching is safe. */
const cacheControl = 'public, max-age=3600';

/**
 * `/sitemap.xml`, `/robots.txt` and the stories' RSS feed. Registered before the page routes: the feed's path would
 * otherwise be read as a story slug.
 */
export function registerSeoRoutes(app: Hono, { content, appUrl }: SeoRoutesOptions): void {
  const sitemap = renderSitemap(appUrl, content.stories);
  const robots = renderRobots(appUrl);
  const feed = renderFeed(appUrl, content.stories);
  app.get('/sitemap.xml', (c) => c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': cacheControl }));
  app.get('/robots.txt', (c) => c.text(robots, 200, { 'Cache-Control': cacheControl }));
  app.get(feedPath, (c) => c.body(feed, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': cacheControl }));
}
