import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { RemotesRegistry } from '@gota/shared/contracts';
import { siteHeaders } from './site-headers';

/** An app with the site's headers whose registry the test changes, and whose page says which nonce it was given. */
function site(production = false) {
  let registry: RemotesRegistry = { mf_home: '/mf/mf-home/mf-manifest.json' };
  const app = new Hono();
  app.use('*', siteHeaders(() => registry, production));
  app.get('/app/main.js', (c) => c.body('1', 200, { 'Content-Type': 'text/javascript' }));
  app.get('/powered', (c) => c.body('x', 200, { 'X-Powered-By': 'algo' }));
  app.get('*', (c) => c.text(c.get('secureHeadersNonce') ?? 'sin nonce'));
  return { app, setRegistry: (next: RemotesRegistry) => (registry = next) };
}

const documentHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('siteHeaders', () => {
  it("gives each document a new nonce, the one its handler wrote, in the CSP's script and style sources", async () => {
    const { app } = site();
    const [first, second] = [await app.request('/historias'), await app.request('/historias')];
    const nonces = [await first.text(), await second.text()];
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    const csp = first.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(`script-src 'nonce-${nonces[0]}' 'strict-dynamic' 'self' https: 'unsafe-inline'`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonces[0]}'`);
    expect(second.headers.get('Content-Security-Policy')).toContain(`'nonce-${nonces[1]}'`);
    expect(csp).not.toContain('<nonce>');
    expect([...first.headers.keys()].filter((name) => name !== 'content-type')).toEqual(documentHeaders);
    expect(first.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(first.headers.get('Permissions-Policy')).toContain('camera=()');
  });

  it('allows the origins of the remotes served from elsewhere as soon as the registry names them', async () => {
    const { app, setRegistry } = site();
    expect((await app.request('/')).headers.get('Content-Security-Policy')).not.toContain('remotos.example');
    setRegistry({ mf_home: 'https://remotos.example/mf-home/mf-manifest.json' });
    const csp = (await app.request('/')).headers.get('Content-Security-Policy') ?? '';
    for (const directive of ['style-src', 'img-src', 'font-src', 'connect-src']) {
      expect(csp.split('; ').find((part) => part.startsWith(`${directive} `)), directive).toContain('https://remotos.example');
    }
  });

  it('asks a production browser to upgrade insecure requests', async () => {
    expect((await site(true).app.request('/')).headers.get('Content-Security-Policy')).toContain('upgrade-insecure-requests');
    expect((await site(false).app.request('/')).headers.get('Content-Security-Policy')).not.toContain('upgrade-insecure-requests');
  });

  it("gives a build's file the headers a file needs, with a CSP that allows nothing and no nonce", async () => {
    const file = await site().app.request('/app/main.js');
    expect(file.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(file.headers.get('Referrer-Policy')).toBeNull();
    expect(file.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('removes X-Powered-By, as hono/secure-headers does', async () => {
    expect((await site().app.request('/powered')).headers.get('X-Powered-By')).toBeNull();
  });
});
