import { describe, expect, it } from 'vitest';
import { genericErrorMessage } from '@gota/shared/contracts';
import type { Database } from '../db/database';
import { createLogger } from '../logging/logger';
import { Browser } from '../testing/browser';
import { metaToken } from '../testing/counting-renderer';
import { testApp } from '../testing/test-app';
import { allowedMethods } from './error-handler';
import { absentDatabase } from './form-envelope';

describe('the envelope', () => {
  it('answers 413 in Spanish above BODY_LIMIT', async () => {
    const { app, env } = testApp();
    const browser = new Browser(app);
    const res = await browser.post('/contacto-empresa', { mensaje: 'a'.repeat(env.BODY_LIMIT + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'El contenido enviado es demasiado grande.' });
  });

  it('answers JSON 404 for unknown API paths and methods', async () => {
    const { app } = testApp();
    const browser = new Browser(app);
    const post = await browser.post('/no-existe', {});
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ message: 'No encontramos lo que buscas.' });
    const api = await browser.get('/api/nada');
    expect(api.status).toBe(404);
    expect(api.headers.get('Content-Type')).toMatch(/json/);
    const contact = await browser.get('/contacto-empresa');
    expect(contact.status).toBe(405);
    expect(contact.headers.get('Allow')).toBe('POST');
  });

  it('takes the 405 table from the registered handlers: every path, its methods, HEAD with GET', async () => {
    const { app } = testApp();
    const browser = new Browser(app);
    browser.fillToken();
    const cases: [string, string, string][] = [
      ['DELETE', '/logout', 'POST'],
      ['POST', '/historias', 'GET, HEAD'],
      ['POST', '/historias/un-relato', 'GET, HEAD'],
      ['DELETE', '/readyz', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await browser.request(url, { method, headers: { 'X-CSRF-TOKEN': browser.token, Origin: 'http://localhost' } });
      expect({ url, method, status: res.status, allow: res.headers.get('Allow') }).toEqual({ url, method, status: 405, allow });
    }
    // the staff pages answer through their guard first (staff-guard.test.ts); their table is the same derivation
    const table = allowedMethods(app);
    expect(table.get('/panel/mensajes/:id')).toEqual(['GET', 'HEAD', 'DELETE']);
    expect(table.get('/panel/mensajes/:id/estado')).toEqual(['POST']);
    // a mount for files is not a path with methods: an unknown file stays a 404
    expect((await browser.request('/img/no-existe.png', { method: 'GET' })).status).toBe(404);
  });

  it('answers a generic Spanish 500 without a stack and logs it without query values', async () => {
    const lines: string[] = [];
    const broken: Database = {
      ...absentDatabase(),
      ready: true,
      use: () => {
        throw new Error('fallo interno en /srv/app/secret.ts:12');
      },
    };
    const { app } = testApp({
      database: broken,
      logger: createLogger({ level: 'info', destination: { write: (line) => lines.push(line) } }),
    });
    {
      const res = await new Browser(app).post('/contacto-empresa', { name: 'Ana', lastName: 'Ruiz', email: 'ana@ejemplo.mx' });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: genericErrorMessage });
      expect(text).not.toContain('secret.ts');
    }
    const error = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'error no controlado');
    expect(error).toBeDefined();
    expect(error?.requestId).toEqual(expect.any(String));
  });

  it('with the database down: pages render (signed-in cookie or not), forms answer 503, /readyz says database down', async () => {
    const { app } = testApp({ database: absentDatabase() });
    const browser = new Browser(app);
    browser.cookies.set('sid', 'A'.repeat(43));
    const page = await browser.get('/historias');
    expect(page.status).toBe(200);
    // a request with a session cookie gets the token bound to that session in its page, database or not
    browser.token = metaToken(await page.text()) ?? '';
    expect(browser.token).toMatch(/^\w+\.[\w-]+\.[\w-]+$/);
    const inertia = await browser.get('/', { 'X-Inertia': 'true' });
    expect(((await inertia.json()) as { props: { auth: unknown } }).props.auth).toEqual({ user: null });
    // the cookie is kept: the session comes back with the database
    expect(browser.cookies.get('sid')).toBe('A'.repeat(43));
    for (const [path, body] of [
      ['/login', { email: 'a@b.mx', password: 'x' }],
      ['/registro', {}],
      ['/recuperar-contrasena', { email: 'a@b.mx' }],
      ['/contacto-empresa', { name: 'Ana', lastName: 'Ruiz', email: 'ana@ejemplo.mx' }],
    ] as const) {
      const res = await browser.post(path, body);
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ message: genericErrorMessage });
    }
    const ready = await app.request('/readyz');
    // pages work, so the instance stays in the balancer (issue #15 row 4); the database is its own field
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', pages: 'ok', database: 'down' });
  });

  it('puts the security headers on JSON answers too', async () => {
    const { app } = testApp();
    const res = await new Browser(app).post('/logout', {}, { withoutToken: true });
    expect(res.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Request-Id')).toMatch(/^[\w-]+$/);
  });

  it('turns off the browser features the site never uses, on every answer (#12 row 20)', async () => {
    const { app } = testApp();
    for (const url of [
      '/',
      '/historias',
      '/img/azul.jpg',
      '/favicon.svg',
      '/robots.txt',
      '/remotes.json',
      '/no-existe',
      '/healthz',
      '/readyz',
    ]) {
      const policy = (await app.request(url)).headers.get('Permissions-Policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, url).toContain(`${feature}=()`);
      expect(policy, url).not.toMatch(/fullscreen|autoplay/);
    }
  });
});
