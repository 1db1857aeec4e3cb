// The site's search (issue #34 item 6). Two measurements:
// - the search itself with 10,000 generated stories beside the real content, on PGlite and (with an admin URL) on
//   PostgreSQL: api/scripts/search-bench.ts runs in a process of its own, like the inbox bench, and prints one JSON line;
// - the dialog: in Chromium at the desktop preset's size, against the site with the production builds, the time from the
//   last key typed to the first result painted, for queries nobody typed before (no kept answer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { runJsonScript, startSite } from './processes.mjs';
import { median } from './stats.mjs';

/**
 * One row of `latest.json`'s `search.queries`.
 * @typedef {object} SearchResult
 * @property {'pglite' | 'postgres'} db
 * @property {number} stories
 * @property {number} buildMs the index of every story, fact, ally, member and page part
 * @property {Record<'common' | 'rare' | 'prefix' | 'typo', { p50Ms: number, p99Ms: number, samples: number, total: number, more: boolean }>} queries
 * @property {number} p99Ms the worst p99 of the four
 */

/**
 * @param {{ adminUrl?: string | undefined }} [options] a PostgreSQL URL whose role may CREATE DATABASE; PGlite without it
 * @returns {Promise<SearchResult>}
 */
export function searchPass({ adminUrl } = {}) {
  return runJsonScript('search-bench', adminUrl ? [adminUrl] : []);
}

/** Searched before the measurement (never one of `typedQueries` or their beginnings, whose answers would be kept). */
const warmUpWords = [
  'río',
  'mar',
  'presa',
  'playa',
  'costa',
  'bosque',
  'selva',
  'nube',
  'gota',
  'lago',
  'pozo',
  'riego',
  'suelo',
  'campo',
  'ciudad',
  'agua potable',
  'aliados',
  'datos',
  'campaña',
  'voluntarios',
];

/** Queries typed in the dialog, each new to the server (and so searched, not answered from the kept answers). */
const typedQueries = [
  'cuenca',
  'acuífero',
  'perrita',
  'lluvia',
  'comunidades',
  'escuela',
  'hoteles',
  'manifiesto',
  'empresas',
  'jóvenes',
];

/**
 * The dialog's first result after the last key (desktop size, no throttling, 120 ms between keys as a quick typist),
 * on a site warmed by 100 searches of other words.
 * @returns {Promise<{ p50Ms: number, maxMs: number, samples: number, timesMs: number[] }>}
 */
export async function dialogPass() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gota-search-dialog-'));
  // the throttle still counts every search, but this pass asks more than a visitor's window allows
  const site = await startSite({ dataDir, env: { SEARCH_IP_LIMIT: '1000' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // the search index is built in the background after the start: one search waits for it
    await fetch(`${site.origin}/buscar?q=agua`).then((response) => response.arrayBuffer());
    // A server that has been serving, as a visitor meets it: its code and the database's compiled (V8, PGlite's
    // WebAssembly) by searches of other words. Just started, its first hundred searches take two to four times longer.
    for (let round = 1; round <= 5; round += 1) {
      for (const word of warmUpWords) {
        const response = await fetch(`${site.origin}/buscar?q=${encodeURIComponent(word)}&pagina=${round}`, {
          headers: { 'X-Inertia': 'true' },
        });
        await response.arrayBuffer();
      }
    }
    await page.goto(`${site.origin}/historias`);
    await page.waitForFunction(
      () => document.documentElement.classList.contains('js') && !!document.querySelector('header form[role="search"] button'),
    );
    await page.waitForLoadState('networkidle');
    /** @type {number[]} */
    const times = [];
    for (const query of typedQueries) {
      await page.keyboard.press('Escape');
      await page.locator('header form[role="search"] button').click();
      const field = page.getByRole('dialog').getByRole('combobox');
      await field.waitFor();
      await field.fill('');
      // the moment of the last key, and of the first frame painted with that query's results
      await page.evaluate((typed) => {
        const state = /** @type {any} */ (window);
        state.searchBench = { lastKey: 0, painted: 0 };
        document.addEventListener('keydown', () => (state.searchBench.lastKey = performance.now()), { capture: true });
        const status = document.querySelector('[role="dialog"] [role="status"]');
        const input = /** @type {HTMLInputElement | null} */ (document.querySelector('[role="dialog"] [role="combobox"]'));
        const observer = new MutationObserver(() => {
          // the results of the whole query, not those of a shorter one that arrived late
          if (
            !status ||
            status.hasAttribute('data-busy') ||
            !/resultado/.test(status.textContent ?? '') ||
            input?.value !== typed
          )
            return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (state.searchBench.painted = performance.now()), 0));
        });
        if (status) observer.observe(status, { childList: true, characterData: true, subtree: true, attributes: true });
      }, query);
      await field.pressSequentially(query.slice(0, -1), { delay: 120 });
      await page.waitForTimeout(120);
      await field.press(query.slice(-1));
      await page.waitForFunction(() => /** @type {any} */ (window).searchBench.painted > 0, undefined, { timeout: 10_000 });
      times.push(
        await page.evaluate(() => {
          const bench = /** @type {any} */ (window).searchBench;
          return bench.painted - bench.lastKey;
        }),
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      p50Ms: Math.round(median(sorted) ?? 0),
      maxMs: Math.round(sorted.at(-1) ?? 0),
      samples: times.length,
      timesMs: times.map(Math.round),
    };
  } finally {
    await browser.close();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** @param {{ queries: SearchResult[], dialog: Awaited<ReturnType<typeof dialogPass>> | null }} search */
export function searchMarkdown({ queries, dialog }) {
  const cell = (/** @type {{ p50Ms: number, p99Ms: number, total: number, more: boolean }} */ row) =>
    `${row.p50Ms} / ${row.p99Ms} (${row.more ? 'más de ' : ''}${row.total.toLocaleString('es-MX')})`;
  const lines = [
    '| Base | Historias | Índice (s) | Común «agua» p50 / p99 (ms) | Rara | Prefijo «acuí» | Errata «comunidaes» |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of queries) {
    lines.push(
      `| ${row.db} | ${row.stories.toLocaleString('es-MX')} | ${(row.buildMs / 1000).toFixed(1)} | ${cell(row.queries.common)} | ${cell(row.queries.rare)} | ${cell(row.queries.prefix)} | ${cell(row.queries.typo)} |`,
    );
  }
  lines.push('', '(entre paréntesis, cuántos resultados da cada consulta)');
  if (dialog) {
    lines.push(
      '',
      `Diálogo (escritorio, 1280 × 800, el sitio tras 100 búsquedas de otras palabras): primer resultado pintado tras la última tecla, mediana ${dialog.p50Ms} ms, máximo ${dialog.maxMs} ms en ${dialog.samples} consultas (${dialog.timesMs.join(', ')} ms).`,
    );
  }
  return lines.join('\n');
}
