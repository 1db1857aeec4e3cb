// Lighthouse audits of the pages: mobile (Lighthouse's default: simulated slow 4G and a mid-range phone), desktop, and
// `devtools`: the mobile settings applied for real by DevTools while the page loads (issue #43 item 5).
// Runs are sequential on purpose: two audits at once on a two-core machine would measure each other.
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median } from './stats.mjs';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** @typedef {'mobile' | 'desktop' | 'devtools'} Form */

/**
 * What the figures were measured with. The same pages score very differently in another browser version or on a slower
 * CPU (TBT above all, which Lighthouse scales from the main thread's tasks), so a report names both.
 * @typedef {object} AuditEnvironment
 * @property {string} browser the Chromium that loaded the pages, with its full version
 * @property {string} lighthouse
 * @property {number | null} benchmarkIndex Lighthouse's measure of the CPU (higher is faster), the median over the runs
 */

const lighthouseVersion = /** @type {{ version: string }} */ (createRequire(import.meta.url)('lighthouse/package.json')).version;
/**
 * The mobile preset's network and CPU limits applied by DevTools during the load (`throttlingMethod: 'devtools'`), not
 * simulated afterwards from an unthrottled trace: what a real slow phone sees, round trips and all. Performance only.
 */
const devtoolsConfig = {
  extends: 'lighthouse:default',
  settings: { throttlingMethod: 'devtools', onlyCategories: ['performance'] },
};
/** @param {Form} form */
const configOf = (form) => (form === 'desktop' ? desktopConfig : form === 'devtools' ? devtoolsConfig : undefined);

/**
 * One row of `latest.json`'s `lighthouse` (scores 0–100, times in ms, bytes transferred).
 * @typedef {object} PageResult
 * @property {string} route
 * @property {Form} form
 * @property {number | null} performance
 * @property {number | null} accessibility
 * @property {number | null} bestPractices
 * @property {number | null} seo
 * @property {number | null} fcpMs
 * @property {number | null} lcpMs
 * @property {number | null} tbtMs
 * @property {number | null} cls
 * @property {number | null} jsBytes
 * @property {number | null} totalBytes
 * @property {string[]} consoleErrors what the page wrote to the console as errors, in any run (Lighthouse's
 *   errors-in-console): a page that throws may still score well, having done less
 */

/** @param {{ score: number | null } | undefined} category */
const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

/**
 * The figures of one Lighthouse report.
 * @param {import('lighthouse').Result} lhr
 */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = /** @type {{ items?: { resourceType?: string, transferSize?: number }[] } | undefined} */ (
    lhr.audits['network-requests']?.details
  );
  const jsBytes = requests?.items
    ? requests.items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
    : null;
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories['best-practices']),
    seo: score(lhr.categories.seo),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes,
    totalBytes: audit('total-byte-weight'),
  };
}

/** @returns {Promise<chromeLauncher.LaunchedChrome>} */
export function launchChrome() {
  return chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
}

/**
 * Audits every page in both forms; each figure is the median of `runs` runs (Lighthouse's own advice for noisy
 * metrics). A route that does not answer 200 is skipped and listed in `missing`.
 * @param {object} options
 * @param {chromeLauncher.LaunchedChrome} options.chrome
 * @param {string} options.origin
 * @param {string[]} options.pages
 * @param {number} options.runs
 * @param {string} options.label for progress lines
 * @param {Form[]} [options.forms] default mobile and desktop
 * @returns {Promise<{ results: PageResult[], missing: string[], environment: AuditEnvironment }>}
 */
export async function auditPages({ chrome, origin, pages, runs, label, forms = ['mobile', 'desktop'] }) {
  /** @type {PageResult[]} */
  const results = [];
  /** @type {string[]} */
  const missing = [];
  /** @type {number[]} */
  const benchmarkIndexes = [];
  // the full version: the user agent Lighthouse reports is reduced to 156.0.0.0
  const { Browser: browser } = /** @type {{ Browser: string }} */ (
    await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()
  );
  for (const route of pages) {
    const status = await fetch(origin + route, { redirect: 'manual' }).then(async (r) => (await r.arrayBuffer(), r.status));
    if (status !== 200) {
      console.log(`  ${label} ${route}: responde ${status}, se omite`);
      missing.push(route);
      continue;
    }
    for (const form of forms) {
      const samples = [];
      /** @type {Set<string>} */
      const consoleErrors = new Set();
      for (let run = 0; run < runs; run += 1) {
        const started = Date.now();
        const result = await lighthouse(
          origin + route,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          configOf(form),
        );
        if (!result) throw new Error(`Lighthouse no devolvió informe para ${route}`);
        if (result.lhr.runtimeError) console.warn(`  ${label} ${route} ${form}: ${result.lhr.runtimeError.message}`);
        samples.push(figures(result.lhr));
        const logged = /** @type {{ items?: { description?: string }[] } | undefined} */ (
          result.lhr.audits['errors-in-console']?.details
        );
        for (const item of logged?.items ?? []) consoleErrors.add(item.description ?? '(sin texto)');
        benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
        console.log(`  ${label} ${route} ${form} ${run + 1}/${runs}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      /** @type {PageResult} */
      const row = { route, form, ...medianFigures(samples), consoleErrors: [...consoleErrors] };
      for (const error of consoleErrors) console.warn(`  ${label} ${route} ${form}: error en la consola: ${error.slice(0, 200)}`);
      results.push(row);
    }
  }
  return {
    results,
    missing,
    environment: {
      browser,
      lighthouse: lighthouseVersion,
      benchmarkIndex: benchmarkIndexes.length ? median(benchmarkIndexes) : null,
    },
  };
}

/**
 * Per-figure medians of several runs.
 * @param {ReturnType<typeof figures>[]} samples
 */
function medianFigures(samples) {
  const keys = /** @type {(keyof ReturnType<typeof figures>)[]} */ (Object.keys(samples[0]));
  return /** @type {ReturnType<typeof figures>} */ (
    Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => sample[key]))]))
  );
}
