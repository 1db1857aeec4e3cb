// What rendering in the renderer pool costs (issue #46 item 5, decision 057): every page rendered in the API's own
// process and through the pool, over the production builds, by api/scripts/render-pool-bench.ts in a process of its
// own. Alone: `NODE_ENV=production npx tsx api/scripts/render-pool-bench.ts [samples]`.
import { runJsonScript } from './processes.mjs';

/**
 * @typedef {object} RenderPoolResult
 * @property {number} samples renders measured per page and renderer
 * @property {{ start: number, end: number }} load the machine's 1-minute load average when the measures began and ended
 * @property {{ p50: number, p99: number }} inProcess ms, over every page's renders
 * @property {{ p50: number, p99: number }} pool ms, the trip to a child and back included
 * @property {{ p50: number, p99: number }} trip ms, the same page object to a child and back with no render: what the
 *   process boundary costs by itself (decision 057, 2026-11-29)
 * @property {number} p50Ratio pool / in process
 * @property {number} p99Ratio
 * @property {{ url: string, inProcess: Figures, pool: Figures, trip: Figures }[]} pages
 */

/** @typedef {{ p50: number, p99: number }} Figures */

/** @returns {Promise<RenderPoolResult>} */
export function renderPoolPass(samples = 100) {
  // React picks its build when first imported: production, here and in the children
  return runJsonScript('render-pool-bench', [String(samples)], { NODE_ENV: 'production' });
}

/** @param {RenderPoolResult} result */
export function renderPoolMarkdown(result) {
  const row = (/** @type {string} */ name, /** @type {Figures} */ a, /** @type {Figures} */ b, /** @type {Figures} */ trip) =>
    `| ${name} | ${a.p50} | ${b.p50} | ${trip.p50} | ${a.p99} | ${b.p99} | ${trip.p99} |`;
  return [
    '| Páginas | En proceso p50 ms | Pool p50 ms | Solo el viaje p50 ms | En proceso p99 ms | Pool p99 ms | Solo el viaje p99 ms |',
    '| --- | --: | --: | --: | --: | --: | --: |',
    row('todas', result.inProcess, result.pool, result.trip),
    ...result.pages.map((page) => row(`\`${page.url}\``, page.inProcess, page.pool, page.trip)),
    '',
    `Razón pool / en proceso: **p50 ${result.p50Ratio}**, **p99 ${result.p99Ratio}** (presupuesto ≤ 1.2; ${result.samples} renders por página; carga media ${result.load.start} al empezar, ${result.load.end} al terminar).`,
    'Cada muestra toma las tres medidas en un orden al azar, con la generación joven vaciada antes de cada una: ningún lado paga la basura del otro.',
    '«Solo el viaje»: la misma página enviada a un renderizador y devuelta sin renderizar, lo que cuesta la frontera entre procesos por sí sola.',
  ].join('\n');
}
