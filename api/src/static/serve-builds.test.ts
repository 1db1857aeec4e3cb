import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testApp } from '../test-app';
import { cacheControlFor } from './serve-builds';

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
});
