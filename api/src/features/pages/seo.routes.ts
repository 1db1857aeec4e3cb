import type { Hono } from 'hono';
import type { Content } from '../content';
import { feedPath, renderFeed } from './feed';
import { renderRobots, renderSitemap } from './sitemap';
import type { AppEnv } from '../../types';

export interface SeoRoutesOptions {
  /** Absolute origin of the site (APP_URL), without a trailing slash. */
  appUrl: string;
}

/**
 * The sitemap and the feed change when the team publishes (decision 049): kept by an edge for a minute, as a page is;
 * the robots file only with a deploy.
 */
const listCacheControl = 'public, max-age=60';
const robotsCacheControl = 'public, max-age=3600';

/**
 * `/sitemap.xml`, `/robots.txt` and the stories' RSS feed. Registered before the page routes: the feed's path would
 * otherwise be read as a story slug. The sitemap and the feed are written once per content.
 */
export function registerSeoRoutes(app: Hono<AppEnv>, { appUrl }: SeoRoutesOptions): void {
  const written = new WeakMap<Content, { sitemap: string; feed: string }>();
  const lists = (content: Content) => {
    let known = written.get(content);
    if (!known)
      written.set(
        content,
        (known = { sitemap: renderSitemap(appUrl, content.stories), feed: renderFeed(appUrl, content.stories) }),
      );
    return known;
  };
  const robots = renderRobots(appUrl);
  app.get('/sitemap.xml', (c) =>
    c.body(lists(c.var.content).sitemap, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': listCacheControl,
    }),
  );
  app.get('/robots.txt', (c) => c.text(robots, 200, { 'Cache-Control': robotsCacheControl }));
  app.get(feedPath, (c) =>
    c.body(lists(c.var.content).feed, 200, {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': listCacheControl,
    }),
  );
}
