import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerType } from '@hono/node-server';
import type { PageObject } from '@gota/shared/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { startHttpServer } from '../http-server';
import { createLogger } from '../logging/logger';
import { Browser } from '../testing/browser';
import { countingRenderer, metaToken } from '../testing/counting-renderer';
import { activateInDatabase } from '../testing/release-fixtures';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { accepts, pageAnswers, representation } from './page-answers';
import type { PageRenderer, RenderedPage } from './page-renderer';

// one database for the file (as testDatabase() expects), used by the app-level tests below
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

// a client that accepts gzip and not brotli (brotli has its own test)
const gzip = { 'Accept-Encoding': 'gzip, deflate' };
const inertia = { 'X-Inertia': 'true' };
const publicCacheControl = 'public, max-age=0, s-maxage=5, stale-while-revalidate=5, stale-if-error=86400';

/** The body as the server sent it (app.request does not decode). */
async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

/** A member's browser, signed in through registration. */
async function member(app: ConstructorParameters<typeof Browser>[0], name: string): Promise<Browser> {
  const browser = new Browser(app);
  const password = 'agua limpia para todos';
  const email = `${name.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@ejemplo.mx`;
  const res = await browser.post('/registro', {
    name,
    last_name: 'Respuestas',
    email,
    password,
    password_confirmation: password,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return browser;
}

describe('pageAnswers', () => {
  it('keeps answers by key and forgets them all when the generation changes', () => {
    const answers = pageAnswers();
    answers.sweep('g1');
    answers.keep(
      'html /',
      answers.build({ status: 200, headers: {}, kind: 'html', body: '<p>hola</p>', scriptHashes: "'sha256-x'", builtIn: 'g1' }),
    );
    answers.keep(
      'json /',
      answers.build({ status: 200, headers: {}, kind: 'json', body: '{"component":"Index"}', scriptHashes: '', builtIn: 'g1' }),
    );
    expect(answers.get('json /')?.plain.toString()).toBe('{"component":"Index"}');
    answers.sweep('g1');
    expect(answers.stats().entries).toBe(2);
    answers.sweep('g2');
    expect(answers.get('html /')).toBeUndefined();
    expect(answers.get('json /')).toBeUndefined();
    // built in the generation before: answered, not kept
    answers.keep(
      'json /',
      answers.build({ status: 200, headers: {}, kind: 'json', body: '{"component":"Index"}', scriptHashes: '', builtIn: 'g1' }),
    );
    expect(answers.get('json /')).toBeUndefined();
  });

  it('tags the same body of another generation differently, and each content-coding apart', () => {
    const answers = pageAnswers({ maxEntries: 0 });
    const input = {
      status: 200,
      headers: { 'content-type': 'text/html' },
      kind: 'html' as const,
      body: '<p>hola</p>',
      scriptHashes: '',
      builtIn: 'g1',
    };
    answers.sweep('g1');
    const first = answers.build(input);
    expect(answers.build(input).etag).toBe(first.etag);
    expect(answers.build({ ...input, builtIn: 'g2' }).etag).not.toBe(first.etag);
    const plain = representation(first, 'identity');
    const zipped = representation(first, 'gzip');
    expect(plain.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(zipped.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-gzip"`);
    expect(zipped.headers).toEqual({ 'content-type': 'text/html', etag: zipped.headers.etag, 'content-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).toString()).toBe('<p>hola</p>');
    // gzipped once: the second request gets the same buffer
    expect(representation(first, 'gzip').body).toBe(zipped.body);
    // a cache with no room keeps nothing, but still builds
    answers.keep('html /', first);
    expect(answers.get('html /')).toBeUndefined();
  });
});

describe('pageAnswers: what is admitted (decision 052)', () => {
  const answer = (answers: ReturnType<typeof pageAnswers>, body: string, status = 200, keptMs?: number) =>
    answers.build({
      status,
      headers: {},
      kind: 'html',
      body,
      scriptHashes: '',
      builtIn: 'g',
      ...(keptMs === undefined ? {} : { keptMs }),
    });

  it('admits a page on its second request; answers asked once, and 404s, never push it out', () => {
    const answers = pageAnswers({ maxEntries: 20 });
    answers.sweep('g');
    answers.keep('html /', answer(answers, 'inicio'));
    expect(answers.stats()).toMatchObject({ entries: 1, admitted: 0 });
    expect(answers.get('html /')?.plain.toString()).toBe('inicio');
    expect(answers.stats()).toMatchObject({ entries: 1, admitted: 1 });
    // a flood of addresses asked once: pages (random searches) and 404s (random paths), each asked again too late
    for (let n = 0; n < 1000; n++) {
      answers.keep(`html /buscar?q=${n}`, answer(answers, `búsqueda ${n}`));
      answers.keep(`html /no-hay-${n}`, answer(answers, `no hay ${n}`, 404));
    }
    expect(answers.get('html /')?.plain.toString()).toBe('inicio');
    expect(answers.get('html /buscar?q=0')).toBeUndefined();
    // probation holds a tenth of the entries, at least four
    expect(answers.stats()).toMatchObject({ entries: 5, admitted: 1 });
  });

  it('keeps a 404 in probation however often it is asked for', () => {
    const answers = pageAnswers({ maxEntries: 20 });
    answers.sweep('g');
    answers.keep('html /no-hay', answer(answers, 'no hay', 404));
    for (let n = 0; n < 3; n++) expect(answers.get('html /no-hay')?.status).toBe(404);
    expect(answers.stats()).toMatchObject({ entries: 1, admitted: 0 });
  });

  it('keeps a page whose slot was left to the browser for its few seconds only, never admitted', async () => {
    const answers = pageAnswers({ maxEntries: 20 });
    answers.sweep('g');
    // long enough that a loaded machine still reads it back before it ends; then it goes by itself
    answers.keep('html /', answer(answers, 'sin carrusel', 200, 400));
    expect(answers.get('html /')?.plain.toString()).toBe('sin carrusel');
    expect(answers.stats()).toMatchObject({ entries: 1, admitted: 0 });
    await vi.waitFor(() => expect(answers.get('html /')).toBeUndefined(), { timeout: 5000, interval: 50 });
  });
});

describe('accepts', () => {
  it('reads Accept-Encoding as hono/compress does, for gzip and brotli alike', () => {
    const cases: [string | undefined, 'gzip' | 'br', boolean][] = [
      [undefined, 'gzip', false],
      ['', 'gzip', false],
      ['gzip, deflate, br', 'gzip', true],
      ['br;q=1, GZIP;q=0.5', 'gzip', true],
      ['gzip;q=0', 'gzip', false],
      ['br', 'gzip', false],
      ['*', 'gzip', true],
      ['*;q=0', 'gzip', false],
      ['gzip;q=0, *', 'gzip', false],
      ['gzip, deflate, br, zstd', 'br', true],
      ['BR;q=0.8, gzip', 'br', true],
      ['br;q=0, gzip', 'br', false],
      ['gzip', 'br', false],
      ['brotli', 'br', false],
      ['*', 'br', true],
    ];
    for (const [header, coding, expected] of cases) expect(accepts(header, coding), `${header} ${coding}`).toBe(expected);
  });
});

describe(`an anonymous page, the same for every visitor, on ${testDatabaseKind} (decision 040)`, () => {
  it('sends two visitors the same bytes, rendered once, with no cookie, no token and the edge’s caching rules', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    for (const headers of [{}, gzip, inertia, { ...inertia, ...gzip }]) {
      const [first, second] = [
        await new Browser(app).get('/historias', headers),
        await new Browser(app).get('/historias', headers),
      ];
      const label = JSON.stringify(headers);
      expect(first.status, label).toBe(200);
      expect((await bytes(second)).equals(await bytes(first)), label).toBe(true);
      for (const res of [first, second]) {
        expect(res.headers.getSetCookie(), label).toEqual([]);
        expect(res.headers.get('X-CSRF-TOKEN'), label).toBeNull();
        expect(res.headers.get('Cache-Control'), label).toBe(publicCacheControl);
        expect(res.headers.get('ETag'), label).toMatch(/^"[\w-]{27}(-gzip)?"$/);
      }
      expect(second.headers.get('ETag'), label).toBe(first.headers.get('ETag'));
    }
    expect(calls).toEqual(['/historias']);
    // the document carries no token of its own: the page's first script fills the meta tag (early-script.ts)
    const html = await (await new Browser(app).get('/historias')).text();
    expect(metaToken(html)).toBe('');
    expect(html).not.toMatch(/nonce=/);
  });

  it('gzips a document once, whole, and tags each content-coding apart; Vary names what the answer depends on', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const plain = await app.request('/historias');
    const zipped = await app.request('/historias', { headers: gzip });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(gunzipSync(await bytes(zipped)).toString()).toBe(await plain.text());
    expect(zipped.headers.get('ETag')).toBe(`${plain.headers.get('ETag')!.slice(0, -1)}-gzip"`);
    expect(zipped.headers.get('Vary')).toBe('X-Inertia, Accept-Encoding');
    expect(plain.headers.get('Vary')).toBe('X-Inertia, Accept-Encoding');
    // the page object: a tab of an older release must reach the server for its 409, so the version is part of the key
    const json = await app.request('/historias', { headers: { ...inertia, ...gzip } });
    expect(json.headers.get('Vary')).toBe('X-Inertia, X-Inertia-Version, Accept-Encoding');
    expect(json.headers.get('Content-Type')).toBe('application/json');
    expect(json.headers.get('X-Inertia')).toBe('true');
    expect((JSON.parse(gunzipSync(await bytes(json)).toString()) as PageObject).component).toBe('Blog');
  });

  it('sends a kept answer in brotli once it is admitted, gzip or nothing to the clients that do not accept it', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const brOrGzip = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    // asked once: in probation, perhaps a random address, so no brotli at its highest quality yet
    const once = await app.request('/aliados', { headers: brOrGzip });
    expect(once.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await (await app.request('/aliados')).text();
    for (const headers of [{}, inertia]) {
      const label = JSON.stringify(headers);
      const identity = await app.request('/aliados', { headers: { ...headers, 'Accept-Encoding': 'identity' } });
      const br = await app.request('/aliados', { headers: { ...headers, ...brOrGzip } });
      const brOnly = await app.request('/aliados', { headers: { ...headers, 'Accept-Encoding': 'br' } });
      const zipped = await app.request('/aliados', { headers: { ...headers, 'Accept-Encoding': 'gzip' } });
      const none = await app.request('/aliados', { headers });
      expect(br.headers.get('Content-Encoding'), label).toBe('br');
      expect(brOnly.headers.get('Content-Encoding'), label).toBe('br');
      expect(zipped.headers.get('Content-Encoding'), label).toBe('gzip');
      expect(identity.headers.get('Content-Encoding'), label).toBeNull();
      expect(none.headers.get('Content-Encoding'), label).toBeNull();
      const text = await identity.text();
      if (headers === inertia) expect((JSON.parse(text) as PageObject).url, label).toBe('/aliados');
      else expect(text, label).toBe(plain);
      const brBytes = await bytes(br);
      expect(brotliDecompressSync(brBytes).toString(), label).toBe(text);
      expect((await bytes(brOnly)).equals(brBytes), label).toBe(true);
      const zippedBytes = await bytes(zipped);
      expect(gunzipSync(zippedBytes).toString(), label).toBe(text);
      expect(br.headers.get('ETag'), label).toBe(`${identity.headers.get('ETag')!.slice(0, -1)}-br"`);
      for (const res of [br, zipped, identity]) expect(res.headers.get('Vary'), label).toMatch(/^X-Inertia, .*Accept-Encoding$/);
      // compressed once: smaller than gzip at its best, and the same bytes for the next visitor
      expect(brBytes.length, label).toBeLessThan(zippedBytes.length);
      const again = await app.request('/aliados', { headers: { ...headers, ...brOrGzip } });
      expect((await bytes(again)).equals(brBytes), label).toBe(true);
    }
    expect(calls).toEqual(['/aliados']);
  });

  it('answers a brotli client gzip when the answer is not kept', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer, env: { HTML_CACHE_ENTRIES: '0' } });
    for (let i = 0; i < 3; i++) {
      const res = await app.request('/aliados', { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
    }
  });

  it('answers 304 to an If-None-Match that names the answer, for either coding, with the headers a cache needs', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    for (const headers of [{}, gzip, inertia, { ...inertia, ...gzip }]) {
      const label = JSON.stringify(headers);
      const tag = (await app.request('/aliados', { headers })).headers.get('ETag')!;
      for (const ifNoneMatch of [tag, `W/${tag}`, `"otra", ${tag}`, '*']) {
        const again = await app.request('/aliados', { headers: { ...headers, 'If-None-Match': ifNoneMatch } });
        expect(again.status, `${label} ${ifNoneMatch}`).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('ETag')).toBe(tag);
        expect(again.headers.get('Cache-Control')).toBe(publicCacheControl);
        expect(again.headers.get('Vary')).toMatch(/X-Inertia, .*Accept-Encoding/);
      }
      const changed = await app.request('/aliados', { headers: { ...headers, 'If-None-Match': '"de-otra-version"' } });
      expect(changed.status, label).toBe(200);
    }
    // HEAD: the headers of the GET, no body
    const head = await app.request('/aliados', { method: 'HEAD', headers: gzip });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Encoding')).toBe('gzip');
    expect(head.headers.get('ETag')).toMatch(/-gzip"$/);
    expect(await head.text()).toBe('');
    expect(calls).toEqual(['/aliados']);
  });

  it('tells an edge how long to keep pages with PAGE_CACHE_SECONDS', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer, env: { PAGE_CACHE_SECONDS: '300' } });
    expect((await app.request('/')).headers.get('Cache-Control')).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400',
    );
  });

  it('keeps what the handler said about the page: its status and X-Robots-Tag', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    for (let i = 0; i < 2; i++) {
      const login = await app.request('/login');
      expect(login.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect(login.headers.get('Cache-Control')).toBe(publicCacheControl);
      const missing = await app.request('/no-existe-esta-pagina');
      expect(missing.status).toBe(404);
      // an edge keeps a missing page for seconds only (decision 052), never longer than a page (5 s by default)
      expect(missing.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=5');
    }
    const head = await app.request('/login', { method: 'HEAD' });
    expect(head.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
  });

  it('does not keep a document whose release set changed while it rendered (issue #35)', async () => {
    // the first render of /historias waits; meanwhile another release goes live and another page is answered with it
    let letFirstFinish!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (letFirstFinish = resolve));
    const calls: string[] = [];
    const renderer = {
      async render(page: PageObject): Promise<RenderedPage> {
        calls.push(page.url);
        const nth = calls.length;
        if (nth === 1) await firstMayFinish;
        return {
          html: `<main>${page.url} n.º ${nth}</main>`,
          modules: [],
          deferred: [],
          css: [],
          scripts: [],
          manifests: [],
          complete: true,
          failures: [],
        };
      },
      adopt: async () => {},
      close: () => undefined,
    } as unknown as PageRenderer;
    const { app, releases } = testApp({ database, renderer });
    await releases.refresh();
    const first = new Browser(app).get('/historias');
    await expect.poll(() => calls.length).toBe(1);
    await activateInDatabase(database, 'mf-home', 'mf-home/35');
    await releases.refresh();
    await new Browser(app).get('/aliados');
    letFirstFinish();
    expect(await (await first).text()).toContain('/historias n.º 1');
    // the next visitor gets a page rendered under the new release set, not the one begun under the previous
    expect(await (await new Browser(app).get('/historias')).text()).toContain('/historias n.º 3');
    expect(calls).toEqual(['/historias', '/aliados', '/historias']);
  });

  it('renders again for another query string and when the release set changes, with another ETag and version', async () => {
    const { renderer, calls } = countingRenderer();
    const { app, releases } = testApp({ database, renderer });
    const before = await app.request('/historias');
    const beforePage = (await (await app.request('/historias', { headers: inertia })).json()) as PageObject;
    // a parameter the page reads is another page; one it does not read is the same page (decision 052)
    await app.request('/login?volver=%2Fpanel');
    await app.request('/login?volver=%2Fpanel&utm_source=correo');
    await app.request('/historias?pagina=2');
    await app.request('/historias');
    expect(calls).toEqual(['/historias', '/login?volver=%2Fpanel']);
    await activateInDatabase(database, 'mf-home', 'mf-home/2');
    await releases.refresh();
    const after = await app.request('/historias');
    expect(calls).toEqual(['/historias', '/login?volver=%2Fpanel', '/historias']);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    const afterPage = (await (await app.request('/historias', { headers: inertia })).json()) as PageObject;
    expect(afterPage.version).not.toBe(beforePage.version);
    const stale = await app.request('/historias', { headers: { 'If-None-Match': before.headers.get('ETag')! } });
    expect(stale.status).toBe(200);
  });

  it('still answers publicly, with an ETag, when the server keeps no page (HTML_CACHE_ENTRIES=0)', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ renderer, env: { HTML_CACHE_ENTRIES: '0' } });
    const first = await app.request('/historias');
    await app.request('/historias');
    expect(calls).toHaveLength(2);
    expect(first.headers.get('Server-Timing')).toMatch(/desc="skip"/);
    expect(first.headers.get('Cache-Control')).toBe(publicCacheControl);
    // the page object is built again, the same bytes: the same tag (the counting renderer's documents differ on purpose)
    const json = await app.request('/historias', { headers: inertia });
    const again = await app.request('/historias', { headers: { ...inertia, 'If-None-Match': json.headers.get('ETag')! } });
    expect(again.status).toBe(304);
  });
});

describe(`cache keys that hold under real traffic, on ${testDatabaseKind} (decision 052)`, () => {
  it('answers /?fbclid=… and /?utm_source=… from the answer kept for /, as the page of /', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const home = await app.request('/', { headers: gzip });
    expect(home.headers.get('Server-Timing')).toMatch(/desc="miss"/);
    for (const address of ['/?fbclid=IwAR0x', '/?utm_source=tv&utm_medium=spot', '/?gclid=1&mc_eid=2&otro=3']) {
      const res = await app.request(address, { headers: gzip });
      expect(res.headers.get('Server-Timing'), address).toMatch(/desc="hit"/);
      expect(res.headers.get('ETag'), address).toBe(home.headers.get('ETag'));
    }
    const page = (await (await app.request('/?fbclid=IwAR0y', { headers: inertia })).json()) as PageObject;
    expect(page.url).toBe('/');
    expect(calls).toEqual(['/']);
  });

  it('keeps apart the searches of /buscar?q=a and ?q=b, each without the parameters the page does not read', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const first = await (await app.request('/buscar?q=agua&utm_source=correo')).text();
    const again = await app.request('/buscar?fbclid=x&q=agua');
    expect(again.headers.get('Server-Timing')).toMatch(/desc="hit"/);
    const other = await (await app.request('/buscar?q=lluvia')).text();
    expect(other).not.toBe(first);
    expect(calls).toEqual(['/buscar?q=agua', '/buscar?q=lluvia']);
    const page = (await (await app.request('/buscar?q=pozo&pagina=2&gclid=z', { headers: inertia })).json()) as PageObject;
    expect(page.url).toBe('/buscar?q=pozo&pagina=2');
  });

  it('keeps a page through a flood of random 404 paths and random queries', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer, env: { HTML_CACHE_ENTRIES: '20' } });
    // a hot page: asked for twice, admitted
    await app.request('/historias');
    expect((await app.request('/historias')).headers.get('Server-Timing')).toMatch(/desc="hit"/);
    for (let n = 0; n < 60; n++) {
      const missing = await app.request(`/no-hay-${n}-${Math.random().toString(36).slice(2)}`);
      expect(missing.status).toBe(404);
      await app.request(`/historias?r=${Math.random()}`);
      await app.request(`/login?volver=%2Fpanel%2F${n}`);
    }
    expect((await app.request('/historias')).headers.get('Server-Timing')).toMatch(/desc="hit"/);
    // the random queries of /historias were the page itself; each 404 and each return path rendered once
    expect(calls.filter((url) => url === '/historias')).toHaveLength(1);
  });
});

describe(`what stays private, no-store, on ${testDatabaseKind}`, () => {
  it("never keeps a signed-in visitor's page nor serves it to anyone else; its meta tag holds the session's token", async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const ximena = await member(app, 'Ximena');
    const before = calls.length;
    for (const headers of [{}, inertia]) {
      const mine = await ximena.get('/aliados', headers);
      expect(mine.headers.get('Cache-Control')).toBe('private, no-store');
      expect(mine.headers.get('ETag')).toBeNull();
    }
    const page = await (await ximena.get('/aliados')).text();
    expect(page).toContain(`render ${before + 2} for Ximena`);
    // a token signed for the session (issue time, nonce, mac), which a form of that page is sent with
    const token = metaToken(page)!;
    expect(token).toMatch(/^\w+\.[\w-]+\.[\w-]+$/);
    expect(token).not.toBe(ximena.token);
    const json = (await (await ximena.get('/aliados', inertia)).json()) as PageObject;
    expect(json.props.auth).toEqual({ user: { firstName: 'Ximena', staff: false, roles: [] } });
    expect((await ximena.post('/logout', {}, { headers: { 'X-CSRF-TOKEN': token } })).status).toBe(200);
    for (const headers of [{}, inertia]) {
      const visitor = await new Browser(app).get('/aliados', headers);
      expect(visitor.headers.get('Cache-Control')).toBe(publicCacheControl);
      expect(await visitor.text()).not.toContain('Ximena');
    }
  });

  it('answers a stale session cookie privately, removing it and handing over an anonymous token', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const browser = new Browser(app);
    browser.cookies.set('sid', 'A'.repeat(43));
    const res = await browser.get('/historias');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.getSetCookie().some((line) => /^sid=;/.test(line))).toBe(true);
    expect(res.headers.get('X-CSRF-TOKEN')).toMatch(/^\w+\.[\w-]+\.[\w-]+$/);
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('does not keep a page whose slot was left to the browser, nor the reset page', async () => {
    const { renderer, calls } = countingRenderer(false);
    const { app } = testApp({ database, renderer });
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/campana');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(res.headers.get('Server-Timing')).toMatch(/desc="skip"/);
    }
    expect(calls).toEqual(['/campana', '/campana']);

    const complete = countingRenderer(true);
    const other = testApp({ database, renderer: complete.renderer }).app;
    for (const headers of [{}, inertia, {}]) {
      const res = await other.request('/resetear-contrasena/un-token-secreto', { headers });
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(res.headers.get('ETag')).toBeNull();
    }
    expect(complete.calls).toHaveLength(2);
  });

  it('does not answer a partial reload from the cache, nor share it', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    await app.request('/historias', { headers: inertia });
    const partial = await app.request('/historias', {
      headers: { ...inertia, 'X-Inertia-Partial-Component': 'Blog', 'X-Inertia-Partial-Data': 'facts' },
    });
    expect(partial.headers.get('Cache-Control')).toBe('private, no-store');
    const page = (await partial.json()) as PageObject;
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'facts']);
  });

  it('answers a stale version 409, never to be kept', async () => {
    const { app } = testApp({ database });
    const res = await app.request('/historias', { headers: { ...inertia, 'X-Inertia-Version': 'vieja' } });
    expect(res.status).toBe(409);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

/** A response's headers but those made per request (the request id, Server-Timing, and Date from Node's server). */
function sameForAll(res: Response): Record<string, string> {
  const headers = Object.fromEntries(res.headers);
  for (const name of ['x-request-id', 'server-timing', 'date', 'connection', 'keep-alive']) delete headers[name];
  return headers;
}

describe('a kept answer is sent before the middleware chain (decision 046)', () => {
  it('with every header the answer was first sent with, and its own request id', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ renderer, env: { PAGE_CACHE_SECONDS: '120' } });
    for (const headers of [{}, gzip, inertia, { ...inertia, ...gzip }]) {
      const label = JSON.stringify(headers);
      const built = await app.request('/aliados', { headers });
      const kept = await app.request('/aliados', { headers });
      expect(sameForAll(kept), label).toEqual(sameForAll(built));
      expect((await bytes(kept)).equals(await bytes(built)), label).toBe(true);
      // what the site's middleware puts on every answer is there, kept with the answer
      expect(kept.headers.get('Content-Security-Policy'), label).toMatch(/frame-ancestors 'none'/);
      expect(kept.headers.get('Strict-Transport-Security'), label).toMatch(/max-age=/);
      expect(kept.headers.get('X-Request-Id'), label).toMatch(/^[\w-]+$/);
      expect(kept.headers.get('X-Request-Id'), label).not.toBe(built.headers.get('X-Request-Id'));
    }
    expect(calls).toEqual(['/aliados']);
    const proxied = await app.request('/aliados', { headers: { 'X-Request-Id': 'borde-1234' } });
    expect(proxied.headers.get('X-Request-Id')).toBe('borde-1234');
  });

  it('logs each kept answer with its request id', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (line) => lines.push(line) } });
    const { app } = testApp({ renderer: countingRenderer().renderer, logger });
    await app.request('/aliados');
    lines.length = 0;
    const kept = await app.request('/aliados', { headers: { 'X-Request-Id': 'borde-5678' } });
    expect(kept.headers.get('Server-Timing')).toMatch(/desc="hit"/);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({ requestId: 'borde-5678', method: 'GET', path: '/aliados', status: 200, msg: 'solicitud' }),
    ]);
  });

  it("through Node's HTTP server: the same answer, 304, and a session cookie still private", async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    let server: ServerType | undefined;
    const port = await new Promise<number>((resolve) => {
      server = startHttpServer({
        app,
        port: 0,
        hostname: '127.0.0.1',
        limits: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 },
        onListening: (info: AddressInfo) => resolve(info.port),
      });
    });
    try {
      const url = `http://127.0.0.1:${port}/historias`;
      for (const headers of [gzip, { ...inertia, ...gzip }]) {
        const label = JSON.stringify(headers);
        const built = await fetch(url, { headers });
        const kept = await fetch(url, { headers: { ...headers, 'X-Request-Id': 'borde-9' } });
        expect(kept.status, label).toBe(200);
        expect(sameForAll(kept), label).toEqual(sameForAll(built));
        expect(await kept.text(), label).toBe(await built.text());
        expect(kept.headers.get('X-Request-Id'), label).toBe('borde-9');
        const again = await fetch(url, { headers: { ...headers, 'If-None-Match': kept.headers.get('ETag')! } });
        expect(again.status, label).toBe(304);
      }
      expect(calls).toEqual(['/historias']);
      // a session cookie among others, even one that no longer lives: the visitor's own answer, never a kept one
      const withSession = await fetch(url, { headers: { Cookie: `xsrf=${'b'.repeat(32)}; sid=${'A'.repeat(43)}` } });
      expect(withSession.headers.get('Cache-Control')).toBe('private, no-store');
      expect(calls).toEqual(['/historias', '/historias']);
      // the anonymous cookie alone does not make an answer private
      const withXsrf = await fetch(url, { headers: { Cookie: `xsrf=${'b'.repeat(32)}` } });
      expect(withXsrf.headers.get('Cache-Control')).toBe(publicCacheControl);
      expect(calls).toHaveLength(2);
    } finally {
      await new Promise((resolve) => server?.close(resolve));
    }
  });
});

describe('metrics', () => {
  it('counts cache hits and misses for the operator', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ renderer, env: { METRICS_TOKEN: 'un-token-de-metricas-de-prueba' } });
    const hitsBefore = /gota_html_cache_total\{outcome="hit"\} (\d+)/;
    const read = async () =>
      (await app.request('/metrics', { headers: { Authorization: 'Bearer un-token-de-metricas-de-prueba' } })).text();
    const before = Number(hitsBefore.exec(await read())?.[1] ?? 0);
    const first = await app.request('/quienes-somos');
    const second = await app.request('/quienes-somos');
    expect(first.headers.get('Server-Timing')).toMatch(/desc="miss"/);
    expect(second.headers.get('Server-Timing')).toMatch(/desc="hit"/);
    const after = await read();
    expect(Number(hitsBefore.exec(after)?.[1])).toBe(before + 1);
    expect(after).toMatch(/gota_html_cache_total\{outcome="miss"\} [1-9]/);
    expect(after).toContain('gota_server_render_duration_seconds_bucket');
  });
});
