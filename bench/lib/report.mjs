// latest.md: the run's figures as tables a reviewer reads in a pull request, with how they were obtained, so that a
// number is never read without its conditions.
import { inboxMarkdown } from './inbox.mjs';
import { mediaMarkdown } from './media.mjs';
import { renderPoolMarkdown } from './render-pool.mjs';
import { searchMarkdown } from './search.mjs';

/** @param {number | null | undefined} value @param {number} [digits] */
const num = (value, digits = 0) => (value == null ? '—' : value.toFixed(digits));
/** @param {number | null | undefined} bytes */
const kb = (bytes) => (bytes == null ? '—' : (bytes / 1024).toFixed(1));

/** @param {string[]} head @param {(string | number)[][]} rows */
function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

/** @param {import('./lighthouse.mjs').PageResult[]} rows */
/** A measured section of the report: its title, what was measured (a table), then the lines that say how. */
const measuredSection = (title, markdown, ...how) => [`## ${title}`, '', markdown, '', ...how, ''];

function pagesTable(rows) {
  return table(
    ['Página', 'Forma', 'Rend.', 'Accesib.', 'Buenas prác.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'Total KB'],
    rows.map((r) => [
      `\`${r.route}\``,
      r.form,
      num(r.performance),
      num(r.accessibility),
      num(r.bestPractices),
      num(r.seo),
      num(r.lcpMs),
      num(r.tbtMs),
      num(r.cls, 3),
      kb(r.jsBytes),
      kb(r.totalBytes),
    ]),
  );
}

/**
 * Each page beside its floor: FCP and LCP, and their ratios.
 * @param {import('./lighthouse.mjs').PageResult[]} pages
 * @param {import('./lighthouse.mjs').PageResult[]} floor
 */
function floorTable(pages, floor) {
  const ratio = (a, b) => (a == null || b == null || b === 0 ? '—' : (a / b).toFixed(2));
  return table(
    ['Página', 'Forma', 'FCP ms', 'FCP suelo ms', 'LCP ms', 'LCP suelo ms', 'LCP × suelo', 'CLS', 'CLS suelo'],
    pages.flatMap((r) => {
      const f = floor.find((row) => row.route === r.route && row.form === r.form);
      return f
        ? [
            [
              `\`${r.route}\``,
              r.form,
              num(r.fcpMs),
              num(f.fcpMs),
              num(r.lcpMs),
              num(f.lcpMs),
              ratio(r.lcpMs, f.lcpMs),
              num(r.cls, 3),
              num(f.cls, 3),
            ],
          ]
        : [];
    }),
  );
}

/**
 * @param {object} run
 * @param {{ lighthouse: import('./lighthouse.mjs').PageResult[], floor?: import('./lighthouse.mjs').PageResult[], throttled?: import('./lighthouse.mjs').PageResult[], federation: { lcpRatio: number | null, jsBytesRatio: number | null } | null, api: import('./load.mjs').ApiResult[], inbox?: import('./inbox.mjs').InboxResult[], media?: import('./media.mjs').MediaResult | null, search?: { queries: import('./search.mjs').SearchResult[], dialog: Awaited<ReturnType<typeof import('./search.mjs').dialogPass>> | null } | null, render: Awaited<ReturnType<typeof import('./server-render.mjs').renderPass>> | null, renderPool?: import('./render-pool.mjs').RenderPoolResult | null }} run.results
 * @param {import('./lighthouse.mjs').PageResult[]} run.oneBundle
 * @param {string | null} run.federationNote why federation is null, when it is
 * @param {string[]} run.missing routes that did not answer 200
 * @param {{ checked: number, misses: import('./budgets.mjs').Miss[] }} run.budgets
 * @param {Record<string, string>} run.conditions machine and options
 * @param {Record<string, number>} run.timings seconds per phase
 */
export function markdownReport({ results, oneBundle, federationNote, missing, budgets, conditions, timings }) {
  const lines = ['# Medición de Gota a Gota', '', '![Gráfica de la medición](latest.png)', '', '## Condiciones', ''];
  for (const [key, value] of Object.entries(conditions)) lines.push(`- **${key}**: ${value}`);
  lines.push(
    '',
    'Duración por fase: ' +
      Object.entries(timings)
        .map(([phase, s]) => `${phase} ${s.toFixed(0)} s`)
        .join(', ') +
      '.',
    '',
  );

  lines.push('## Páginas (Lighthouse, sitio federado)', '');
  lines.push('Cada cifra es la mediana de sus corridas. Puntuaciones 0–100; KB transferidos (comprimidos).', '');
  lines.push(results.lighthouse.length ? pagesTable(results.lighthouse) : '_No se midieron páginas en esta corrida._', '');
  if (missing.length)
    lines.push(`Rutas que no respondieron 200 y no se midieron: ${missing.map((r) => `\`${r}\``).join(', ')}.`, '');

  // each page beside its floor: with Lighthouse's simulated throttling, then with DevTools-applied throttling
  const floorSections = [
    {
      rows: results.lighthouse,
      title: 'Cada página junto a su suelo',
      about: [
        'El suelo de una página es el mismo HTML que responde la API sin ningún `<link>` ni `<script>` (bench/lib/floor-server.mjs),',
        'servido desde la misma máquina y medido en la misma corrida, justo después: «× suelo» es lo que cuestan las hojas de',
        'estilo externas y los scripts. Las hojas escritas en el documento (`<style>`, decisión 058) son parte de su HTML y',
        'siguen en el suelo.',
      ],
    },
    {
      rows: results.throttled ?? [],
      title: 'Con la limitación aplicada por DevTools, junto al suelo',
      about: [
        'Las mismas páginas y sus suelos con los límites del perfil móvil (red 4G lenta y CPU 4×) aplicados por DevTools durante la',
        'carga (`throttlingMethod: devtools`), no simulados después: cada viaje de ida y vuelta cuenta. Presupuestos: LCP ≤ 1.3 × suelo y CLS 0.',
      ],
    },
  ];
  for (const section of floorSections) {
    if (!results.floor?.length || !section.rows.length) continue;
    lines.push(`## ${section.title}`, '', ...section.about, '', floorTable(section.rows, results.floor), '');
  }

  lines.push('## Costo de la federación', '');
  if (results.federation) {
    lines.push(
      `- LCP federado / un paquete: **${num(results.federation.lcpRatio, 3)}**`,
      `- JS transferido federado / un paquete: **${num(results.federation.jsBytesRatio, 3)}**`,
      '',
      'Razón de las sumas sobre todas las páginas y formas medidas en ambas compilaciones. La compilación «un paquete» es',
      'el shell construido con bench/one-bundle/webpack.config.mjs: sin Module Federation, las páginas',
      'de los remotos y los widgets que mf-home compone (StoryCarousel, AlliesStrip) se importan por ruta',
      '(bench/one-bundle/). El documento HTML sigue trayendo el `<link rel="preload">` del manifiesto del remoto, una',
      'petición pequeña que cuenta en los bytes totales del sitio «un paquete» pero no en su JS.',
      '',
      pagesTable(oneBundle),
      '',
    );
  } else lines.push(`_Sin medición: ${federationNote ?? 'no se pidió'}._`, '');

  lines.push('## API (autocannon, 10 conexiones)', '');
  lines.push(
    results.api.length
      ? table(
          [
            'Objetivo',
            'BD',
            'req/s',
            'p50 ms',
            'p99 ms',
            'Errores',
            'CPU del servidor µs/pet.',
            '× patrón (CPU)',
            '× patrón (req/s)',
            'Caché nginx',
            'Confirmados',
            'Guardados',
          ],
          results.api.map((r) => [
            r.target,
            r.db,
            num(r.reqPerSec),
            num(r.p50Ms),
            num(r.p99Ms),
            r.errors,
            num(r.serverCpuUs),
            num(r.cpuRatio, 2),
            num(r.baselineRatio, 3),
            r.cacheStatus ?? '—',
            r.acknowledged ?? '—',
            r.stored ?? '—',
          ]),
        )
      : '_No se midió la API en esta corrida._',
    '',
  );
  if (results.api.length) {
    lines.push(
      'Cada objetivo tiene 200 peticiones de calentamiento que no cuentan. El POST envía un número fijo de peticiones',
      '(el ritmo de una segunda tanda de 200 × la duración) para esperar cada respuesta: «Confirmados» son las respuestas 2xx',
      '(tandas previas incluidas) y «Guardados» las filas nuevas de `leads`; deben ser iguales. «CPU del servidor» es el',
      'tiempo de CPU (usuario + sistema) del proceso servidor por petición en la corrida medida: autocannon comparte los',
      'núcleos de la máquina y convierte cada cuerpo en texto, así que con respuestas grandes el límite de req/s puede ser',
      'el suyo; la CPU del servidor no depende de él.',
      '',
      'El costo propio del origen (issue #32): `GET / (HTML gzip)` y `GET / (JSON gzip)` se piden como un navegador',
      '(`Accept-Encoding: gzip, deflate, br, zstd`; la página de objeto con las cabeceras de la navegación del shell). Su',
      'patrón es la misma pila en lo más barato que puede hacer: una ruta de Hono que envía los mismos bytes que respondió la',
      'API, con el mismo Content-Type y Content-Encoding, sin comprimir nada por petición («Hono, mismos bytes»). «× patrón',
      '(CPU)» es la CPU del servidor por petición sobre la del patrón. `nginx, caché` es el sitio a través de',
      '`docs/deploy/nginx.conf` con la caché caliente (las 200 peticiones de calentamiento la llenan; «Caché nginx» es el',
      '`X-Cache-Status` de una petición tras la corrida) y su patrón, el mismo nginx enviando esos bytes desde un archivo',
      '(«nginx, disco»): «× patrón (req/s)». La CPU de nginx es la de sus workers, leída de /proc. Cada par se mide por',
      'turnos (el patrón, luego el sitio, tres veces, cada turno con un tercio del tiempo): la carga de la máquina cambia de',
      'un segundo a otro, y se informa el par cuya razón es la mediana de las tres. `nginx, caché: GET /?fbclid=<aleatorio>`',
      'es la visita que llega de una red social, cada petición con su propio `fbclid` (issue #46); su «× patrón (req/s)» es',
      'sobre `GET /` a través del mismo nginx, medidos también por turnos: la clave de la caché deja fuera los parámetros que',
      'la página no lee (decisión 052).',
      '',
    );
  }

  lines.push('## Renderizado en el servidor', '');
  if (results.search) {
    lines.push(
      ...measuredSection(
        'Búsqueda con 10 000 historias generadas (issue #34)',
        searchMarkdown(results.search),
        'Peticiones en proceso a `/buscar` (objeto de página) sin caché de respuestas: cada una busca. p50 / p99 de 200.',
      ),
    );
  }
  if (results.media) {
    lines.push(
      ...measuredSection(
        'Fotos: una de 12 megapíxeles en todas sus variantes (issue #41)',
        mediaMarkdown(results.media),
        'AVIF y WebP a cada ancho de cada forma (completa, tarjeta 4:3, página 16:9) y un JPEG por forma, más la tarjeta para compartir (1200×630). Mediana de 3.',
      ),
    );
  }
  if (results.inbox?.length) {
    lines.push(
      ...measuredSection(
        'Bandeja con 100 000 leads (issue #13)',
        inboxMarkdown(results.inbox),
        'Lista: primera página, una página siguiente y tipo + estado; búsqueda: una palabra común, una empresa rara y una',
        'palabra que no está. Peticiones en proceso con sesión del equipo. La exportación lee las 100 000 filas por lotes.',
      ),
    );
  }
  if (results.render) {
    lines.push(
      table(
        ['Página', 'Render p50 ms', 'Render p99 ms', 'HTML KB', 'HTML gzip KB', 'Con HTML del servidor'],
        results.render.pages.map((r) => [
          `\`${r.route}\``,
          num(r.renderP50Ms, 1),
          num(r.renderP99Ms, 1),
          kb(r.htmlBytes),
          kb(r.htmlGzipBytes),
          r.rendered ? 'sí' : 'no',
        ]),
      ),
      '',
      `Caché HTML en un recorrido de visitante (cada página por turno, ${results.render.cache.hits + results.render.cache.misses} peticiones): ` +
        `**${num(results.render.cache.hitRatio == null ? null : results.render.cache.hitRatio * 100, 1)} %** de aciertos ` +
        `(${results.render.cache.hits} aciertos, ${results.render.cache.misses} fallos).`,
      '',
      'El tiempo de render es el de la cabecera `Server-Timing` que la API escribe en cada documento, medido con la caché',
      'apagada (`HTML_CACHE_ENTRIES=0`) para que cada petición renderice: 40 peticiones por página tras 5 de calentamiento.',
      '',
    );
  } else lines.push('_No se midió en esta corrida (--no-api)._', '');
  if (results.renderPool)
    lines.push('### Render en el pool de renderizadores (decisión 057)', '', renderPoolMarkdown(results.renderPool), '');

  lines.push('## Presupuestos (bench/budgets.json)', '');
  if (budgets.misses.length === 0) lines.push(`Los ${budgets.checked} presupuestos comprobados se cumplen.`);
  else {
    lines.push(`${budgets.misses.length} de ${budgets.checked} comprobaciones fallan:`, '');
    for (const miss of budgets.misses) lines.push(`- ${miss.where}: ${miss.budget} — medido ${miss.value ?? 'sin dato'}`);
  }
  lines.push('');
  return lines.join('\n');
}
