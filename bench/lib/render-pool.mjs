// What rendering in the renderer pool costs (issue #46 item 5, decision 057): every page rendered in the API's own
// process and through the pool, over the production builds, by api/scripts/render-pool-bench.ts in a process of its
// own. Alone: `NODE_ENV=production npx tsx api/scripts/render-pool-bench.ts [samples]`.
import { runJsonScript } from './processes.mjs';

/**
 * @typedef {object} RenderPoolResult
 * @property {number} samples renders measured per page and renderer
 * @property {{ p50: number, p99: number }} inProcess ms, over every page's renders
 * @property {{ p50: number, p99: number }} pool ms, the trip to a child and back included
 * @property {number} p50Ratio pool / in process
 * @property {number} p99Ratio
 * @property {{ url: string, inProcess: { p50: number, p99: number }, pool: { p50: number, p99: number } }[]} pages
 */

/** @returns {Promise<RenderPoolResult>} */
export function renderPoolPass(samples = 100) {
  // React picks its build when first imported: production, here and in the children
  return runJsonScript('render-pool-bench', [String(samples)], { NODE_ENV: 'production' });
}

/** @param {RenderPoolResult} result */
export function renderPoolMarkdown(result) {
  const row = (
    /** @type {string} */ name,
    /** @type {{ p50: number, p99: number }} */ a,
    /** @type {{ p50: number, p99: number }} */ b,
  ) => `| ${name} | ${a.p50} | ${b.p50} | ${a.p99} | ${b.p99} |`;
  return [
    '| Páginas | En proceso p50 ms | Pool p50 ms | En proceso p99 ms | Pool p99 ms |',
    '| --- | --: | --: | --: | --: |',
    row('todas', result.inProcess, result.pool),
    ...result.pages.map((page) => row(`\`${page.url}\``, page.inProcess, page.pool)),
    '',
    `Razón pool / en proceso: **p50 ${result.p50Ratio}**, **p99 ${result.p99Ratio}** (presupuesto ≤ 1.2; ${result.samples} renders por página).`,
  ].join('\n');
}
