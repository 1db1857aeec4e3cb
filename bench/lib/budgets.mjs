// The budgets of bench/budgets.json, checked against a run's results. Every miss names the page, the form, the figure
// and the limit, so `--check` says exactly what to fix.
import { readFileSync } from 'node:fs';

/**
 * @typedef {object} PageBudget
 * @property {'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls' | 'jsBytes' | 'totalBytes'} metric
 * @property {'mobile' | 'desktop' | 'devtools'} [form] mobile and desktop when absent; `devtools` checks the rows of
 *   DevTools-applied throttling (`throttled`), which only a run with the floors has
 * @property {string[]} [routes] every audited route when absent
 * @property {number} [min]
 * @property {number} [max]
 */
/**
 * @typedef {object} FederationBudget
 * @property {'lcpRatio' | 'jsBytesRatio'} metric
 * @property {number} [min]
 * @property {number} [max]
 */
/**
 * @typedef {object} ApiBudget
 * @property {string} target a row of the load test (`GET / (HTML)`), checked on every database measured
 * @property {'reqPerSec' | 'p99Ms' | 'baselineRatio' | 'cpuRatio' | 'errors'} metric
 * @property {number} [min]
 * @property {number} [max]
 */
/**
 * @typedef {object} InboxBudget
 * @property {'listP99Ms' | 'searchP99Ms'} metric checked on every database the inbox bench measured
 * @property {number} [min]
 * @property {number} [max]
 */
/**
 * @typedef {object} SearchBudget
 * @property {'p99Ms' | 'dialogMaxMs'} metric `p99Ms`: the worst of the four queries, on every database measured;
 *   `dialogMaxMs`: the slowest first result painted after the last key in the dialog
 * @property {number} [min]
 * @property {number} [max]
 */
/**
 * @typedef {object} MediaBudget
 * @property {'medianMs'} metric the photo pipeline's median (issue #41 item 8)
 * @property {number} [max]
 */

/**
 * @typedef {object} RenderPoolBudget
 * @property {'requestP50Ratio' | 'requestP99Ratio' | 'renderAddedP50Ms'} metric the whole uncached request through the
 *   renderer pool over the same in process (issue #46 item 5), or the ms the pool adds to the render call alone at p50
 *   (decision 057)
 * @property {number} [max]
 */

/**
 * @typedef {object} FloorBudget
 * @property {'lcpRatio'} metric a page's LCP over its floor's, measured in the same form (issue #43 item 5)
 * @property {'devtools'} form the rows of DevTools-applied throttling
 * @property {number} [max]
 */

/** @typedef {{ pages: PageBudget[], floor: FloorBudget[], federation: FederationBudget[], api: ApiBudget[], inbox: InboxBudget[], search: SearchBudget[], media: MediaBudget[], renderPool: RenderPoolBudget[] }} Budgets */
/** @typedef {{ budget: string, where: string, value: number | null }} Miss */

/** @param {string} file @returns {Budgets} */
export function readBudgets(file) {
  const budgets = JSON.parse(readFileSync(file, 'utf8'));
  return {
    pages: budgets.pages ?? [],
    floor: budgets.floor ?? [],
    federation: budgets.federation ?? [],
    api: budgets.api ?? [],
    inbox: budgets.inbox ?? [],
    search: budgets.search ?? [],
    media: budgets.media ?? [],
    renderPool: budgets.renderPool ?? [],
  };
}

/** @param {{ metric: string, min?: number, max?: number }} budget */
function describeBudget(budget) {
  const limits = [budget.min != null ? `≥ ${budget.min}` : '', budget.max != null ? `≤ ${budget.max}` : ''].filter(Boolean);
  return `${budget.metric} ${limits.join(' y ')}`;
}

/** A missing figure (an audit that failed) misses its budget: silence must not pass. */
const within = (value, { min, max }) => value != null && (min == null || value >= min) && (max == null || value <= max);

/**
 * @param {Budgets} budgets
 * @param {{ lighthouse: import('./lighthouse.mjs').PageResult[], floor?: import('./lighthouse.mjs').PageResult[], throttled?: import('./lighthouse.mjs').PageResult[], federation: { lcpRatio: number | null, jsBytesRatio: number | null } | null, api?: import('./load.mjs').ApiResult[], inbox?: import('./inbox.mjs').InboxResult[], media?: import('./media.mjs').MediaResult | null, renderPool?: import('./render-pool.mjs').RenderPoolResult | null, search?: { queries: import('./search.mjs').SearchResult[], dialog: { maxMs: number } | null } | null }} results
 * @returns {{ checked: number, misses: Miss[] }}
 */
export function checkBudgets(budgets, results) {
  /** @type {Miss[]} */
  const misses = [];
  let checked = 0;
  for (const budget of budgets.pages) {
    const name = `${describeBudget(budget)}${budget.form ? ` (${budget.form})` : ''}`;
    for (const row of budget.form === 'devtools' ? (results.throttled ?? []) : results.lighthouse) {
      if (budget.form && row.form !== budget.form) continue;
      if (budget.routes && !budget.routes.includes(row.route)) continue;
      checked += 1;
      const value = row[budget.metric];
      if (!within(value, budget)) misses.push({ budget: name, where: `${row.route} (${row.form})`, value });
    }
  }
  // each page over its own floor, in the same form, when the run measured that form (a floor not measured misses)
  for (const budget of budgets.floor) {
    for (const row of (results.throttled ?? []).filter((r) => r.form === budget.form)) {
      checked += 1;
      const floor = results.floor?.find((r) => r.route === row.route && r.form === row.form)?.lcpMs;
      const value = row.lcpMs != null && floor ? Math.round((row.lcpMs / floor) * 100) / 100 : null;
      if (!within(value, budget))
        misses.push({
          budget: `LCP × suelo ${describeBudget(budget).replace(/^\S+ /, '')} (${budget.form})`,
          where: `${row.route} (${row.form})`,
          value,
        });
    }
  }
  // without a one-bundle measurement the federation budgets cannot be checked, which is reported, not passed
  for (const budget of budgets.federation) {
    checked += 1;
    const value = results.federation?.[budget.metric] ?? null;
    if (!within(value, budget)) misses.push({ budget: `federado/un paquete ${describeBudget(budget)}`, where: 'sitio', value });
  }
  // a load target that was not measured (the run skipped the API) is not checked; one measured must meet its budget
  for (const budget of budgets.api) {
    for (const row of (results.api ?? []).filter((r) => r.target === budget.target)) {
      checked += 1;
      if (!within(row[budget.metric], budget))
        misses.push({ budget: describeBudget(budget), where: `${row.target} · ${row.db}`, value: row[budget.metric] });
    }
  }
  for (const budget of budgets.inbox) {
    for (const row of results.inbox ?? []) {
      checked += 1;
      const value = budget.metric === 'listP99Ms' ? row.list.p99Ms : row.search.p99Ms;
      if (!within(value, budget)) misses.push({ budget: describeBudget(budget), where: `bandeja · ${row.db}`, value });
    }
  }
  // the search's section (issue #34), when the run measured it
  for (const budget of budgets.search) {
    if (!results.search) continue;
    if (budget.metric === 'dialogMaxMs') {
      checked += 1;
      const value = results.search.dialog?.maxMs ?? null;
      if (!within(value, budget)) misses.push({ budget: describeBudget(budget), where: 'búsqueda · diálogo', value });
      continue;
    }
    for (const row of results.search.queries) {
      checked += 1;
      if (!within(row.p99Ms, budget))
        misses.push({ budget: describeBudget(budget), where: `búsqueda · ${row.db}`, value: row.p99Ms });
    }
  }
  // the photo pipeline (issue #41 item 8), when the run measured it
  for (const budget of budgets.media) {
    if (!results.media) continue;
    checked += 1;
    if (!within(results.media[budget.metric], budget))
      misses.push({ budget: describeBudget(budget), where: 'fotos', value: results.media[budget.metric] });
  }
  // the renderer pool's cost (issue #46 item 5), when the run measured it
  for (const budget of budgets.renderPool) {
    if (!results.renderPool) continue;
    checked += 1;
    if (!within(results.renderPool[budget.metric], budget))
      misses.push({ budget: describeBudget(budget), where: 'pool de renderizadores', value: results.renderPool[budget.metric] });
  }
  return { checked, misses };
}
