import { gunzipSync } from 'node:zlib';
import type { PageObject } from '@gota/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { insertRelease, switchActive } from '../releases/release-store';
import { Browser } from '../testing/browser';
import { countingRenderer, metaToken, nonceOf } from '../testing/counting-renderer';
import { manifestOf } from '../testing/fake-builds';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { pageAnswers } from './page-answers';

// one database for the file (as testDatabase() expects), used by the app-level tests below
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

const gzip = { 'Accept-Encoding': 'gzip' };

/** The body as the server sent it (app.request does not decode). */
async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe('pageAnswers', () => {
  it('splits a document at the marks and empties when the generation changes', () => {
    const marks = { nonce: 'nonceMARK', csrfToken: 'csrfMARK' };
    const answers = pageAnswers(marks);
    answers.sweep('g1');
    const kept = answers.setHtml('html /', 200, [], '<script nonce="nonceMARK"></script><meta content="csrfMARK"><style nonce="nonceMARK">');
    expect(kept.slots).toEqual(['nonce', 'csrfToken', 'nonce']);
    answers.setJson('json /', 200, [], '{"component":"Index"}');
    expect(answers.get('json /')?.plainBytes?.toString()).toBe('{"component":"Index"}');
    answers.sweep('g1');
    expect(answers.stats().entries).toBe(2);
    answers.sweep('g2');
    expect(answers.get('html /')).toBeUndefined();
    expect(answers.get('json /')).toBeUndefined();
  });
});

describe(`anonymous answers kept by URL on ${testDatabaseKind}`, () => {
  it('sends a kept document gzipped that decodes to exactly the plain answer, with this request’s nonce and token', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer });
    await new Browser(app).get('/historias'); // renders and keeps it
    const browser = new Browser(app);
    const zipped = await browser.get('/historias', gzip);
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toBe('X-Inertia, Accept-Encoding');
    expect(zipped.headers.get('Server-Timing')).toMatch(/desc="hit"/);
    const html = gunzipSync(await bytes(zipped)).toString();
    const nonce = nonceOf(zipped)!;
    expect(nonce).toBeTruthy();
    expect(html.match(/nonce="([^"]+)"/g)?.every((attribute) => attribute === `nonce="${nonce}"`)).toBe(true);
    expect(metaToken(html)).toBe(browser.token); // the new visitor's token, also in X-CSRF-TOKEN
    // the same document plain, but for the other request's nonce and token
    const plain = await browser.get('/historias');
    const plainHtml = await plain.text();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const blank = (text: string, n: string, t: string) => text.replaceAll(n, 'NONCE').replaceAll(t, 'TOKEN');
    expect(blank(html, nonce, metaToken(html)!)).toBe(blank(plainHtml, nonceOf(plain)!, metaToken(plainHtml)!));
    expect(nonceOf(plain)).not.toBe(nonce);
    expect(calls).toEqual(['/historias']);
  });

  it('keeps the JSON page object too, and never a signed-in visitor’s', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    const inertia = { 'X-Inertia': 'true' };
    const first = await new Browser(app).get('/aliados', inertia);
    const second = await new Browser(app).get('/aliados', { ...inertia, ...gzip });
    expect(second.headers.get('Content-Type')).toBe('application/json');
    expect(second.headers.get('X-Inertia')).toBe('true');
    expect(second.headers.get('Cache-Control')).toBe('no-cache, private');
    expect(JSON.parse(gunzipSync(await bytes(second)).toString())).toEqual(await first.json());

    const member = new Browser(app);
    const email = `respuestas.${Date.now()}@ejemplo.mx`;
    const password = 'agua limpia para todos';
    expect((await member.post('/registro', { name: 'Ximena', last_name: 'Respuestas', email, password, password_confirmation: password })).status).toBe(201);
    const mine = (await (await member.get('/aliados', inertia)).json()) as PageObject;
    expect(mine.props.auth).toEqual({ user: { firstName: 'Ximena', staff: false } });
    const visitor = await (await new Browser(app).get('/aliados', inertia)).text();
    expect(visitor).not.toContain('Ximena');
  });

  it('keeps what the handler said about the page: its status and X-Robots-Tag; HEAD has no body', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    for (let i = 0; i < 2; i++) {
      const login = await new Browser(app).get('/login');
      expect(login.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      const missing = await new Browser(app).get('/no-existe-esta-pagina');
      expect(missing.status).toBe(404);
    }
    const head = await new Browser(app).request('/login', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
    expect(await head.text()).toBe('');
  });

  it('does not answer a partial reload from the cache', async () => {
    const { renderer } = countingRenderer();
    const { app } = testApp({ database, renderer });
    await new Browser(app).get('/historias', { 'X-Inertia': 'true' });
    const partial = await new Browser(app).get('/historias', { 'X-Inertia': 'true', 'X-Inertia-Partial-Component': 'Blog', 'X-Inertia-Partial-Data': 'facts' });
    const page = (await partial.json()) as PageObject;
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'facts']);
  });

  it('forgets every answer when the release set changes', async () => {
    const { renderer, calls } = countingRenderer();
    const { app, releases } = testApp({ database, renderer });
    const inertia = { 'X-Inertia': 'true' };
    const before = (await (await new Browser(app).get('/historias', inertia)).json()) as PageObject;
    await new Browser(app).get('/historias');
    const manifestUrl = 'https://cdn.ejemplo.mx/mf-home/2/mf-manifest.json';
    const release = await insertRelease(database.use(), {
      remote: 'mf-home',
      manifestUrl,
      manifest: manifestOf('mf_home', 'module.exports = {}', []),
      manifestSha256: '',
      browserEntrySha256: '',
      serverEntrySha256: '',
      exposes: [],
      shared: [],
      state: 'candidata',
      report: {},
      createdBy: 'prueba',
    });
    await switchActive(database.use(), { remote: 'mf-home', to: release.id, action: 'activacion', actor: 'prueba', reason: 'prueba' });
    await releases.refresh();
    const after = (await (await new Browser(app).get('/historias', inertia)).json()) as PageObject;
    expect(after.version).not.toBe(before.version);
    await new Browser(app).get('/historias');
    expect(calls).toEqual(['/historias', '/historias']);
  });
});
