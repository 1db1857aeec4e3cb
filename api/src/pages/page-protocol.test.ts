import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PageObject } from '@gota/shared/contracts';
import { testApp as fullTestApp } from '../testing/test-app';
import { jsonForScript } from './document';

/** The app alone at http://sitio.test (the address the expected links use), over the test settings with these overrides. */
const testApp = (env: Record<string, string> = {}) => fullTestApp({ env: { APP_URL: 'http://sitio.test', ...env } }).app;

const inertia = (version?: string) => ({ 'X-Inertia': 'true', ...(version ? { 'X-Inertia-Version': version } : {}) });

async function pageOf(response: Response): Promise<PageObject> {
  expect(response.headers.get('X-Inertia')).toBe('true');
  return (await response.json()) as PageObject;
}

describe('page protocol', () => {
  const app = testApp();

  it('answers a first visit with the HTML document carrying the page object, the (empty) csrf meta and SEO', async () => {
    const response = await app.request('/historias');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(response.headers.get('Vary')).toMatch(/X-Inertia/);
    const html = await response.text();
    expect(html).toContain('<title>Historias · Gota a Gota</title>');
    // an anonymous page is the same for everyone: its first script fills the tag (decision 040)
    expect(html).toContain('<meta name="csrf-token" content="">');
    expect(html).toContain('<link rel="canonical" href="http://sitio.test/historias">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="index, follow">');
    const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(json ?? '')).toMatchObject({ component: 'Blog', url: '/historias' });
    // the remotes at their default address are the shell's to derive (decision 063, 2026-11-29)
    expect(html).toContain('<script type="application/json" id="remotes-data">{}</script>');
  });

  it('allows each inline script of the document by its hash in the CSP, and nothing else inline', async () => {
    const response = await app.request('/');
    const scriptSrc = (response.headers.get('Content-Security-Policy') ?? '')
      .split('; ')
      .find((part) => part.startsWith('script-src '));
    const html = await response.text();
    const executable = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
    );
    expect(executable.length).toBe(2);
    expect(scriptSrc).toBe(`script-src ${executable.join(' ')} 'strict-dynamic' 'self' https: 'unsafe-inline'`);
    // every other script element is data
    expect(
      [...html.matchAll(/<script( [^>]*)?>/g)].filter(
        ([, attributes]) => attributes && !/type="application\/(ld\+)?json"/.test(attributes),
      ),
    ).toEqual([]);
  });

  it('answers the navigation client with the JSON page object', async () => {
    const response = await app.request('/historias', { headers: inertia() });
    expect(response.status).toBe(200);
    expect(response.headers.get('Vary')).toMatch(/X-Inertia/);
    const page = await pageOf(response);
    expect(page).toMatchObject({
      component: 'Blog',
      url: '/historias',
      props: { errors: {}, auth: { user: null }, appName: 'Gota a Gota' },
    });
    // the release log's position, then a digest of the shell and the release set (decision 039)
    expect(page.version).toMatch(/^\d+\.[0-9a-f]{12}$/);
  });

  it('answers a stale GET with 409 and the location to reload', async () => {
    const response = await app.request('/aliados?x=1', { headers: inertia('version-vieja') });
    expect(response.status).toBe(409);
    expect(response.headers.get('X-Inertia-Location')).toBe('http://sitio.test/aliados?x=1');
    expect(response.headers.get('Vary')).toMatch(/X-Inertia/);
  });

  it('builds the reload location from APP_URL, never from the Host header (#12 row 11)', async () => {
    const response = await app.request('http://evil.example/historias?p=2', {
      headers: { ...inertia('version-vieja'), Host: 'evil.example' },
    });
    expect(response.status).toBe(409);
    expect(response.headers.get('X-Inertia-Location')).toBe('http://sitio.test/historias?p=2');
  });

  it('does not answer 409 to a stale non-GET request', async () => {
    const response = await app.request('/aliados', { method: 'POST', headers: inertia('version-vieja') });
    expect(response.status).not.toBe(409);
  });

  it('accepts the current version', async () => {
    const { version } = await pageOf(await app.request('/', { headers: inertia() }));
    const response = await app.request('/aliados', { headers: inertia(version) });
    expect((await pageOf(response)).component).toBe('Aliados');
  });

  it('filters props on a partial reload of the same component, keeping errors', async () => {
    const only = await pageOf(
      await app.request('/historias', {
        headers: { ...inertia(), 'X-Inertia-Partial-Component': 'Blog', 'X-Inertia-Partial-Data': 'stories' },
      }),
    );
    expect(Object.keys(only.props).sort()).toEqual(['errors', 'stories']);
    const except = await pageOf(
      await app.request('/historias', {
        headers: { ...inertia(), 'X-Inertia-Partial-Component': 'Blog', 'X-Inertia-Partial-Except': 'stories' },
      }),
    );
    expect(except.props).not.toHaveProperty('stories');
    expect(except.props).toHaveProperty('seo');
    const other = await pageOf(
      await app.request('/historias', {
        headers: { ...inertia(), 'X-Inertia-Partial-Component': 'Post', 'X-Inertia-Partial-Data': 'stories' },
      }),
    );
    expect(other.props).toHaveProperty('seo');
  });

  it('names the layout of fixed pages and the index bar style', async () => {
    expect((await pageOf(await app.request('/login', { headers: inertia() }))).props.layout).toBe('fixed');
    expect((await pageOf(await app.request('/', { headers: inertia() }))).props.isIndex).toBe(true);
    expect((await pageOf(await app.request('/historias', { headers: inertia() }))).props.layout).toBeUndefined();
  });

  it('answers unknown pages and stories with a 404 page in the default layout', async () => {
    for (const url of ['/no-existe', '/historias/no-existe']) {
      const response = await app.request(url, { headers: inertia() });
      expect(response.status).toBe(404);
      expect((await pageOf(response)).component).toBe('NotFound');
      expect((await app.request(url)).status).toBe(404);
    }
  });

  it('shows the Example page outside production only', async () => {
    expect((await app.request('/example')).status).toBe(200);
    expect(
      (
        await testApp({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:1' }).request(
          '/example',
        )
      ).status,
    ).toBe(404);
  });
});

describe('jsonForScript', () => {
  it('cannot close the script element, and parses back to the same value', () => {
    const value = { titulo: '</script><script>alert(1)</script>', amp: 'a & b', line: 'x\u2028y' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/<\/?script/i);
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('remotes registry and version', () => {
  it('serves the registry uncached, defaulting to the local builds', async () => {
    const response = await testApp().request('/remotes.json');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.json()).toMatchObject({ mf_stories: '/mf/mf-stories/mf-manifest.json' });
  });

  it('takes the local builds from REMOTES in development, and lets the browser load them (CSP)', async () => {
    const app = testApp({ REMOTES: JSON.stringify({ mf_home: 'http://localhost:3101/mf-manifest.json' }) });
    const registry = (await (await app.request('/remotes.json')).json()) as Record<string, string>;
    expect(registry).toMatchObject({
      mf_home: 'http://localhost:3101/mf-manifest.json',
      mf_stories: '/mf/mf-stories/mf-manifest.json',
    });
    const csp = (await app.request('/')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3101/);
  });

  it('refuses a REMOTES that is not a map of URLs, names no remote, or is set in production', () => {
    expect(() => testApp({ REMOTES: '{"mf_home": 3}' })).toThrow(/REMOTES: el remoto «mf_home» necesita una URL/);
    expect(() => testApp({ REMOTES: '{"mf_storie": "/mf/x/mf-manifest.json"}' })).toThrow(/REMOTES: «mf_storie» no es un remoto/);
    expect(() =>
      testApp({ REMOTES: '{}', NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://localhost:25' }),
    ).toThrow(/REMOTES: solo en desarrollo y pruebas/);
  });
});
