import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { repoRoot } from '../support/servers';
import { heading } from '../support/site';

/**
 * The stories imported into a fresh database from api/content/stories (decision 049); an editor's test may publish more
 * on the same server meanwhile.
 */
const importedSlugs = readdirSync(path.join(repoRoot, 'api/content/stories'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -3));

/** What a search engine, a feed reader or a link preview gets from the HTML alone, without running any script. */
test.describe('stories for search engines and sharing', () => {
  test('a shared story link carries title, description and a raster preview image', async ({ request, baseURL }) => {
    const response = await request.get('/historias/perro-detector-de-fugas');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
    expect(meta('og:title')).toBe('Canela, la perrita que encuentra fugas bajo el pavimento · Historias');
    expect(meta('og:description')).toMatch(/^Entrenada para reconocer el olor del agua tratada/);
    expect(meta('og:url')).toBe(`${baseURL}/historias/perro-detector-de-fugas`);
    const image = meta('og:image') ?? '';
    expect(image).toMatch(/\.jpg$/);
    expect(meta('og:image:alt')).toContain('Canela, la perrita que encuentra fugas bajo el pavimento');
    expect(meta('twitter:image:alt')).toBe(meta('og:image:alt'));
    const preview = await request.get(image);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toBe('image/jpeg');

    const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'Article',
      headline: 'Canela, la perrita que encuentra fugas bajo el pavimento',
      datePublished: '2025-09-12',
    });
  });

  test('the feed announced on the home page lists every story, each link opening it', async ({ page, request }) => {
    await page.goto('/');
    const feedUrl = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    const feed = await request.get(feedUrl ?? '');
    expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml/);
    const xml = await feed.text();
    const items = [...xml.matchAll(/<item>\s*<title>([^<]+)<\/title>\s*<link>([^<]+)<\/link>/g)];
    const links = items.map(([, , link]) => link ?? '');
    for (const slug of importedSlugs) expect(links, slug).toContain(new URL(`/historias/${slug}`, links[0]).href);
    const [, title, link] = items[3] ?? [];
    await page.goto(link ?? '');
    await expect(heading(page, title ?? '')).toBeVisible();
  });

  test('every address in the sitemap answers, and robots.txt points to it', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    // the 6 content pages (account pages are noindex and left out, #16 row 10) and every published story
    expect(locs.filter((loc) => !loc.includes('/historias/'))).toHaveLength(6);
    for (const slug of importedSlugs) expect(locs, slug).toContain(`${baseURL}/historias/${slug}`);
    for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);
  });

  test("'Un latido en cada gota' leads to the campaign downloads and opens the video in a new tab", async ({ page }) => {
    await page.goto('/historias/un-latido-en-cada-gota');
    const video = page.getByRole('link', { name: 'ver el video de la campaña' });
    await expect(video).toHaveAttribute('target', '_blank');
    await expect(video).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\//);
    await page.getByRole('link', { name: 'descargar los materiales de la campaña' }).click();
    await expect(page).toHaveURL(/\/campana$/);
    await expect(heading(page, 'Un latido en cada gota')).toBeVisible();
  });
});
