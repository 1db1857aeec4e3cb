// What rendering in the renderer pool costs (issue #46 item 5, decision 057), run by bench/lib/render-pool.mjs in its
// own process, over the production builds (`node api/scripts/build-apps.mjs` first): every page through the real app in
// process, the answer cache off, once with the page renderer in this process and once with the pool. The figure is the
// time of the renderer's `render` call (the pool's includes the trip to its child and back). Prints one JSON line.
//
//   NODE_ENV=production tsx api/scripts/render-pool-bench.ts [samples per page, default 40]
//
// NODE_ENV=production from the start: React picks its build when first imported, and the children are given it.
import type { Hono } from 'hono';
import { buildRoots } from '../src/static/build-roots';
import { loadEnv, repoRoot } from '../src/env';
import { createLogger } from '../src/logging/logger';
import { pageRenderer, type Renderer } from '../src/render/page-renderer';
import { rendererPool } from '../src/render/renderer-pool';
import { testApp } from '../src/testing/test-app';
import { quantile, round } from './bench-database';

const samples = Number(process.argv[2] ?? 40);
const warmUp = 5;
// the search page needs a database and its index: the other pages
const pages = ['/', '/historias', '/historias/un-latido-en-cada-gota', '/aliados', '/quienes-somos', '/campana', '/datos-agua', '/login', '/registro'];

/** The renderer with each `render` call timed, in ms. */
function timed(renderer: Renderer, times: number[]): Renderer {
  return {
    ...renderer,
    async render(page, snapshot) {
      const started = performance.now();
      const rendered = await renderer.render(page, snapshot);
      times.push(performance.now() - started);
      if (!rendered.html) throw new Error(`${page.url} no se renderizó en el servidor: ${JSON.stringify(rendered.failures)}`);
      return rendered;
    },
  };
}

async function measure(app: Hono, times: number[]) {
  const byPage: Record<string, { p50: number; p99: number }> = {};
  const all: number[] = [];
  for (const url of pages) {
    times.length = 0;
    for (let i = 0; i < warmUp + samples; i += 1) {
      const res = await app.request(url);
      const html = await res.text();
      if (res.status !== 200 || !/<div id="root"><./.test(html)) throw new Error(`${url}: ${res.status} sin HTML del servidor`);
    }
    const mine = times.slice(warmUp).sort((a, b) => a - b);
    all.push(...mine);
    byPage[url] = { p50: round(quantile(mine, 0.5)), p99: round(quantile(mine, 0.99)) };
  }
  all.sort((a, b) => a - b);
  return { p50: round(quantile(all, 0.5)), p99: round(quantile(all, 0.99)), byPage };
}

async function main() {
  if (process.env.NODE_ENV !== 'production') throw new Error('NODE_ENV=production: React de producción aquí y en los renderizadores');
  const logger = createLogger({ level: 'silent' });
  const env = loadEnv({});
  const roots = buildRoots({ shellDist: env.shellDist, repoRoot });
  const settings = { HTML_CACHE_ENTRIES: '0' };

  const inProcessTimes: number[] = [];
  const local = pageRenderer({ roots, allowedOrigins: [], logger });
  const inProcess = testApp({ env: settings, renderer: timed(local, inProcessTimes) });
  await inProcess.releases.refresh();
  const here = await measure(inProcess.app, inProcessTimes);
  local.close();

  const poolTimes: number[] = [];
  const pool = rendererPool({ roots, allowedOrigins: [], logger, size: 2 });
  const pooled = testApp({ env: settings, renderer: timed(pool, poolTimes) });
  await pooled.releases.refresh();
  const there = await measure(pooled.app, poolTimes);
  await pool.close();

  const pagesRows = pages.map((url) => ({ url, inProcess: here.byPage[url]!, pool: there.byPage[url]! }));
  process.stdout.write(
    `${JSON.stringify({
      samples,
      inProcess: { p50: here.p50, p99: here.p99 },
      pool: { p50: there.p50, p99: there.p99 },
      p50Ratio: round(there.p50 / here.p50),
      p99Ratio: round(there.p99 / here.p99),
      pages: pagesRows,
    })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`render-pool-bench: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
