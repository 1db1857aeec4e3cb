import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { searchQueryMaxLength, searchTexts, type MarkedText, type PageProps, type SearchPageProps } from '@gota/shared/contracts';
import { loadContent } from '../content';
import type { Database } from '../../db/database';
import { repoRoot } from '../../env';
import { searchDocuments } from './search-documents';
import { Browser } from '../../testing/browser';
import { countingRenderer } from '../../testing/counting-renderer';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import type { AppEnv } from '../../types';

const inertia = { 'X-Inertia': 'true', Accept: 'text/html, application/xhtml+xml' };
type Page = PageProps<SearchPageProps>;

let database: Database;
let app: Hono<AppEnv>;
beforeAll(async () => {
  database = await testDatabase();
  ({ app } = testApp({ database }));
});
afterAll(() => database.close());

async function searchFor(query: string, extra = ''): Promise<{ status: number; props: Page; headers: Headers }> {
  const res = await new Browser(app).get(`/buscar${query || extra ? `?q=${encodeURIComponent(query)}${extra}` : ''}`, inertia);
  const body = (await res.json()) as { component: string; props: Page };
  expect(body.component).toBe('Buscar');
  return { status: res.status, props: body.props, headers: res.headers };
}

const plain = (text: MarkedText) => text.join('');
const marked = (text: MarkedText) => text.filter((_, index) => index % 2 === 1);
const content = loadContent(path.join(repoRoot, 'api/content'));
/** Every word a visitor can read, exactly as written. */
const contentWords = new Set(
  searchDocuments(content)
    .flatMap((document) => [document.title, document.extra, document.body])
    .join(' ')
    .match(/[\p{L}\p{N}]+/gu),
);

/**
 * Issue #34 item 2, one row per rule. `typed` is nowhere in the content as it is written (checked below), so only the
 * rule can find the expected result.
 */
const spanishAsTyped = [
  {
    rule: 'accents and case',
    query: 'alianza hidrica',
    typed: 'hidrica',
    finds: 'Alianza Hídrica del Bajío',
    marks: ['Alianza', 'Hídrica'],
  },
  {
    rule: 'accents and case',
    query: 'ALIANZA HÍDRICA',
    typed: 'HÍDRICA',
    finds: 'Alianza Hídrica del Bajío',
    marks: ['Alianza', 'Hídrica'],
  },
  {
    rule: 'stemming',
    query: 'perritas',
    typed: 'perritas',
    finds: 'Canela, la perrita que encuentra fugas bajo el pavimento',
    marks: ['perrita'],
  },
  { rule: 'stemming', query: 'guardián', typed: 'guardián', finds: 'Red de Guardianes del Acuífero', marks: ['Guardianes'] },
  { rule: 'prefix while typing', query: 'acuí', typed: 'acuí', finds: 'Red de Guardianes del Acuífero', marks: ['Acuífero'] },
  {
    rule: 'prefix while typing',
    query: 'red de guardianes del acuif',
    typed: 'acuif',
    finds: 'Red de Guardianes del Acuífero',
    marks: ['Acuífero'],
  },
  {
    rule: 'a typo in a long word',
    query: 'comunidaes',
    typed: 'comunidaes',
    finds: 'Cinco Aguas: cuidar la cuenca desde donde nace el río',
    marks: ['comunidades'],
  },
  {
    rule: 'a typo in a long word',
    query: 'alianxa hidrica',
    typed: 'alianxa',
    finds: 'Alianza Hídrica del Bajío',
    marks: ['Alianza', 'Hídrica'],
  },
];

describe(`the search, Spanish as people type it, on ${testDatabaseKind}`, () => {
  it.each(spanishAsTyped)('$rule: «$query» finds «$finds»', async ({ query, typed, finds, marks }) => {
    expect(contentWords.has(typed)).toBe(false);
    const { status, props } = await searchFor(query);
    expect(status).toBe(200);
    const hit = props.results!.hits.find((candidate) => plain(candidate.title) === finds);
    expect(hit, `sin «${finds}» en ${JSON.stringify(props.results!.hits.map((h) => plain(h.title)))}`).toBeDefined();
    expect([...marked(hit!.title), ...marked(hit!.snippet)]).toEqual(expect.arrayContaining(marks));
  });

  it.each(['comunidaes', 'agua', 'acuí', 'perritas'])(
    'shows where «%s» matched in every result: a mark in its title or its snippet',
    async (query) => {
      const { props } = await searchFor(query);
      expect(props.results!.hits.length).toBeGreaterThan(0);
      for (const hit of props.results!.hits)
        expect([...marked(hit.title), ...marked(hit.snippet)], plain(hit.title)).not.toEqual([]);
    },
  );

  it('ranks a match in the title over one in the body', async () => {
    const { props } = await searchFor('perrita');
    const titles = props.results!.hits.map((hit) => plain(hit.title));
    expect(titles[0]).toBe('Canela, la perrita que encuentra fugas bajo el pavimento');
  });

  it('finds each kind of text: a story, a water fact, an ally, a member and a part of a page', async () => {
    const kinds = async (query: string) => (await searchFor(query)).props.results!.hits.map((hit) => `${hit.kind} ${hit.url}`);
    expect(await kinds('llave que gotea')).toContain('dato /historias');
    expect(await kinds('guardianes acuifero')).toEqual(
      expect.arrayContaining(['aliado /aliados#aliados-logos', 'miembro /datos-agua#miembros']),
    );
    expect(await kinds('mision')).toContain('pagina /quienes-somos#mision');
    expect(await kinds('water finger heart')).toContain('pagina /campana#codigo-visual');
    expect(await kinds('nadie lo logra solo')).toContain('pagina /datos-agua#manifiesto');
    expect(await kinds('cinco aguas')).toContain('historia /historias/proyecto-cinco-aguas');
  });

  it('counts every result and pages them ten at a time', async () => {
    const first = await searchFor('agua');
    expect(first.props.results!.total).toBeGreaterThan(10);
    expect(first.props.results!.hits).toHaveLength(10);
    const second = await searchFor('agua', '&pagina=2');
    expect(second.props.results!.page).toBe(2);
    expect(second.props.results!.total).toBe(first.props.results!.total);
    const urls = new Set(first.props.results!.hits.map((hit) => `${hit.url} ${plain(hit.title)}`));
    expect(second.props.results!.hits.some((hit) => urls.has(`${hit.url} ${plain(hit.title)}`))).toBe(false);
  });
});

describe(`the results page on ${testDatabaseKind}`, () => {
  it('is a page of its own, kept out of search engines, with the newest stories for an empty query', async () => {
    const { status, props, headers } = await searchFor('');
    expect(status).toBe(200);
    expect(headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(props.seo.robots).toBe('noindex, nofollow');
    expect(props.seo.title).toBe('Buscar · Gota a Gota');
    expect(props.results).toBeNull();
    expect(props.latest.map((story) => story.url)).toEqual(
      content.storySummaries.slice(0, 4).map((story) => `/historias/${story.slug}`),
    );
    const found = await searchFor('cuenca');
    expect(found.props.seo.title).toBe('cuenca · Buscar · Gota a Gota');
  });

  it("leads the browser's own address of the form, with its empty fields, to the short one the live form writes (decision 064)", async () => {
    const browser = new Browser(app);
    for (const [sent, short] of [
      ['/buscar?q=', '/buscar'],
      ['/buscar?q=agua&pagina=', '/buscar?q=agua'],
    ] as const) {
      const res = await browser.get(sent, { Accept: 'text/html' });
      expect([res.status, res.headers.get('Location')]).toEqual([302, short]);
    }
  });

  it('answers a query that finds nothing with no results, and the newest stories to go on with', async () => {
    const { status, props } = await searchFor('xilófono zeppelin');
    expect(status).toBe(200);
    expect(props.results).toEqual({ hits: [], total: 0, page: 1 });
    expect(props.latest).toHaveLength(4);
  });

  it('refuses a query over the length limit with a Spanish message, and takes one at the limit', async () => {
    const tooLong = `${'á'.repeat(searchQueryMaxLength)}b`;
    const long = await searchFor(tooLong);
    expect(long.status).toBe(422);
    expect(long.props.problem).toBe(searchTexts.tooLong);
    expect(long.props.errors).toEqual({ q: searchTexts.tooLong });
    expect(long.headers.get('Cache-Control')).toBe('private, no-store');
    expect(long.props.results).toBeNull();
    // the results page again, the query shown back in its field (decision 038: a page route renders its page)
    expect(long.props.query).toBe(tooLong);
    expect(long.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    const page = await new Browser(app).get(`/buscar?q=${encodeURIComponent(tooLong)}`);
    expect(page.status).toBe(422);
    expect(await page.text()).toContain(searchTexts.tooLong);
    // counted as a visitor sees it: 100 accented letters are 100 characters
    expect((await searchFor('á'.repeat(searchQueryMaxLength))).status).toBe(200);
    expect((await searchFor(`agua ${'a'.repeat(searchQueryMaxLength - 5)}`)).status).toBe(200);
  });

  it('reads a repeated q by its first value, and a pagina that is no page as the first', async () => {
    const repeated = await searchFor('cuenca', `&q=${'x'.repeat(searchQueryMaxLength + 1)}`);
    expect(repeated.status).toBe(200);
    expect(repeated.props.query).toBe('cuenca');
    for (const pagina of ['dos', '0', '-1', '1.5', '51']) {
      const { status, props } = await searchFor('agua', `&pagina=${pagina}`);
      expect(status).toBe(200);
      expect(props.results!.page).toBe(1);
    }
  });

  it('answers an anonymous visitor as every page: public, the same bytes for all, an ETag, no cookie', async () => {
    // a renderer that renders every slot on the server: a page left partly to the browser is never public
    const { app } = testApp({ database, renderer: countingRenderer().renderer });
    for (const headers of [{ 'Accept-Encoding': 'gzip' }, { ...inertia, 'Accept-Encoding': 'gzip' }]) {
      const first = await new Browser(app).get('/buscar?q=agua', headers);
      const second = await new Browser(app).get('/buscar?q=agua', headers);
      expect(first.status).toBe(200);
      expect(first.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(first.headers.get('ETag')).toMatch(/^"/);
      expect(first.headers.getSetCookie()).toEqual([]);
      expect(first.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
      const again = await new Browser(app).get('/buscar?q=agua', { ...headers, 'If-None-Match': first.headers.get('ETag')! });
      expect(again.status).toBe(304);
    }
  });

  it.each([
    ["'); drop table search_documents; --"],
    ['a & b | !c:*'],
    ['agua:* & (perro'],
    ['\\'],
    ['<->'],
    ['"agua"'],
    ['¿¡…!?'],
    ['%_'],
  ])('reads «%s» as words, never as query syntax (no error)', async (query) => {
    const { status, props } = await searchFor(query);
    expect(status).toBe(200);
    expect(props.problem).toBeUndefined();
  });

  it('sends no markup in results: the marks are plain strings, and the query comes back as text', async () => {
    const query = '<img src=x onerror=alert(1)> agua';
    const res = await new Browser(app).get(`/buscar?q=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<img src=x');
    const { props } = await searchFor(query);
    expect(props.query).toBe(query);
    for (const hit of props.results!.hits) expect(`${plain(hit.title)}${plain(hit.snippet)}`).not.toMatch(/<\/?mark|⟦|⟧/);
  });
});

describe(`the search's limits on ${testDatabaseKind}`, () => {
  it('throttles the searches that reach the database, per address; a kept answer is served to anyone', async () => {
    const { app: limited } = testApp({ database, env: { SEARCH_IP_LIMIT: '2' } });
    const visitor = new Browser(limited);
    expect((await visitor.get('/buscar?q=lluvia', inertia)).status).toBe(200);
    expect((await visitor.get('/buscar?q=cuenca', inertia)).status).toBe(200);
    const refused = await visitor.get('/buscar?q=hotel', inertia);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.headers.get('Cache-Control')).toBe('private, no-store');
    expect(((await refused.json()) as { props: Page }).props.problem).toBe(searchTexts.throttled);
    // the same URL again is the kept answer, which costs the database nothing
    expect((await visitor.get('/buscar?q=lluvia', inertia)).status).toBe(200);
    // another address searches
    expect((await new Browser(limited).get('/buscar?q=hotel', inertia)).status).toBe(200);
    // and the refusal was not kept for it
    const again = await visitor.get('/buscar?q=hotel', inertia);
    expect(again.status).toBe(200);
  });

  it('answers 503 with a Spanish message, not a 500, when the database is unavailable, and keeps no such answer', async () => {
    const { app: withoutDatabase } = testApp({});
    const first = await new Browser(withoutDatabase).get('/buscar?q=agua', inertia);
    expect(first.status).toBe(503);
    expect(first.headers.get('Cache-Control')).toBe('private, no-store');
    expect(((await first.json()) as { props: Page }).props.problem).toBe(searchTexts.unavailable);
    const page = await new Browser(withoutDatabase).get('/buscar?q=agua');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain(searchTexts.unavailable);
  });
});
