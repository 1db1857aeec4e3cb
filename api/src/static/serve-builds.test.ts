import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { testApp as loggedTestApp } from '../testing/test-app';
import { cacheControlFor } from './serve-builds';

/** The app alone, over the test settings with these overrides. */
const testApp = (env: Record<string, string> = {}) => loggedTestApp({ env }).app;

function shellDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'gota-shell-'));
  writeFileSync(path.join(dist, 'remoteEntry.js'), 'abcdefghij');
  return dist;
}

describe('static builds', () => {
  it('caches hashed files for a year and revalidates the rest', () => {
    expect(cacheControlFor('/mf/mf-home/179.b02b19c856.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/mf/mf-home/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/mf/mf-home/remoteEntry.js')).toBe('no-cache');
  });

  it('serves the precompressed sibling the browser accepts', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'gota-shell-'));
    mkdirSync(dist, { recursive: true });
    const source = 'console.log("hola");'.repeat(100);
    writeFileSync(path.join(dist, 'main.0123456789.js'), source);
    writeFileSync(path.join(dist, 'main.0123456789.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(dist, 'main.0123456789.js.gz'), gzipSync(source));
    const app = testApp({ SHELL_DIST: dist });

    const br = await app.request('/app/main.0123456789.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/javascript/);
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');

    const gz = await app.request('/app/main.0123456789.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');

    const plain = await app.request('/app/main.0123456789.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
  });

  it('never serves a file outside the build folder', async () => {
    const response = await testApp().request('/app/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
  });

  it('answers byte ranges exactly, and 416 to one past the end (#12 row 13)', async () => {
    const app = testApp({ SHELL_DIST: shellDist() });
    const get = (range: string) => app.request('/app/remoteEntry.js', { headers: { Range: range } });

    const beyond = await get('bytes=999999999-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe('bytes */10');

    const first = await get('bytes=0-0');
    expect(first.status).toBe(206);
    expect(first.headers.get('Content-Range')).toBe('bytes 0-0/10');
    expect(await first.text()).toBe('a');

    const last = await get('bytes=-5');
    expect(last.status).toBe(206);
    expect(last.headers.get('Content-Range')).toBe('bytes 5-9/10');
    expect(await last.text()).toBe('fghij');

    const middle = await get('bytes=2-4');
    expect([middle.status, middle.headers.get('Content-Length'), await middle.text()]).toEqual([206, '3', 'cde']);

    const malformed = await get('bytes=abc');
    expect([malformed.status, await malformed.text()]).toEqual([200, 'abcdefghij']);
  });
});

describe('static answers are logged and headed like every answer (#12 row 14)', () => {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line) => lines.push(line) } });
  const { app } = loggedTestApp({ env: { SHELL_DIST: shellDist() }, logger });

  it('carries CSP, HSTS and X-Frame-Options on /app, /img, /files and /remotes.json, and each is logged', async () => {
    for (const url of [
      '/app/remoteEntry.js',
      '/img/azul.jpg',
      '/files/manual-de-uso-un-latido-en-cada-gota.zip',
      '/remotes.json',
    ]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      // the builds' files and JSON are never documents: a CSP that allows nothing (issue #11: the page's own CSP governs them)
      const document = url.startsWith('/img/') || url.startsWith('/files/');
      expect(response.headers.get('Content-Security-Policy'), url).toContain(
        document ? "default-src 'self'" : "default-src 'none'",
      );
      expect(response.headers.get('Strict-Transport-Security'), url).toMatch(/max-age=/);
      expect(response.headers.get('X-Frame-Options'), url).toBe('DENY');
      expect(response.headers.get('X-Request-Id'), url).toBeTruthy();
      const logged = lines.map((line) => JSON.parse(line) as { path?: string; status?: number });
      expect(
        logged.some((entry) => entry.path === url && entry.status === 200),
        url,
      ).toBe(true);
    }
  });

  it("keeps the builds' files to the headers a file needs", async () => {
    const file = await app.request('/app/remoteEntry.js');
    const page = await app.request('/historias');
    for (const name of ['Strict-Transport-Security', 'X-Frame-Options', 'X-Content-Type-Options', 'Permissions-Policy']) {
      expect(file.headers.get(name), name).toBe(page.headers.get(name));
    }
    for (const name of ['Cross-Origin-Opener-Policy', 'Referrer-Policy', 'X-XSS-Protection', 'X-Download-Options']) {
      expect(file.headers.get(name), name).toBeNull();
    }
    expect(file.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src 'sha256-/);
  });

  it('answers 304 to a matching If-None-Match for unhashed files and the registry', async () => {
    for (const url of ['/app/remoteEntry.js', '/remotes.json']) {
      const first = await app.request(url);
      const etag = first.headers.get('ETag');
      expect(etag, url).toBeTruthy();
      const again = await app.request(url, { headers: { 'If-None-Match': etag! } });
      expect(again.status, url).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('Cache-Control'), url).toBe('no-cache');
    }
  });
});

describe('source maps (#12 row 19)', () => {
  it('are served in development and are a 404 in production', async () => {
    const dist = shellDist();
    writeFileSync(path.join(dist, 'main.0123456789.js.map'), '{"version":3,"sourcesContent":["secreto"]}');
    expect((await testApp({ SHELL_DIST: dist }).request('/app/main.0123456789.js.map')).status).toBe(200);
    const production = testApp({
      SHELL_DIST: dist,
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    const res = await production.request('/app/main.0123456789.js.map');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secreto');
  });
});
