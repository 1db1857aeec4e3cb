import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { RemotesRegistry } from '@gota/shared/contracts';
import { siteHeaders } from './site-headers';
import type { AppEnv } from '../types';

/** An app with the site's headers whose registry the test changes; `/documento?scripts=…` answers as a document with those hashes. */
function site(production = false) {
  let registry: RemotesRegistry = { mf_home: '/mf/mf-home/mf-manifest.json' };
  const app = new Hono<AppEnv>();
  app.use('*', siteHeaders(() => registry, production).middleware);
  app.get('/app/main.js', (c) => c.body('1', 200, { 'Content-Type': 'text/javascript' }));
  app.get('/powered', (c) => c.body('x', 200, { 'X-Powered-By': 'algo' }));
  app.get('/documento', (c) => {
    c.set('scriptHashes', c.req.query('scripts'));
    return c.html('<p>hola</p>');
  });
  app.get('*', (c) => c.json({}));
  return { app, setRegistry: (next: RemotesRegistry) => (registry = next) };
}

const directive = (csp: string | null, name: string) => (csp ?? '').split('; ').find((part) => part.startsWith(`${name} `));

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
  it("names a document's own inline scripts by their hashes, the same for every request, and lets what they add run", async () => {
    const { app } = site();
    const hashes = "'sha256-AAAA' 'sha256-BBBB'";
    const [first, second] = [
      await app.request(`/documento?scripts=${encodeURIComponent(hashes)}`),
      await app.request(`/documento?scripts=${encodeURIComponent(hashes)}`),
    ];
    const csp = first.headers.get('Content-Security-Policy');
    expect(directive(csp, 'script-src')).toBe(`script-src ${hashes} 'strict-dynamic' 'self' https: 'unsafe-inline'`);
    expect(second.headers.get('Content-Security-Policy')).toBe(csp);
    expect(csp).not.toContain('nonce');
    expect(csp).not.toContain('<scripts>');
    // the dialogs' scroll lock writes a <style> whose text depends on the scroll bar: no hash can name it (decision 040)
    expect(directive(csp, 'style-src')?.trim()).toBe("style-src 'self' 'unsafe-inline'");
    expect([...first.headers.keys()].filter((name) => name !== 'content-type')).toEqual(documentHeaders);
    expect(first.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(first.headers.get('Permissions-Policy')).toContain('camera=()');
  });

  it('gives a JSON answer (a page object, the registry) the headers of an answer that is no document', async () => {
    const { app } = site();
    const [json, document] = [await app.request('/remotes.json'), await app.request('/documento?scripts=x')];
    expect(json.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const name of ['Strict-Transport-Security', 'X-Frame-Options', 'X-Content-Type-Options', 'Permissions-Policy']) {
      expect(json.headers.get(name), name).toBe(document.headers.get(name));
    }
    for (const name of ['Cross-Origin-Opener-Policy', 'Referrer-Policy', 'X-XSS-Protection', 'X-Download-Options']) {
      expect(json.headers.get(name), name).toBeNull();
    }
  });

  it('lets no script run in a document without inline scripts', async () => {
    const csp = (await site().app.request('/documento')).headers.get('Content-Security-Policy');
    expect(directive(csp, 'script-src')).toBe("script-src 'none'");
  });

  it('allows the origins of the remotes served from elsewhere as soon as the registry names them', async () => {
    const { app, setRegistry } = site();
    expect((await app.request('/documento')).headers.get('Content-Security-Policy')).not.toContain('remotos.example');
    setRegistry({ mf_home: 'https://remotos.example/mf-home/mf-manifest.json' });
    const csp = (await app.request('/documento')).headers.get('Content-Security-Policy') ?? '';
    for (const directive of ['style-src', 'img-src', 'font-src', 'connect-src']) {
      expect(
        csp.split('; ').find((part) => part.startsWith(`${directive} `)),
        directive,
      ).toContain('https://remotos.example');
    }
  });

  it('asks a production browser to upgrade insecure requests', async () => {
    expect((await site(true).app.request('/documento')).headers.get('Content-Security-Policy')).toContain(
      'upgrade-insecure-requests',
    );
    expect((await site(false).app.request('/documento')).headers.get('Content-Security-Policy')).not.toContain(
      'upgrade-insecure-requests',
    );
  });

  it("gives a build's file the headers a file needs, with a CSP that allows nothing", async () => {
    const file = await site().app.request('/app/main.js');
    expect(file.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(file.headers.get('Referrer-Policy')).toBeNull();
    expect(file.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('removes X-Powered-By, as hono/secure-headers does', async () => {
    expect((await site().app.request('/powered')).headers.get('X-Powered-By')).toBeNull();
  });
});
