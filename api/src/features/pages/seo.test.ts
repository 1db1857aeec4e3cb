import { describe, expect, it } from 'vitest';
import type { PageObject, Story } from '@gota/shared/contracts';
import { testApp as fullTestApp } from '../../testing/test-app';
import { renderFeed } from './feed';
import { escapeXml, rfc822 } from './xml';

/** The app alone at http://sitio.test (the address the expected links use), over the test settings with these overrides. */
const testApp = (env: Record<string, string> = {}) => fullTestApp({ env: { APP_URL: 'http://sitio.test', ...env } }).app;

const app = testApp();
const inertia = { 'X-Inertia': 'true' };

async function pageProps(path: string): Promise<Record<string, unknown>> {
  const response = await app.request(path, { headers: inertia });
  expect(response.status).toBe(200);
  return ((await response.json()) as PageObject).props;
}

describe('publicly cacheable answers (#12 row 12)', () => {
  it('robots.txt, sitemap.xml and the feed set no cookie, even for a browser that has none yet', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/historias/feed.xml']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toMatch(/public/);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('X-CSRF-TOKEN')).toBeNull();
    }
  });

  it('so do the pages a visitor without a session gets (decision 040)', async () => {
    for (const headers of [{}, inertia]) {
      const response = await app.request('/historias', { headers });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('X-CSRF-TOKEN')).toBeNull();
    }
    // the page object is public; the document too, once its render is complete (page-answers.test.ts)
    expect((await app.request('/historias', { headers: inertia })).headers.get('Cache-Control')).toMatch(/^public, /);
  });
});

describe('sitemap.xml', () => {
  it('marks account pages noindex in the page and the header, and content pages indexable (#16 row 10)', async () => {
    for (const path of ['/login', '/registro', '/recuperar-contrasena', `/resetear-contrasena/${'A'.repeat(43)}`]) {
      const response = await app.request(path);
      expect(response.headers.get('X-Robots-Tag'), path).toBe('noindex, nofollow');
      expect(await response.text(), path).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    const home = await app.request('/historias');
    expect(home.headers.get('X-Robots-Tag')).toBeNull();
    expect(await home.text()).toContain('<meta name="robots" content="index, follow">');
  });

  it('lists the content pages and every story with absolute URLs, stories with their date', async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/quienes-somos', '/campana', '/datos-agua', '/historias', '/aliados']) {
      expect(locs).toContain(`http://sitio.test${path}`);
    }
    // content pages only (#16 row 10)
    for (const path of ['/login', '/registro', '/recuperar-contrasena']) expect(locs).not.toContain(`http://sitio.test${path}`);
    expect(locs.filter((loc) => loc?.startsWith('http://sitio.test/historias/'))).toHaveLength(15);
    expect(xml).toContain('<loc>http://sitio.test/historias/proyecto-cinco-aguas</loc>\n    <lastmod>2025-08-08</lastmod>');
    expect(xml).not.toContain('/example');
  });
});

describe('robots.txt', () => {
  it('allows everything but private files and announces the sitemap', async () => {
    const response = await app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/private\/$/m);
    expect(text).toMatch(/^Sitemap: http:\/\/sitio\.test\/sitemap\.xml$/m);
  });
});

describe('the stories feed', () => {
  it('is RSS 2.0 with one item per story, newest first', async () => {
    const response = await app.request('/historias/feed.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<link>http://sitio.test/historias</link>');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');
    expect(items).toHaveLength(15);
    expect(items[0]).toContain('<title>Un latido en cada gota</title>');
    expect(items[0]).toContain('<link>http://sitio.test/historias/un-latido-en-cada-gota</link>');
    expect(items[0]).toContain('<guid isPermaLink="true">http://sitio.test/historias/un-latido-en-cada-gota</guid>');
    expect(items[0]).toContain('<pubDate>Fri, 17 Oct 2025 06:00:00 GMT</pubDate>');
    for (const item of items) expect(item).toMatch(/<description>[^<]+<\/description>/);
  });

  it('escapes what an editor writes', () => {
    const story = {
      titulo: 'Agua & <b>jabón</b>',
      slug: 'a',
      text: '"Comillas" y \'apóstrofos\'',
      fechaData: '2025-07-01',
      tags: ['AGUA'],
    } as Story;
    const xml = renderFeed('http://sitio.test', [story]);
    expect(xml).toContain('<title>Agua &amp; &lt;b&gt;jabón&lt;/b&gt;</title>');
    expect(xml).toContain('<description>&quot;Comillas&quot; y &apos;apóstrofos&apos;</description>');
    expect(escapeXml('<&>')).toBe('&lt;&amp;&gt;');
    expect(rfc822('2025-06-27')).toBe('Fri, 27 Jun 2025 06:00:00 GMT');
  });

  it('is announced in the head of every page', async () => {
    for (const path of ['/', '/historias', '/aliados', '/no-existe']) {
      const html = await (await app.request(path)).text();
      expect(html, path).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Historias · Gota a Gota" href="http://sitio.test/historias/feed.xml">',
      );
    }
  });
});

describe('a story page', () => {
  it('carries its title, description, keywords, image and canonical url', async () => {
    const html = await (await app.request('/historias/perro-detector-de-fugas')).text();
    expect(html).toContain('<title>Canela, la perrita que encuentra fugas bajo el pavimento · Historias</title>');
    expect(html).toMatch(/<meta name="description" content="Entrenada para reconocer el olor del agua tratada/);
    expect(html).toContain('<meta name="keywords" content="innovación, fugas, ciudades">');
    expect(html).toContain(
      '<meta property="og:image" content="http://sitio.test/img/historias/compartir/perro-detector-de-fugas.jpg">',
    );
    expect(html).toContain('<link rel="canonical" href="http://sitio.test/historias/perro-detector-de-fugas">');
    expect(html).toContain('<meta property="og:type" content="article">');
  });

  it('carries a JSON-LD Article that parses', async () => {
    const html = await (await app.request('/historias/proyecto-cinco-aguas')).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    const article = JSON.parse(scripts[0]?.[1] ?? '') as Record<string, unknown>;
    expect(JSON.parse(scripts[1]?.[1] ?? '')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'http://sitio.test/' },
        { '@type': 'ListItem', position: 2, name: 'Historias', item: 'http://sitio.test/historias' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Cinco Aguas: cuidar la cuenca desde donde nace el río',
          item: 'http://sitio.test/historias/proyecto-cinco-aguas',
        },
      ],
    });
    expect(html).toContain(
      '<meta property="og:image:alt" content="Tarjeta de la historia «Cinco Aguas: cuidar la cuenca desde donde nace el río», con su ilustración">',
    );
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Cinco Aguas: cuidar la cuenca desde donde nace el río',
      datePublished: '2025-08-08',
      image: [
        'http://sitio.test/img/historias/compartir/proyecto-cinco-aguas.jpg',
        'http://sitio.test/img/historias/proyecto-cinco-aguas.svg',
      ],
      author: { '@type': 'Organization', name: 'Gota a Gota' },
      publisher: { '@type': 'Organization', name: 'Gota a Gota' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'http://sitio.test/historias/proyecto-cinco-aguas' },
    });
    expect(article.description).toMatch(/^Cinco arroyos/);
  });

  it('describes the organisation and the site on the home page, and nothing on other pages', async () => {
    const home = await (await app.request('/')).text();
    const types = [...home.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => (JSON.parse(match[1] ?? '') as { '@type': string })['@type'],
    );
    expect(types).toEqual(['Organization', 'WebSite']);
    expect(home).toContain('<meta name="twitter:image:alt" content="Gota a Gota: una gota sobre un degradado azul">');
    const html = await (await app.request('/historias')).text();
    expect(html).not.toContain('application/ld+json');
    expect(html).toContain('<meta property="og:image:alt"');
  });

  it('answers an unknown slug with 404', async () => {
    const response = await app.request('/historias/no-existe');
    expect(response.status).toBe(404);
  });

  it('answers the not-found page to a slug no story could have', async () => {
    for (const slug of ['Un-Latido-En-Cada-Gota', 'un_latido', '%C3%B1', 'x'.repeat(300)]) {
      const response = await app.request(`/historias/${slug}`, { headers: inertia });
      expect({ slug, status: response.status, component: ((await response.json()) as PageObject).component }).toEqual({
        slug,
        status: 404,
        component: 'NotFound',
      });
    }
  });
});

describe('story props', () => {
  it('gives the Blog page every story newest first with its index, and the 8 facts', async () => {
    const props = await pageProps('/historias');
    const stories = props.stories as { slug: string; index: number; fechaData: string }[];
    expect(stories).toHaveLength(15);
    expect(stories.map((story) => story.index)).toEqual([...Array(15).keys()]);
    expect(stories[0]?.slug).toBe('un-latido-en-cada-gota');
    expect(stories[0]).not.toHaveProperty('bodyHtml');
    expect(props.facts).toHaveLength(8);
  });

  it('gives the Post page its story and the first three other stories', async () => {
    const props = await pageProps('/historias/un-latido-en-cada-gota');
    expect((props.story as Story).bodyHtml).toContain('<h2>');
    expect((props.popular as { slug: string }[]).map((story) => story.slug)).toEqual([
      'foro-economia-del-agua-2025',
      'ecoansiedad-y-ecoesperanza',
      'programa-agua-bebidas',
    ]);
    const older = await pageProps('/historias/premio-juvenil-oaxaca');
    expect((older.popular as { slug: string }[]).map((story) => story.slug)).toEqual([
      'un-latido-en-cada-gota',
      'foro-economia-del-agua-2025',
      'ecoansiedad-y-ecoesperanza',
    ]);
  });

  it('gives the Index page the 4 newest stories, keeping the index bar style', async () => {
    const props = await pageProps('/');
    expect(props.isIndex).toBe(true);
    expect((props.latestStories as { slug: string; index: number }[]).map(({ slug, index }) => [slug, index])).toEqual([
      ['un-latido-en-cada-gota', 0],
      ['foro-economia-del-agua-2025', 1],
      ['ecoansiedad-y-ecoesperanza', 2],
      ['programa-agua-bebidas', 3],
    ]);
  });

  it("gives the Index page each ally's name and logo, and nothing the strip does not show", async () => {
    const allies = (await pageProps('/')).allies as Record<string, unknown>[];
    expect(allies.length).toBeGreaterThanOrEqual(20);
    for (const ally of allies) expect(Object.keys(ally).sort()).toEqual(['empresa', 'img']);
  });
});
