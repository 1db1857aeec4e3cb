// What rendering in the renderer pool costs (issue #46 item 5, decision 057): every page rendered in the API's own
// process and through the pool, the render call alone and the whole uncached request, over the production builds, by
// api/scripts/render-pool-bench.ts in a process of its own. Alone: `NODE_ENV=production npx tsx api/scripts/render-pool-bench.ts [samples]`.
import { runJsonScript } from './processes.mjs';

/**
 * @typedef {object} RenderPoolResult
 * @property {number} samples renders measured per page and renderer
 * @property {{ start: number, end: number }} load the machine's 1-minute load average when the measures began and ended
 * @property {{ p50: number, p99: number }} inProcess ms, over every page's renders
 * @property {{ p50: number, p99: number }} pool ms, the trip to a child and back included
 * @property {{ p50: number, p99: number }} trip ms, the same page object to a child and back with no render: what the
 *   process boundary costs by itself (decision 057, 2026-11-29)
 * @property {number | null} p50Ratio pool / in process, the render call alone
 * @property {number | null} p99Ratio
 * @property {number} renderAddedP50Ms ms the pool adds to the render call at p50 (pool − in process)
 * @property {{ inProcess: Figures, pool: Figures }} request ms, the whole uncached request (`app.request` to the
 *   complete body, the answer cache off): what a visitor waits for (decision 057, «2026-11-29, afternoon»)
 * @property {number | null} requestP50Ratio pool / in process, the whole request: the 1.2× budget
 * @property {number | null} requestP99Ratio
 * @property {{ url: string, inProcess: Figures, pool: Figures, trip: Figures, request: { inProcess: Figures, pool: Figures, p50Ratio: number | null, p99Ratio: number | null } }[]} pages
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
  const requestRow = (
    /** @type {string} */ name,
    /** @type {{ inProcess: Figures, pool: Figures, p50Ratio: number | null, p99Ratio: number | null }} */ r,
  ) => `| ${name} | ${r.inProcess.p50} | ${r.pool.p50} | ${r.p50Ratio} | ${r.inProcess.p99} | ${r.pool.p99} | ${r.p99Ratio} |`;
  return [
    '| Páginas | En proceso p50 ms | Pool p50 ms | Solo el viaje p50 ms | En proceso p99 ms | Pool p99 ms | Solo el viaje p99 ms |',
    '| --- | --: | --: | --: | --: | --: | --: |',
    row('todas', result.inProcess, result.pool, result.trip),
    ...result.pages.map((page) => row(`\`${page.url}\``, page.inProcess, page.pool, page.trip)),
    '',
    `Solo el render: razón pool / en proceso p50 ${result.p50Ratio}, p99 ${result.p99Ratio}; el pool le añade ${result.renderAddedP50Ms} ms en la p50 (presupuesto absoluto, no la razón: decisión 057).`,
    '«Solo el viaje»: la misma página enviada a un renderizador y devuelta sin renderizar, lo que cuesta la frontera entre procesos por sí sola.',
    '',
    'La petición entera sin caché (lo que espera un visitante: el middleware, los datos de la página, el render y el documento):',
    '',
    '| Páginas | En proceso p50 ms | Pool p50 ms | Razón p50 | En proceso p99 ms | Pool p99 ms | Razón p99 |',
    '| --- | --: | --: | --: | --: | --: | --: |',
    requestRow('todas', { ...result.request, p50Ratio: result.requestP50Ratio, p99Ratio: result.requestP99Ratio }),
    ...result.pages.map((page) => requestRow(`\`${page.url}\``, page.request)),
    '',
    `Razón pool / en proceso de la petición entera: **p50 ${result.requestP50Ratio}**, **p99 ${result.requestP99Ratio}** (presupuesto ≤ 1.2; ${result.samples} muestras por página; carga media ${result.load.start} al empezar, ${result.load.end} al terminar).`,
    'Cada muestra toma las cinco medidas en un orden al azar, con la generación joven vaciada antes de cada una: ningún lado paga la basura del otro.',
  ].join('\n');
}
