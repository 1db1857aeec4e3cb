// What rendering in the renderer pool costs (issue #46 item 5, decision 057), run by bench/lib/render-pool.mjs in its
// own process, over the production builds (`node api/scripts/build-apps.mjs` first): every page through the real app in
// process, the answer cache off, rendered by the page renderer in this process and by the pool. The figure is the time of
// the renderer's `render` call (the pool's includes the trip to its child and back). Beside it, the trip alone (`trip`):
// the page object the pool rendered last, sent to a child with a set it does not know, is answered at once with no
// render, so that figure is what the process boundary costs by itself (decision 057, 2026-11-29).
// Measured fairly (decision 057, «2026-11-29, later»): both sides are warmed alike, each sample takes the three
// measures in a fresh random order, and the young generation of this process is emptied before each timed call, so
// neither side's figure carries the garbage the other left. Prints one JSON line, with the load average at the start and
// the end.
//
//   NODE_ENV=production tsx api/scripts/render-pool-bench.ts [samples per page, default 40]
//
// NODE_ENV=production from the start: React picks its build when first imported, and the children are given it.
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Hono } from 'hono';
import { buildRoots } from '../src/static/build-roots';
import { loadEnv, repoRoot } from '../src/env';
import { createLogger } from '../src/logging/logger';
import type { PageObject } from '@gota/shared/contracts';
import { pageRenderer, type Renderer } from '../src/render/page-renderer';
import { rendererPool } from '../src/render/renderer-pool';
import type { ReleaseSnapshot } from '../src/render/release-snapshot';
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

/** V8's collector, asked for by the bench itself (no `--expose-gc` needed from whoever starts it). */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as (options: { type: 'minor' }) => void;
})();

/** Times `work` in ms, after emptying the young generation: the garbage of whatever ran before is not charged to it. */
async function clean<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  collect({ type: 'minor' });
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

type Figures = { p50: number; p99: number };
type Measure = { times: number[]; all: number[]; byPage: Record<string, Figures> };
type Side = Measure & {
  app: Hono<AppEnv>;
  /** What it rendered last: the trip sends the pool's again. */
  last: { page?: PageObject; snapshot?: ReleaseSnapshot };
};

const measured = (): Measure => ({ times: [], all: [], byPage: {} });

/** The renderer with each `render` call timed, in ms, after a minor GC; `last` is what it rendered last. */
function timed(renderer: Renderer, side: Pick<Side, 'times' | 'last'>): Renderer {
  return {
    ...renderer,
    async render(page, snapshot) {
      const { value: rendered, ms } = await clean(() => renderer.render(page, snapshot));
      side.times.push(ms);
      Object.assign(side.last, { page, snapshot });
      if (!rendered.html) throw new Error(`${page.url} no se renderizó en el servidor: ${JSON.stringify(rendered.failures)}`);
      return rendered;
    },
  };
}

/** A set no child knows: a child answers such a render at once, with no render (renderer-child.ts). */
const unknownSet = (snapshot: ReleaseSnapshot): ReleaseSnapshot => ({ ...snapshot, id: 'render-pool-bench' });

/** The trip alone: the page object the pool rendered last, to a child and back, in ms. */
async function trip(pool: Renderer, side: Side): Promise<number> {
  const { page, snapshot } = side.last;
  if (!page || !snapshot) throw new Error('nada que enviar todavía');
  const { value: answer, ms } = await clean(() => pool.render(page, unknownSet(snapshot)));
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

/** `items` in a random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Every page measured by the three in turn: the warm-up in a fixed order, then each sample's render in process, render
 * through the pool and trip alone in a fresh random order, so neither side always follows the other (on a shared
 * machine a change of load lands on all three; decision 057).
 */
async function measure(local: Side, pooled: Side, trips: Measure, poolRenderer: Renderer): Promise<void> {
  const measures = [local, pooled, trips];
  for (const url of pages) {
    const steps = [
      () => visit(local.app, url),
      () => visit(pooled.app, url),
      async () => void trips.times.push(await trip(poolRenderer, pooled)),
    ];
    for (let i = 0; i < warmUp; i += 1) for (const step of steps) await step();
    for (const side of measures) side.times.length = 0;
    for (let i = 0; i < samples; i += 1) for (const step of shuffled(steps)) await step();
    for (const side of measures) {
      side.all.push(...side.times);
      side.byPage[url] = figures(side.times);
    }
  }
}

/** The 1-minute load average, two decimals: the figures of a shared machine are read beside it. */
const load = () => round(loadavg()[0]!);

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
    const made = testApp({ env: settings, renderer: timed(renderer, { times, last }) });
    await made.releases.refresh();
    return { app: made.app, times, all: [], byPage: {}, last };
  };
  const inProcess = await side(local);
  const pooled = await side(pool);
  const trips = measured();
  const loadAtStart = load();
  await measure(inProcess, pooled, trips, pool);
  const loadAtEnd = load();
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
      load: { start: loadAtStart, end: loadAtEnd },
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
