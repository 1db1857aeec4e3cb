import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PageObject } from '@gota/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { Browser } from '../testing/browser';
import { countingRenderer, metaToken, nonceOf } from '../testing/counting-renderer';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { pageAnswers } from './page-answers';
import type { PageRenderer, RenderedPage } from './page-renderer';

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
    const kept = answers.setHtml('html /', 200, [], '<script nonce="nonceMARK"></script><meta content="csrfMARK"><style nonce="nonceMARK">', 'g1');
    expect(kept.slots).toEqual(['nonce', 'csrfToken', 'nonce']);
    answers.setJson('json /', 200, [], '{"component":"Index"}', 'g1');
    expect(answers.get('json /')?.plainBytes?.toString()).toBe('{"component":"Index"}');
    answers.sweep('g1');
    expect(answers.stats().entries).toBe(2);
    answers.sweep('g2');
    expect(answers.get('html /')).toBeUndefined();
    expect(answers.get('json /')).toBeUndefined();
    // built in the generation before: answered, not kept
    answers.setJson('json /', 200, [], '{"component":"Index"}', 'g1');
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

  it('does not keep a document whose server code changed while it rendered (issue #35)', async () => {
    // the first render of /historias waits; meanwhile a new release goes live and another page is answered with it
    let code = 'c1';
    let letFirstFinish!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (letFirstFinish = resolve));
    const calls: string[] = [];
    const renderer = {
      async render(page: PageObject): Promise<RenderedPage> {
        calls.push(page.url);
        const by = code;
        if (calls.length === 1) await firstMayFinish;
        return { html: `<main>${page.url} con ${by}</main>`, modules: [], deferred: [], css: [], scripts: [], manifests: [], codeVersion: by, complete: true };
      },
      prepare: async () => {},
      codeVersion: () => code,
      close: async () => {},
    } as unknown as PageRenderer;
    const { app } = testApp({ database, renderer });
    const first = new Browser(app).get('/historias');
    await expect.poll(() => calls.length).toBe(1);
    code = 'c2';
    await new Browser(app).get('/aliados');
    letFirstFinish();
    expect(await (await first).text()).toContain('/historias con c1');
    // the next visitor gets the new release's page, not the one rendered with the previous code
    expect(await (await new Browser(app).get('/historias')).text()).toContain('/historias con c2');
    expect(calls).toEqual(['/historias', '/aliados', '/historias']);
  });

  it('forgets every answer when the registry changes', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gota-registro-')), 'remotes.json');
    writeFileSync(file, JSON.stringify({ mf_home: 'http://localhost:3101/mf-manifest.json' }));
    const { renderer, calls } = countingRenderer();
    const { app } = testApp({ database, renderer, env: { REMOTES_FILE: file } });
    const inertia = { 'X-Inertia': 'true' };
    const before = (await (await new Browser(app).get('/historias', inertia)).json()) as PageObject;
    await new Browser(app).get('/historias');
    writeFileSync(file, JSON.stringify({ mf_home: 'http://localhost:3201/mf-manifest.json' }));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const after = (await (await new Browser(app).get('/historias', inertia)).json()) as PageObject;
    expect(after.version).not.toBe(before.version);
    await new Browser(app).get('/historias');
    expect(calls).toEqual(['/historias', '/historias']);
  });
});
