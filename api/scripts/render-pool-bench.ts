// What rendering in the renderer pool costs (issue #46 item 5, decision 057), run by bench/lib/render-pool.mjs in its
// own process, over the production builds (`node api/scripts/build-apps.mjs` first): every page through the real app in
// process, the answer cache off, rendered in turn by the page renderer in this process and by the pool. The figure is the
// time of the renderer's `render` call (the pool's includes the trip to its child and back). After each pooled render,
// the same page object makes the trip alone (`trip`): sent to a child with a set it does not know, it is answered at once
// with no render, so that figure is what the process boundary costs by itself (decision 057, 2026-11-29). Prints one
// JSON line.
//
//   NODE_ENV=production tsx api/scripts/render-pool-bench.ts [samples per page, default 40]
//
// NODE_ENV=production from the start: React picks its build when first imported, and the children are given it.
import type { Hono } from 'hono';
import { buildRoots } from '../src/static/build-roots';
import { loadEnv, repoRoot } from '../src/env';
import { createLogger } from '../src/logging/logger';
import type { PageObject } from '@gota/shared/contracts';
import { pageRenderer, type Renderer } from '../src/render/page-renderer';
import { rendererPool } from '../src/render/renderer-pool';
import type { ReleaseSnapshot } from '../src/releases/release-set';
import { testApp } from '../src/testing/test-app';
import { quantile, round } from './bench-database';
import type { AppEnv } from '../src/types';

const samples = Number(process.argv[2] ?? 40);
const warmUp = 5;
// the search page needs a database and its index: the other pages
const pages = [
  '/',
  '/historias',
  '/historias/un-latido-en-cada-gota',
  '/aliados',
  '/quienes-somos',
  '/campana',
  '/datos-agua',
  '/login',
  '/registro',
];

/** The renderer with each `render` call timed, in ms; `last` is what it rendered last. */
function timed(renderer: Renderer, times: number[], last: Side['last']): Renderer {
  return {
    ...renderer,
    async render(page, snapshot) {
      const started = performance.now();
      const rendered = await renderer.render(page, snapshot);
      times.push(performance.now() - started);
      Object.assign(last, { page, snapshot });
      if (!rendered.html) throw new Error(`${page.url} no se renderizó en el servidor: ${JSON.stringify(rendered.failures)}`);
      return rendered;
    },
  };
}

type Figures = { p50: number; p99: number };
type Side = {
  app: Hono<AppEnv>;
  times: number[];
  all: number[];
  byPage: Record<string, Figures>;
  last: { page?: PageObject; snapshot?: ReleaseSnapshot };
};

/** A set no child knows: a child answers such a render at once, with no render (renderer-child.ts). */
const unknownSet = (snapshot: ReleaseSnapshot): ReleaseSnapshot => ({ ...snapshot, id: 'render-pool-bench' });

/** The trip alone: the page object the pool rendered last, to a child and back, in ms. */
async function trip(pool: Renderer, side: Side): Promise<number> {
  const { page, snapshot } = side.last;
  if (!page || !snapshot) throw new Error('nada que enviar todavía');
  const started = performance.now();
  const answer = await pool.render(page, unknownSet(snapshot));
  const ms = performance.now() - started;
  if (answer.html !== undefined) throw new Error('un renderizador renderizó con un conjunto que no conoce');
  return ms;
}

async function visit(app: Hono<AppEnv>, url: string): Promise<void> {
  const res = await app.request(url);
  const html = await res.text();
  if (res.status !== 200 || !/<div id="root"><./.test(html)) throw new Error(`${url}: ${res.status} sin HTML del servidor`);
}

const figures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: round(quantile(sorted, 0.5)), p99: round(quantile(sorted, 0.99)) };
};

/**
 * Every page rendered by both sides in turn, one render each (in process, then the pool, then in process…): on a shared
 * machine a change of load lands on both, so their ratio holds where two passes one after the other would not.
 */
async function measure(sides: Side[], pool: { renderer: Renderer; side: Side; trips: Side }): Promise<void> {
  for (const url of pages) {
    for (const side of [...sides, pool.trips]) side.times.length = 0;
    for (let i = 0; i < warmUp + samples; i += 1)
      for (const side of sides) {
        await visit(side.app, url);
        if (side === pool.side) pool.trips.times.push(await trip(pool.renderer, side));
      }
    for (const side of [...sides, pool.trips]) {
      const mine = side.times.slice(warmUp);
      side.all.push(...mine);
      side.byPage[url] = figures(mine);
    }
  }
}

async function main() {
  if (process.env.NODE_ENV !== 'production')
    throw new Error('NODE_ENV=production: React de producción aquí y en los renderizadores');
  const logger = createLogger({ level: 'silent' });
  const env = loadEnv({});
  const roots = buildRoots({ shellDist: env.shellDist, repoRoot });
  const settings = { HTML_CACHE_ENTRIES: '0' };

  const local = pageRenderer({ roots, allowedOrigins: [], logger });
  const pool = rendererPool({ roots, allowedOrigins: [], logger, size: 2 });
  const side = async (renderer: Renderer): Promise<Side> => {
    const times: number[] = [];
    const last = {};
    const made = testApp({ env: settings, renderer: timed(renderer, times, last) });
    await made.releases.refresh();
    return { app: made.app, times, all: [], byPage: {}, last };
  };
  const inProcess = await side(local);
  const pooled = await side(pool);
  const trips: Side = { ...pooled, times: [], all: [], byPage: {} };
  await measure([inProcess, pooled], { renderer: pool, side: pooled, trips });
  local.close();
  await pool.close();
  const here = figures(inProcess.all);
  const there = figures(pooled.all);

  const pagesRows = pages.map((url) => ({
    url,
    inProcess: inProcess.byPage[url]!,
    pool: pooled.byPage[url]!,
    trip: trips.byPage[url]!,
  }));
  process.stdout.write(
    `${JSON.stringify({
      samples,
      inProcess: here,
      pool: there,
      trip: figures(trips.all),
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
