import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { Browser } from '../testing/browser';
import { countingRenderer, metaToken, nonceOf } from '../testing/counting-renderer';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { documentCache } from './document-cache';

// one database for the file (as testDatabase() expects), used by the app-level tests below
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('documentCache', () => {
  it('fills the nonce and the token in per request, and never stores them', () => {
    const cache = documentCache();
    const template = `<script nonce="${cache.marks.nonce}"></script><meta content="${cache.marks.csrfToken}">`;
    const key = cache.key('code-1', { url: '/' });
    expect(cache.get(key, { nonce: 'n1', csrfToken: 't1' })).toBeUndefined();
    expect(cache.set(key, template, { nonce: 'n1', csrfToken: 't1' })).toBe('<script nonce="n1"></script><meta content="t1">');
    expect(cache.get(key, { nonce: 'n2', csrfToken: 't2' })).toBe('<script nonce="n2"></script><meta content="t2">');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('keys on the server code and on the whole page object', () => {
    const cache = documentCache();
    const page = { component: 'Blog', url: '/historias', version: 'a', props: { stories: 3 } };
    expect(cache.key('code-1', page)).toBe(cache.key('code-1', { ...page }));
    expect(cache.key('code-2', page)).not.toBe(cache.key('code-1', page));
    expect(cache.key('code-1', { ...page, version: 'b' })).not.toBe(cache.key('code-1', page));
    expect(cache.key('code-1', { ...page, props: { stories: 4 } })).not.toBe(cache.key('code-1', page));
  });

  it('empties when the registry or the content changes, and stays bounded', () => {
    const cache = documentCache({ maxEntries: 2 });
    const values = { nonce: '', csrfToken: '' };
    cache.sweep('v1');
    for (const url of ['/a', '/b', '/c']) cache.set(url, url, values);
    expect(cache.stats().entries).toBe(2);
    expect(cache.get('/a', values)).toBeUndefined(); // the least recently used went first
    cache.sweep('v1');
    expect(cache.stats().entries).toBe(2);
    cache.sweep('v2');
    expect(cache.stats().entries).toBe(0);
  });
});

describe(`the HTML cache of the app on ${testDatabaseKind}`, () => {
  it('renders an anonymous page once, with this request’s nonce and token in every answer', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const answers = [];
    for (const browser of [new Browser(app), new Browser(app)]) {
      const res = await browser.get('/historias');
      const html = await res.text();
      answers.push({ html, nonce: nonceOf(res), token: browser.token || metaToken(html), res });
    }
    expect(calls).toEqual(['/historias']);
    const [first, second] = answers;
    expect(second!.html).toContain('render 1 for anónimo');
    expect(second!.res.headers.get('Server-Timing')).toMatch(/desc="hit"/);
    expect(first!.res.headers.get('Server-Timing')).toMatch(/desc="miss"/);
    expect(second!.nonce).toBeTruthy();
    expect(second!.nonce).not.toBe(first!.nonce);
    expect(second!.html).toContain(`nonce="${second!.nonce}"`);
    expect(second!.html).not.toContain(`nonce="${first!.nonce}"`);
    expect(metaToken(second!.html)).not.toBe(metaToken(first!.html));
    expect(second!.html).not.toMatch(/nonce[0-9a-f]{24}|csrf[0-9a-f]{24}/); // no mark left behind
  });

  it("never caches a signed-in visitor's page, nor serves it to anyone else", async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const member = new Browser(app);
    const email = `cache.${Date.now()}@ejemplo.mx`;
    const password = 'agua limpia para todos';
    const registered = await member.post('/registro', { name: 'Ximena', last_name: 'Cache', email, password, password_confirmation: password });
    expect(registered.status).toBe(201);
    const before = calls.length; // the sign-up form's page, loaded anonymously
    expect(await (await member.get('/aliados')).text()).toContain(`render ${before + 1} for Ximena`);
    expect(await (await member.get('/aliados')).text()).toContain(`render ${before + 2} for Ximena`);
    const visitor = await (await new Browser(app).get('/aliados')).text();
    expect(visitor).toContain(`render ${before + 3} for anónimo`);
    expect(visitor).not.toContain('Ximena');
  });

  it('does not keep a page whose slot was left to the browser, nor the reset page', async () => {
    const { renderer, calls } = countingRenderer(false);
    const { app } = testApp({ database, renderer });
    await new Browser(app).get('/campana');
    await new Browser(app).get('/campana');
    expect(calls).toEqual(['/campana', '/campana']);

    const complete = countingRenderer(true);
    const other = testApp({ database, renderer: complete.renderer }).app;
    await new Browser(other).get('/resetear-contrasena/un-token-secreto');
    const res = await new Browser(other).get('/resetear-contrasena/un-token-secreto');
    expect(complete.calls).toHaveLength(2);
    expect(res.headers.get('Server-Timing')).toMatch(/desc="skip"/);
  });

  it('renders again for another query string or a new page version', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    await new Browser(app).get('/historias');
    await new Browser(app).get('/historias?pagina=2');
    await new Browser(app).get('/historias');
    expect(calls).toEqual(['/historias', '/historias?pagina=2']);
  });
});

describe('compression', () => {
  it('sends pages and page objects gzipped to a client that accepts it, and plain to one that does not', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ renderer });
    const zipped = await app.request('/historias', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const json = await app.request('/historias', { headers: { 'Accept-Encoding': 'gzip', 'X-Inertia': 'true' } });
    expect(json.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await app.request('/historias');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toContain('<!doctype html>');
  });
});

describe('HTML_CACHE_ENTRIES=0', () => {
  it('renders every request', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ renderer, env: { HTML_CACHE_ENTRIES: '0' } });
    await app.request('/historias');
    const res = await app.request('/historias');
    expect(calls).toHaveLength(2);
    expect(res.headers.get('Server-Timing')).toMatch(/desc="skip"/);
  });
});

describe('metrics', () => {
  it('counts cache hits and misses for the operator', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ renderer, env: { METRICS_TOKEN: 'un-token-de-metricas-de-prueba' } });
    const hitsBefore = /gota_html_cache_total\{outcome="hit"\} (\d+)/;
    const read = async () => (await app.request('/metrics', { headers: { Authorization: 'Bearer un-token-de-metricas-de-prueba' } })).text();
    const before = Number(hitsBefore.exec(await read())?.[1] ?? 0);
    await app.request('/quienes-somos');
    await app.request('/quienes-somos');
    const after = await read();
    expect(Number(hitsBefore.exec(after)?.[1])).toBe(before + 1);
    expect(after).toMatch(/gota_html_cache_total\{outcome="miss"\} [1-9]/);
    expect(after).toContain('gota_server_render_duration_seconds_bucket');
  });
});
