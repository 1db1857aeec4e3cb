import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAddress, plainQuery, routePattern, routeQueries, unplainPath } from '@gota/shared/routes';
import type { RouteName } from '@gota/shared/routes';
import { freePort } from '../src/testing/free-port';
import { nginxBin, startRecipeNginx } from './nginx-recipe.mjs';

const recipeFile = path.resolve(import.meta.dirname, '../../docs/deploy/nginx.conf');

/**
 * The maps that make nginx's cache key from the path and the query parameters its page reads (decision 052), as
 * docs/deploy/nginx.conf must hold them: written from `routeQueries` and the expressions `pageAddress` uses.
 */
function keyMaps(): string {
  const routes = Object.entries(routeQueries) as [RouteName, readonly string[]][];
  return [
    'map $request_uri $gota_path {',
    '    "~^([^?]*)" $1;',
    '}',
    'map $gota_path $gota_reads {',
    '    default none;',
    `    "~${unplainPath}" whole;`,
    ...routes.map(([name]) => `    "~*${routePattern(name)}" ${name};`),
    '}',
    'map "$gota_reads|$args" $gota_query {',
    '    default "?$args";',
    '    "~^none\\|" "";',
    ...routes.map(
      ([name, params]) => `    "~^${name}\\|${plainQuery}" "?${params.map((param) => `${param}=$arg_${param}`).join('&')}";`,
    ),
    '}',
  ].join('\n');
}

describe('the documented nginx (docs/deploy/nginx.conf)', () => {
  it('keys its cache on the query parameters of the route table’s list, and on no other', () => {
    const recipe = readFileSync(recipeFile, 'utf8');
    const start = recipe.indexOf('map $request_uri $gota_path {');
    const end = recipe.indexOf('}', recipe.indexOf('map "$gota_reads|$args" $gota_query {')) + 1;
    // on a difference, the expected text is what to paste into the recipe
    expect(recipe.slice(start, end)).toBe(keyMaps());
    expect(recipe).toContain('proxy_cache_key "$scheme://$host$gota_path$gota_query|');
  });
});

/**
 * A stand-in for the instances: every answer public for a minute, its body the address the API would answer for
 * (`pageAddress` of the request it got), so that a cached answer given for another request shows.
 */
function fakeOrigin(): Promise<{ server: Server; port: number; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const headers = { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=0, s-maxage=60' };
    if (!req.url?.startsWith('/codificada')) {
      res.writeHead(200, headers);
      res.end(pageAddress(req.url ?? '/'));
      return;
    }
    // as the API does: brotli when asked for it, else gzip when asked for it; the body says what was asked
    const accept = req.headers['accept-encoding'] ?? '';
    const body = Buffer.from(`${pageAddress(req.url)} [${accept}]`);
    if (/\bbr\b/.test(accept)) res.writeHead(200, { ...headers, 'Content-Encoding': 'br' }).end(brotliCompressSync(body));
    else if (/\bgzip\b/.test(accept)) res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' }).end(gzipSync(body));
    else res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, asked })),
  );
}

/** A raw GET (fetch would normalise the path): status, X-Cache-Status and body. */
function get(port: number, address: string): Promise<{ cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: address }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ cache: String(res.headers['x-cache-status']), body }));
    })
      .on('error', reject)
      .end();
  });
}

/** A raw GET with an `Accept-Encoding`: X-Cache-Status, Content-Encoding and the body decoded. */
function getCoded(
  port: number,
  address: string,
  acceptEncoding: string,
): Promise<{ cache: string; coding: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: address, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const coding = res.headers['content-encoding'] ?? '';
        const raw = Buffer.concat(chunks);
        const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ cache: String(res.headers['x-cache-status']), coding, body: body.toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}

describe.skipIf(!nginxBin)('the documented nginx, running', () => {
  let origin: Awaited<ReturnType<typeof fakeOrigin>>;
  let nginx: ReturnType<typeof startRecipeNginx>;
  let port: number;
  let folder: string;
  beforeAll(async () => {
    origin = await fakeOrigin();
    port = await freePort();
    folder = mkdtempSync(path.join(tmpdir(), 'gota-nginx-keys-'));
    // nginx's workers (nobody, when the tests run as root) write their cache here
    chmodSync(folder, 0o755);
    nginx = startRecipeNginx({ prefix: path.join(folder, 'nginx'), port, instances: [origin.port, origin.port] });
    for (
      let tries = 0;
      !(await get(port, '/healthz').then(
        () => true,
        () => false,
      ));
      tries++
    ) {
      if (tries > 100) throw new Error('nginx no respondió');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await nginx?.stop();
    origin?.server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers every address of a page from one copy, whatever it carries that the page does not read', async () => {
    const before = origin.asked.length;
    for (let n = 0; n < 20; n++) {
      const answer = await get(port, `/?fbclid=IwAR${n}&utm_source=tv`);
      expect(answer.body).toBe('/');
    }
    expect(await get(port, '/')).toEqual({ cache: 'HIT', body: '/' });
    expect(origin.asked.length - before).toBe(1);
  });

  it('passes an encoded answer through and keeps brotli, gzip and neither apart', async () => {
    const clients = [
      // a browser: brotli, asked upstream with gzip as the fallback
      { accept: 'gzip, deflate, br, zstd', coding: 'br', asked: 'br, gzip' },
      { accept: 'br;q=1.0, gzip;q=0.8', coding: 'br', asked: 'br, gzip' },
      { accept: 'gzip, deflate', coding: 'gzip', asked: 'gzip' },
      // brotli without gzip: a copy that may be gzip is not for it
      { accept: 'br', coding: '', asked: '' },
      { accept: '', coding: '', asked: '' },
    ];
    for (const round of ['MISS', 'HIT']) {
      for (const client of clients) {
        const answer = await getCoded(port, '/codificada', client.accept);
        const label = `${client.accept} (${round})`;
        expect(answer.coding, label).toBe(client.coding);
        expect(answer.body, label).toBe(`/codificada [${client.asked}]`);
        if (round === 'HIT') expect(answer.cache, label).toBe('HIT');
      }
    }
  });

  it('keeps apart what a page reads, and never answers a request with the copy of another address', async () => {
    const addresses = [
      '/buscar?q=agua',
      '/buscar?q=lluvia',
      '/buscar?q=agua&fbclid=1',
      '/buscar?fbclid=2&pagina=2&q=agua',
      '/buscar?q=agua&pagina=2',
      // what nginx and the API could read differently: each its own copy
      '/buscar?Q=lluvia',
      '/buscar?q&q=lluvia',
      '/buscar?%71=lluvia',
      '/busca%72?q=lluvia',
      '//buscar?q=lluvia',
      '/x/../buscar?q=lluvia',
      '/BUSCAR/?q=lluvia&utm_source=y',
      '/login?volver=%2Fpanel&gclid=3',
      '/login?volver=%2F',
      '/panel/mensajes/abc?volver=%2Fpanel%3Fq%3Dx&mc_eid=4',
      '/panel/exportar.csv?q=x&tipo=empresa',
      '/historias/una?pagina=9',
    ];
    for (const round of [1, 2]) {
      for (const address of addresses) {
        const answer = await get(port, address);
        expect(answer.body, `${address} (${round})`).toBe(pageAddress(address));
      }
    }
  });
});
