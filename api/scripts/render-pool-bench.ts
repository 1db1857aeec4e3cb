// What rendering in the renderer pool costs (issue #46 item 5, decision 057), run by bench/lib/render-pool.mjs in its
// own process, over the production builds (`node api/scripts/build-apps.mjs` first): every page through the real app in
// process, the answer cache off, rendered by the page renderer in this process and by the pool. The first figure is the time of
// the renderer's `render` call (the pool's includes the trip to its child and back). Beside it, the trip alone (`trip`):
// the page object the pool rendered last, sent to a child with a set it does not know, is answered at once with no
// render, so that figure is what the process boundary costs by itself (decision 057, 2026-11-29). And the whole uncached
// request (`request`) on each side: `app.request(path)` to the complete body — the middleware, the page's data, the
// render, the document's assembly — which is what a visitor waits for on a page no cache holds, and what the issue's
// 1.2× budget is checked against (decision 057, «2026-11-29, afternoon»).
// Measured fairly (decision 057, «2026-11-29, later»): both sides are warmed alike, each sample takes the five
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
import { round } from './bench-database';
import { summary, type Taken } from './render-pool-figures';
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

/** One page's times of one measure, then every page's. */
type Measure = { times: number[]; all: number[] };
type Side = {
  app: Hono<AppEnv>;
  /** The `render` call alone. */
  render: Measure;
  /** The whole request, to the complete body. */
  request: Measure;
  /** True while a whole request is timed: its render is then part of it, neither collected before nor timed apart. */
  whole: boolean;
  /** What it rendered last: the trip sends the pool's again. */
  last: { page?: PageObject; snapshot?: ReleaseSnapshot };
};

const measured = (): Measure => ({ times: [], all: [] });

/**
 * The renderer with each `render` call timed, in ms, after a minor GC (unless a whole request is being timed); `last`
 * is what it rendered last.
 */
function timed(renderer: Renderer, side: Pick<Side, 'render' | 'whole' | 'last'>): Renderer {
  return {
    ...renderer,
    async render(page, snapshot) {
      let rendered;
      if (side.whole) rendered = await renderer.render(page, snapshot);
      else {
        const { value, ms } = await clean(() => renderer.render(page, snapshot));
        side.render.times.push(ms);
        rendered = value;
      }
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

/** The page asked of the app, to the complete body. */
async function answer(app: Hono<AppEnv>, url: string): Promise<{ status: number; html: string }> {
  const res = await app.request(url);
  return { status: res.status, html: await res.text() };
}

function served(url: string, { status, html }: { status: number; html: string }): void {
  if (status !== 200 || !/<div id="root"><./.test(html)) throw new Error(`${url}: ${status} sin HTML del servidor`);
}

/** A visit whose render the side's renderer times. */
async function visit(side: Side, url: string): Promise<void> {
  served(url, await answer(side.app, url));
}

/** The whole uncached request, in ms, after a minor GC: the render inside it is not timed apart. */
async function request(side: Side, url: string): Promise<number> {
  side.whole = true;
  try {
    const { value, ms } = await clean(() => answer(side.app, url));
    served(url, value);
    return ms;
  } finally {
    side.whole = false;
  }
}

/** `items` in a random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What one page's times (`times`) or every page's (`all`) took, for the summary. */
const taken = (local: Side, pooled: Side, trips: Measure, which: 'times' | 'all'): Taken => ({
  render: { inProcess: local.render[which], pool: pooled.render[which] },
  trip: trips[which],
  request: { inProcess: local.request[which], pool: pooled.request[which] },
});

/**
 * Every page measured by the five in turn: the warm-up in a fixed order, then each sample's render in process, render
 * through the pool, trip alone, whole request in process and whole request through the pool in a fresh random order,
 * so no measure always follows another (on a shared machine a change of load lands on all five; decision 057).
 */
async function measure(local: Side, pooled: Side, trips: Measure, poolRenderer: Renderer) {
  const measures = [local.render, pooled.render, trips, local.request, pooled.request];
  const byPage = [];
  for (const url of pages) {
    const steps = [
      () => visit(local, url),
      () => visit(pooled, url),
      async () => void trips.times.push(await trip(poolRenderer, pooled)),
      async () => void local.request.times.push(await request(local, url)),
      async () => void pooled.request.times.push(await request(pooled, url)),
    ];
    for (let i = 0; i < warmUp; i += 1) for (const step of steps) await step();
    for (const times of measures) times.times.length = 0;
    for (let i = 0; i < samples; i += 1) for (const step of shuffled(steps)) await step();
    const page = summary(taken(local, pooled, trips, 'times'));
    byPage.push({
      url,
      inProcess: page.inProcess,
      pool: page.pool,
      trip: page.trip,
      request: { ...page.request, p50Ratio: page.requestP50Ratio, p99Ratio: page.requestP99Ratio },
    });
    for (const times of measures) times.all.push(...times.times);
  }
  return byPage;
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
    const measuring = { render: measured(), request: measured(), whole: false, last: {} };
    const made = testApp({ env: settings, renderer: timed(renderer, measuring) });
    await made.releases.refresh();
    // the same object the renderer's wrapper holds: `whole`, set by `request`, is read by it
    return Object.assign(measuring, { app: made.app });
  };
  const inProcess = await side(local);
  const pooled = await side(pool);
  const trips = measured();
  const loadAtStart = load();
  const pagesRows = await measure(inProcess, pooled, trips, pool);
  const loadAtEnd = load();
  local.close();
  await pool.close();
  process.stdout.write(
    `${JSON.stringify({
      samples,
      load: { start: loadAtStart, end: loadAtEnd },
      ...summary(taken(inProcess, pooled, trips, 'all')),
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
