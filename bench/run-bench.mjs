#!/usr/bin/env node
// `npm run bench` (issue #7): builds the site, audits its pages with Lighthouse, measures the same pages built as one
// bundle, load-tests the API and measures its own cost next to the same bytes sent by a bare Hono server and by nginx
// (issue #32), and writes bench/results/latest.{json,md,png}.
// `npm run bench -- --check` also fails (exit 1) when a budget of bench/budgets.json is missed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib/args.mjs';
import { checkBudgets, readBudgets } from './lib/budgets.mjs';
import { chartSvg, writePng } from './lib/chart.mjs';
import { auditPages, launchChrome } from './lib/lighthouse.mjs';
import { photoStoryPath, seedPhotoStory } from './lib/photo-story.mjs';
import { inboxPass } from './lib/inbox.mjs';
import { dialogPass, searchPass } from './lib/search.mjs';
import { loadPass } from './lib/load.mjs';
import { mediaPass } from './lib/media.mjs';
import { repoRoot, startFloor, startSite } from './lib/processes.mjs';
import { markdownReport } from './lib/report.mjs';
import { renderPoolPass } from './lib/render-pool.mjs';
import { renderPass } from './lib/server-render.mjs';
import { ratio } from './lib/stats.mjs';

const benchDir = import.meta.dirname;
const resultsDir = path.join(benchDir, 'results');
// under a `dist` folder: ESLint's ignores (eslint.config.js) and .gitignore already skip build output there
const oneBundleDist = path.join(benchDir, '.tmp/one-bundle/dist');

/**
 * Runs a Node script to completion with its output shown.
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function runNode(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${args.join(' ')} terminó con código ${code}`)),
    );
  });
}

/** The shell without federation, into bench/.tmp (never the real dist). Rebuilt every run: it takes ~20 s. */
async function buildOneBundle() {
  rmSync(oneBundleDist, { recursive: true, force: true });
  await runNode(
    [
      path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      '-c',
      'bench/one-bundle/webpack.config.mjs',
    ],
    {
      GOTA_ONE_BUNDLE: oneBundleDist,
    },
  );
}

/**
 * Audits the pages of one build on its own API server, and with `floor` their floor too (issue #43): the same HTML
 * without links and scripts, from the same server, audited right after; with `floor`, both also with DevTools-applied
 * throttling (rows of form `devtools`: the pages' in `throttled`, the floors' among `floor`).
 * @param {import('chrome-launcher').LaunchedChrome} chrome
 * @param {import('./lib/args.mjs').BenchOptions} options
 * @param {string} label
 * @param {{ shellDist?: string, floor?: boolean }} [build]
 */
async function auditBuild(chrome, options, label, { shellDist, floor = false } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gota-bench-lh-'));
  if (options.pages.includes(photoStoryPath)) await seedPhotoStory(dataDir);
  const site = await startSite({ dataDir, shellDist });
  try {
    const audited = await auditPages({ chrome, origin: site.origin, pages: options.pages, runs: options.runs, label });
    if (!floor) return { ...audited, floor: [], throttled: [] };
    const floorSite = await startFloor(site, options.pages);
    try {
      const pages = options.pages.filter((page) => !audited.missing.includes(page));
      // DevTools-applied throttling (issue #43 item 5): the pages, then their floors right after, so both meet the same load
      const { results: throttled } = await auditPages({
        chrome,
        origin: site.origin,
        pages,
        runs: options.runs,
        label: `${label} devtools`,
        forms: ['devtools'],
      });
      const { results } = await auditPages({
        chrome,
        origin: floorSite.origin,
        pages,
        runs: options.runs,
        label: 'suelo',
        forms: ['devtools', 'mobile', 'desktop'],
      });
      return { ...audited, floor: results, throttled };
    } finally {
      await floorSite.stop();
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Federated over one-bundle, as the ratio of sums over the (route, form) pairs measured in both builds: pages with a
 * larger LCP weigh more, which is what a visitor feels.
 * @param {import('./lib/lighthouse.mjs').PageResult[]} federated
 * @param {import('./lib/lighthouse.mjs').PageResult[]} oneBundle
 */
function federationRatios(federated, oneBundle) {
  const sums = { fedLcp: 0, oneLcp: 0, fedJs: 0, oneJs: 0 };
  for (const row of federated) {
    const twin = oneBundle.find((other) => other.route === row.route && other.form === row.form);
    if (!twin || row.lcpMs == null || twin.lcpMs == null || row.jsBytes == null || twin.jsBytes == null) continue;
    sums.fedLcp += row.lcpMs;
    sums.oneLcp += twin.lcpMs;
    sums.fedJs += row.jsBytes;
    sums.oneJs += twin.jsBytes;
  }
  return { lcpRatio: ratio(sums.fedLcp, sums.oneLcp), jsBytesRatio: ratio(sums.fedJs, sums.oneJs) };
}

/** @param {import('./lib/lighthouse.mjs').PageResult[]} rows @param {string} form */
const byForm = (rows, form) => rows.filter((row) => row.form === form);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  /** @type {Record<string, number>} */
  const timings = {};
  const phase = async (name, work) => {
    const t0 = Date.now();
    console.log(`\n== ${name}`);
    try {
      return await work();
    } finally {
      timings[name] = (Date.now() - t0) / 1000;
    }
  };
  const load = os.loadavg()[0];
  if (load > os.cpus().length)
    console.warn(`Aviso: carga media ${load.toFixed(1)} en ${os.cpus().length} núcleos; las cifras saldrán ruidosas.`);

  await phase('compilación', async () => {
    await runNode([path.join(repoRoot, 'api/scripts/build-apps.mjs')]);
    await runNode([path.join(repoRoot, 'api/scripts/build-api.mjs')]);
    if (options.federation) await buildOneBundle();
  });

  /** @type {import('./lib/lighthouse.mjs').PageResult[]} */
  let lighthouse = [];
  /** @type {import('./lib/lighthouse.mjs').PageResult[]} */
  let oneBundle = [];
  /** @type {import('./lib/lighthouse.mjs').PageResult[]} */
  let floor = [];
  /** @type {import('./lib/lighthouse.mjs').PageResult[]} */
  let throttled = [];
  /** @type {string[]} */
  let missing = [];
  let federation = null;
  let federationNote = options.lighthouse ? 'se omitió con --no-federation' : 'se omitió con --no-lighthouse';
  /** @type {import('./lib/lighthouse.mjs').AuditEnvironment | null} */
  let environment = null;
  if (options.lighthouse) {
    const chrome = await launchChrome();
    try {
      await phase('lighthouse federado', async () => {
        ({
          results: lighthouse,
          missing,
          environment,
          floor,
          throttled,
        } = await auditBuild(chrome, options, 'federado', { floor: options.floor }));
      });
      if (options.federation) {
        await phase('lighthouse un paquete', async () => {
          ({ results: oneBundle } = await auditBuild(chrome, options, 'un paquete', { shellDist: oneBundleDist }));
        });
        // a one-bundle page that throws does less work and would flatter it: no comparison rather than a wrong one
        const broken = oneBundle.find((row) => row.consoleErrors.length > 0);
        if (broken)
          federationNote = `el sitio «un paquete» escribió errores en la consola (${broken.route}: ${broken.consoleErrors[0]?.slice(0, 120)})`;
        else {
          federation = federationRatios(lighthouse, oneBundle);
          federationNote = null;
        }
      }
    } finally {
      await chrome.kill();
    }
  }

  /** @type {import('./lib/load.mjs').ApiResult[]} */
  const api = [];
  if (options.api) {
    await phase('carga PGlite', async () => api.push(...(await loadPass({ duration: options.duration }))));
    if (process.env.DATABASE_URL) {
      await phase('carga PostgreSQL', async () =>
        api.push(...(await loadPass({ duration: options.duration, databaseUrl: process.env.DATABASE_URL }))),
      );
    }
  }

  /** @type {Awaited<ReturnType<typeof renderPass>> | null} */
  let render = null;
  if (options.api) await phase('renderizado en el servidor', async () => (render = await renderPass({ pages: options.pages })));
  /** @type {import('./lib/render-pool.mjs').RenderPoolResult | null} */
  let renderPool = null;
  if (options.api) await phase('renderizado en el pool', async () => (renderPool = await renderPoolPass()));

  /** @type {import('./lib/inbox.mjs').InboxResult[]} */
  const inbox = [];
  if (options.inbox) {
    await phase('bandeja PGlite', async () => inbox.push(await inboxPass()));
    // its own database on that server (the role needs CREATEDB), dropped at the end: never the site's tables
    const adminUrl = process.env.INBOX_BENCH_DATABASE_URL;
    if (adminUrl) await phase('bandeja PostgreSQL', async () => inbox.push(await inboxPass({ adminUrl })));
  }

  /** @type {{ queries: import('./lib/search.mjs').SearchResult[], dialog: Awaited<ReturnType<typeof dialogPass>> | null } | null} */
  let search = null;
  if (options.search) {
    const queries = [];
    await phase('búsqueda PGlite', async () => queries.push(await searchPass()));
    // its own database on that server, like the inbox's (the role needs CREATEDB)
    const adminUrl = process.env.SEARCH_BENCH_DATABASE_URL ?? process.env.INBOX_BENCH_DATABASE_URL;
    if (adminUrl) await phase('búsqueda PostgreSQL', async () => queries.push(await searchPass({ adminUrl })));
    const dialog = await phase('búsqueda: diálogo', () => dialogPass());
    search = { queries, dialog };
  }

  /** @type {import('./lib/media.mjs').MediaResult | null} */
  let media = null;
  if (options.media) await phase('fotos', async () => (media = await mediaPass()));

  const results = { environment, lighthouse, floor, throttled, federation, api, render, renderPool, inbox, search, media };
  const budgets = checkBudgets(readBudgets(path.join(benchDir, 'budgets.json')), results);
  const total = (Date.now() - started) / 1000;
  const conditions = {
    Fecha: new Date().toISOString(),
    Máquina: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.platform()} ${os.release()}`,
    'Carga media al empezar': load.toFixed(2),
    Node: process.version,
    ...(environment && {
      Navegador: `${environment.browser}, Lighthouse ${environment.lighthouse}`,
      'Índice de CPU de Lighthouse': `${environment.benchmarkIndex?.toFixed(0) ?? '—'} (benchmarkIndex, mediana; más alto es más rápido)`,
    }),
    Opciones: `${options.runs} corrida(s) por página y forma, ${options.pages.length} página(s), ${options.duration} s por objetivo de carga${process.env.DATABASE_URL ? ', PGlite y PostgreSQL' : ', solo PGlite (sin DATABASE_URL)'}`,
    'Tiempo total': `${(total / 60).toFixed(1)} min`,
  };

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(
    path.join(resultsDir, 'latest.md'),
    markdownReport({ results, oneBundle, federationNote, missing, budgets, conditions, timings }),
  );
  const apiRows = api.filter((row) => row.serverCpuUs != null);
  const svg = chartSvg(
    `Gota a Gota · ${conditions.Fecha.slice(0, 16).replace('T', ' ')} UTC`,
    [
      {
        title: 'LCP móvil (ms)',
        unit: ' ms',
        categories: byForm(lighthouse, 'mobile').map((row) => row.route),
        series: [
          { name: 'federado', values: byForm(lighthouse, 'mobile').map((row) => row.lcpMs) },
          ...(oneBundle.length
            ? [
                {
                  name: 'un paquete',
                  values: byForm(lighthouse, 'mobile').map(
                    (row) => byForm(oneBundle, 'mobile').find((o) => o.route === row.route)?.lcpMs ?? null,
                  ),
                },
              ]
            : []),
          ...(floor.length
            ? [
                {
                  name: 'suelo',
                  values: byForm(lighthouse, 'mobile').map(
                    (row) => byForm(floor, 'mobile').find((o) => o.route === row.route)?.lcpMs ?? null,
                  ),
                },
              ]
            : []),
        ],
      },
      {
        title: 'JS transferido (KB, móvil)',
        unit: ' KB',
        categories: byForm(lighthouse, 'mobile').map((row) => row.route),
        series: [
          {
            name: 'federado',
            values: byForm(lighthouse, 'mobile').map((row) => (row.jsBytes == null ? null : row.jsBytes / 1024)),
          },
          ...(oneBundle.length
            ? [
                {
                  name: 'un paquete',
                  values: byForm(lighthouse, 'mobile').map((row) => {
                    const o = byForm(oneBundle, 'mobile').find((x) => x.route === row.route);
                    return o?.jsBytes == null ? null : o.jsBytes / 1024;
                  }),
                },
              ]
            : []),
        ],
      },
      {
        title: 'CPU del servidor por petición (µs, 10 conexiones)',
        unit: ' µs',
        categories: apiRows.map((row) => `${row.target} · ${row.db}`),
        series: [{ name: 'µs', values: apiRows.map((row) => row.serverCpuUs) }],
      },
    ].filter((panel) => panel.categories.length > 0),
  );
  await writePng(svg, path.join(resultsDir, 'latest.png'));

  console.log(`\nResultados en ${path.relative(repoRoot, resultsDir)}/latest.{json,md,png} (${(total / 60).toFixed(1)} min).`);
  if (budgets.misses.length) {
    console.log(`\nPresupuestos no cumplidos (${budgets.misses.length} de ${budgets.checked}):`);
    for (const miss of budgets.misses) console.log(`  ${miss.where}: ${miss.budget} — medido ${miss.value ?? 'sin dato'}`);
  } else console.log(`\nLos ${budgets.checked} presupuestos se cumplen.`);
  if (options.check && budgets.misses.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
