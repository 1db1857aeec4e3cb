import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { csrfMismatchMessage, genericErrorMessage } from '@gota/shared/contracts';
import type { Database } from '../db/database';
import { leads } from '../db/schema';
import { loadEnv } from '../env';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { signUp } from '../testing/sign-up';

// No database here: the app is built without one, so every check below is proven to need none (pages, tokens,
// origin check), and a request that gets past them answers the 503 of a missing database.
const { app } = testApp();

const crossOrigin = { crossOrigin: 'No aceptamos formularios enviados desde otro sitio.' };
const signedToken = /^\w+\.[\w-]+\.[\w-]+$/;
const registration = { name: 'Ana', lastName: 'Ruiz', email: 'ana@ejemplo.mx' };

describe('anti-forgery, with no per-visitor bytes in the page (decision 040)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives an anonymous page no token, no cookie and no header: its script fills the meta tag', async () => {
    const res = await app.request('/historias');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<meta name="csrf-token" content="">');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('X-CSRF-TOKEN')).toBeNull();
  });

  it('accepts the double-submit value the page wrote, as X-CSRF-TOKEN or X-XSRF-TOKEN (then the missing database answers 503)', async () => {
    const browser = new Browser(app);
    const res = await browser.post('/contacto-empresa', registration);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: genericErrorMessage });
    const xsrf = await browser.post('/contacto-empresa', registration, {
      withoutToken: true,
      headers: { 'X-XSRF-TOKEN': browser.token },
    });
    expect(xsrf.status).toBe(503);
  });

  it('answers 419 without a token, with one that differs from the cookie, another browser’s, or no cookie at all', async () => {
    const browser = new Browser(app);
    const other = new Browser(app);
    other.fillToken();
    browser.fillToken();
    const signedForOther = await other.ticket();
    for (const token of [undefined, '', 'x', `${browser.token}x`, other.cookies.get('xsrf')!, signedForOther]) {
      const res = await browser.post(
        '/login',
        { email: 'a@b.mx', password: 'x' },
        token === undefined ? { withoutToken: true } : { headers: { 'X-CSRF-TOKEN': token } },
      );
      expect(res.status, String(token)).toBe(419);
      expect(await res.json()).toEqual({ message: csrfMismatchMessage });
    }
    const value = browser.token;
    browser.cookies.clear();
    expect(
      (await browser.post('/login', { email: 'a@b.mx', password: 'x' }, { headers: { 'X-CSRF-TOKEN': value } })).status,
    ).toBe(419);
  });

  it('hands out a signed token at GET /csrf-token, private, making the cookie when the browser has none', async () => {
    const browser = new Browser(app);
    const res = await browser.get('/csrf-token');
    expect(res.status).toBe(204);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-CSRF-TOKEN')).toMatch(signedToken);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('xsrf='));
    // the page's scripts read it (not HttpOnly); no other site's request carries it
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect((await browser.post('/contacto-empresa', registration)).status).toBe(503);
    // with a cookie already there, it is kept: the token is signed for it
    const again = await browser.get('/csrf-token');
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await browser.post('/contacto-empresa', registration)).status).toBe(503);
  });

  it('answers 419 to a signed token older than 12 hours and accepts a new one (#12 row 19)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const browser = new Browser(app);
    const old = await browser.ticket();
    vi.setSystemTime(Date.now() + 11 * 3600_000);
    expect((await browser.post('/login', { email: 'a@b.mx', password: 'x' })).status).toBe(503);
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const expired = await browser.post('/login', { email: 'a@b.mx', password: 'x' }, { headers: { 'X-CSRF-TOKEN': old } });
    expect(expired.status).toBe(419);
    expect(await expired.json()).toEqual({ message: csrfMismatchMessage });
    await browser.ticket();
    expect((await browser.post('/login', { email: 'a@b.mx', password: 'x' })).status).toBe(503);
  });

  it('lets a form the browser sent by itself through without a token once its headers prove it same-origin (no JavaScript)', async () => {
    const form = {
      method: 'POST',
      body: 'email=a%40b.mx&password=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    };
    const proofs: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' },
      { Origin: 'http://localhost:3000' },
    ];
    for (const proof of proofs) {
      // past anti-forgery: the sign-in's throttle then needs the database this app lacks
      const res = await app.request('/login', { ...form, headers: { ...form.headers, ...proof } });
      expect(res.status, JSON.stringify(proof)).toBe(503);
    }
    // no proof, no token: refused
    expect((await app.request('/login', form)).status).toBe(403);
    // a script's request (JSON) must carry the token even from the same origin
    const json = await app.request('/login', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(json.status).toBe(419);
  });

  it('uses __Host- cookies, Secure, in production only, and reads no cookie a subdomain could have tossed', async () => {
    const { app: production } = testApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'un-secreto-de-prueba-de-al-menos-32-caracteres',
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
    });
    const page = await (await production.request('/historias')).text();
    // the page's script sets the cookie with the prefix and Secure
    expect(page).toContain('(?:^|; )__Host-xsrf=');
    expect(page).toContain('; Path=/; SameSite=Strict; Secure');
    const res = await production.request('/csrf-token');
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('__Host-xsrf='));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    const tossed = new Browser(production);
    tossed.cookies.set('xsrf', 'A'.repeat(32)); // what a sibling subdomain can set: not a __Host- cookie
    const forged = await tossed.post(
      '/login',
      { email: 'a@b.mx', password: 'x' },
      { headers: { 'X-CSRF-TOKEN': 'A'.repeat(32) } },
    );
    expect(forged.status).toBe(419);
  });

  it('refuses to start in production without SESSION_SECRET', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadEnv({ SESSION_SECRET: 'corto' })).toThrow(/SESSION_SECRET/);
  });
});

describe(`cross-site requests are refused and store nothing, on ${testDatabaseKind}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  const stored = async (email: string) => (await database.use().select().from(leads).where(eq(leads.email, email))).length;

  // what a browser adds to a request from a page on another site, and from a page on a sibling subdomain
  const otherSite = { Origin: 'https://sitio-malicioso.example', 'Sec-Fetch-Site': 'cross-site' };
  const sibling = { Origin: 'http://otro.localhost:3000', 'Sec-Fetch-Site': 'same-site' };
  const form = 'application/x-www-form-urlencoded';
  it.each([
    { name: 'a form on another site (even holding a valid token)', status: 403, type: form, headers: otherSite, withToken: true },
    { name: 'a multipart form on another site', status: 403, type: 'multipart/form-data; boundary=x', headers: otherSite },
    { name: 'a no-cors fetch with credentials (text/plain)', status: 403, type: 'text/plain', headers: otherSite },
    { name: 'a fetch with credentials and JSON', status: 403, type: 'application/json', headers: otherSite, withToken: true },
    { name: 'a sandboxed frame (Origin: null)', status: 403, type: form, headers: { ...otherSite, Origin: 'null' } },
    { name: 'Origin: null from a browser without Sec-Fetch-Site', status: 403, type: 'text/plain', headers: { Origin: 'null' } },
    {
      name: 'JSON with Origin: null from a browser without Sec-Fetch-Site',
      status: 403,
      type: 'application/json',
      headers: { Origin: 'null' },
    },
    // an older browser sends no Sec-Fetch-Site: the Origin alone refuses it, before and whatever the token (issue #45)
    {
      name: 'JSON from another site by a browser without Sec-Fetch-Site, even holding a valid token',
      status: 403,
      type: 'application/json',
      headers: { Origin: otherSite.Origin },
      withToken: true,
    },
    {
      name: 'JSON from a sibling subdomain by a browser without Sec-Fetch-Site, holding a valid token',
      status: 403,
      type: 'application/json',
      headers: { Origin: sibling.Origin },
      withToken: true,
    },
    {
      name: 'a sibling subdomain, with a cookie it tossed and the matching header',
      status: 403,
      type: 'application/json',
      headers: sibling,
      tossed: true,
    },
    { name: 'a sibling subdomain’s form', status: 403, type: form, headers: sibling },
  ] as { name: string; status: number; type: string; headers: Record<string, string>; withToken?: boolean; tossed?: boolean }[])(
    '$name: $status',
    async ({ status, type, headers, withToken, tossed }) => {
      const { app: site } = testApp({ database });
      const victim = new Browser(site);
      victim.fillToken(); // the victim has visited the site: its browser holds the cookie and sends it along
      if (tossed) victim.cookies.set('xsrf', 'B'.repeat(32));
      const email = `forjado.${Math.random().toString(36).slice(2)}@ejemplo.mx`;
      const body =
        type === 'application/json'
          ? JSON.stringify({ ...registration, email })
          : `name=Ana&lastName=Ruiz&email=${encodeURIComponent(email)}`;
      const token: Record<string, string> = tossed
        ? { 'X-CSRF-TOKEN': 'B'.repeat(32) }
        : withToken
          ? { 'X-CSRF-TOKEN': victim.token }
          : {};
      const res = await victim.request('/contacto-empresa', {
        method: 'POST',
        body,
        headers: { 'Content-Type': type, ...headers, ...token },
      });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(status === 403 ? { message: crossOrigin.crossOrigin } : { message: csrfMismatchMessage });
      expect(await stored(email)).toBe(0);
    },
  );

  it('stores what the site’s own page sends: same-origin, the double-submit value, before and after the proof headers', async () => {
    const { app: site } = testApp({ database });
    const proofs: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' },
      { Origin: 'http://localhost:3000' },
      {},
    ];
    for (const headers of proofs) {
      const email = `propio.${Math.random().toString(36).slice(2)}@ejemplo.mx`;
      const res = await new Browser(site).post('/contacto-empresa', { ...registration, email }, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(201);
      expect(await stored(email)).toBe(1);
    }
  });

  it("binds a signed-in visitor's token to the session: the anonymous value is refused, the session's works, sign-out hands back an anonymous one", async () => {
    const { app: site } = testApp({ database });
    const browser = new Browser(site);
    const anonymous = browser.fillToken();
    const password = 'agua limpia para todos';
    const email = `sesion.${Math.random().toString(36).slice(2)}@ejemplo.mx`;
    await signUp(browser, email, password, { name: 'Luz', lastName: 'Sesión' });
    expect(browser.token).toMatch(signedToken);
    expect(browser.token).not.toBe(anonymous);
    const refused = await browser.post(
      '/contacto-empresa',
      { ...registration, email: `a.${email}` },
      { headers: { 'X-CSRF-TOKEN': anonymous } },
    );
    expect(refused.status).toBe(419);
    expect((await browser.post('/contacto-empresa', { ...registration, email: `b.${email}` })).status).toBe(201);
    // a form without JavaScript, proven same-origin by its headers, signs out too
    const out = await browser.request('/logout', {
      method: 'POST',
      body: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('X-CSRF-TOKEN')).toMatch(signedToken);
    expect(browser.cookies.has('sid')).toBe(false);
    expect((await browser.post('/contacto-empresa', { ...registration, email: `c.${email}` })).status).toBe(201);
  });
});
