import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfMismatchMessage, genericErrorMessage } from '@gota/shared/contracts';
import { loadEnv } from '../env';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';

// No database here: the app is built without one, so every check below is proven to need none (pages, tokens,
// origin check), and a request that gets past them answers the 503 of a missing database.
const { app } = testApp();

const metaToken = (html: string) => html.match(/<meta name="csrf-token" content="([^"]+)">/)?.[1];

describe('anti-forgery', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 419 to a token older than 12 hours and accepts the one the browser reloads (#12 row 19)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const browser = new Browser(app);
    await browser.get('/login');
    const old = browser.token;
    vi.setSystemTime(Date.now() + 11 * 3600_000);
    // still valid after 11 h: the request passes the check and reaches the (absent) database
    expect((await browser.post('/login', { email: 'a@b.mx', password: 'x' })).status).toBe(503);
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const expired = await browser.post('/login', { email: 'a@b.mx', password: 'x' }, { headers: { 'X-CSRF-TOKEN': old } });
    expect(expired.status).toBe(419);
    expect(await expired.json()).toEqual({ message: csrfMismatchMessage });
    // what the shared client does on 419: load a page for a fresh token and send again
    const page = await browser.get('/login');
    browser.token = metaToken(await page.text()) ?? '';
    expect((await browser.post('/login', { email: 'a@b.mx', password: 'x' })).status).toBe(503);
  });

  it('gives an anonymous visitor a signed token in the meta tag, the header and a cookie, without a database', async () => {
    const browser = new Browser(app);
    const res = await browser.get('/historias');
    expect(res.status).toBe(200);
    const token = metaToken(await res.text());
    expect(token).toBeTruthy();
    expect(res.headers.get('X-CSRF-TOKEN')).toBe(token);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('csrf='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('answers 419 without a token, with a forged one or with another browser’s', async () => {
    const browser = new Browser(app);
    await browser.get('/login');
    const other = new Browser(app);
    await other.get('/login');
    const [issuedAt, nonce] = browser.token.split('.');
    for (const token of [undefined, 'x', `${issuedAt}.${nonce}.AAAA`, other.token]) {
      const res = await browser.post('/login', { email: 'a@b.mx', password: 'x' }, token ? { headers: { 'X-CSRF-TOKEN': token } } : { withoutToken: true });
      expect(res.status).toBe(419);
      expect(await res.json()).toEqual({ message: csrfMismatchMessage });
    }
  });

  it('answers 419 when the cookie the token is bound to is missing', async () => {
    const browser = new Browser(app);
    await browser.get('/login');
    browser.cookies.clear();
    expect((await browser.post('/logout', {})).status).toBe(419);
  });

  it('accepts the token as X-CSRF-TOKEN or X-XSRF-TOKEN (then the missing database answers 503)', async () => {
    const browser = new Browser(app);
    await browser.get('/login');
    const res = await browser.post('/contacto-empresa', { name: 'Ana', lastName: 'Ruiz', email: 'ana@ejemplo.mx' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: genericErrorMessage });
    const xsrf = await browser.post('/contacto-empresa', { name: 'Ana' }, { withoutToken: true, headers: { 'X-XSRF-TOKEN': browser.token } });
    expect(xsrf.status).toBe(503);
  });

  it('refuses a cross-origin form post with 403', async () => {
    const browser = new Browser(app);
    await browser.get('/login');
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await browser.request('/login', {
        method: 'POST',
        body: 'email=a%40b.mx&password=x',
        headers: { 'Content-Type': type, Origin: 'https://sitio-malicioso.example', 'X-CSRF-TOKEN': browser.token },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'No aceptamos formularios enviados desde otro sitio.' });
    }
    const sameSite = await browser.request('/login', {
      method: 'POST',
      body: 'email=a%40b.mx',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-TOKEN': browser.token },
    });
    // past the origin check; the throttle then needs the database this app lacks
    expect(sameSite.status).toBe(503);
  });

  it('uses __Host- cookies, Secure, in production only', async () => {
    const { app: production } = testApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 'un-secreto-de-prueba-de-al-menos-32-caracteres', SMTP_URL: 'smtp://127.0.0.1:1' } });
    const res = await production.request('/login');
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('__Host-csrf='));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
  });

  it('refuses to start in production without SESSION_SECRET', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadEnv({ SESSION_SECRET: 'corto' })).toThrow(/SESSION_SECRET/);
  });
});
