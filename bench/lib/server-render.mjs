// Server rendering (issue #11 §9): each page's render time on the server, its HTML size, and the HTML cache's hit ratio
// over a visitor-like walk through the site. The render time comes from the `Server-Timing: render;dur=…` header the
// API writes on every document; the cache is turned off (HTML_CACHE_ENTRIES=0) while it is measured, so every request
// really renders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSite } from './processes.mjs';
import { round } from './stats.mjs';

/**
 * One row of `latest.json`'s `render`.
 * @typedef {object} RenderResult
 * @property {string} route
 * @property {number | null} renderP50Ms
 * @property {number | null} renderP99Ms
 * @property {number} htmlBytes
 * @property {number} htmlGzipBytes
 * @property {boolean} rendered the document carried server-rendered markup in #root
 */

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null);

/** @param {Response} response */
function serverTiming(response) {
  const header = response.headers.get('Server-Timing') ?? '';
  const match = /render;dur=([\d.]+);desc="(\w+)"/.exec(header);
  return match ? { ms: Number(match[1]), outcome: match[2] } : null;
}

/**
 * @param {object} options
 * @param {string[]} options.pages
 * @param {number} [options.samples] renders measured per page (after 5 that warm up)
 * @param {number} [options.rounds] walks through every page for the hit ratio
 * @returns {Promise<{ pages: RenderResult[], cache: { hits: number, misses: number, hitRatio: number | null } }>}
 */
export async function renderPass({ pages, samples = 40, rounds = 10 }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gota-bench-render-'));
  /** @type {RenderResult[]} */
  const results = [];
  try {
    const uncached = await startSite({ dataDir, env: { HTML_CACHE_ENTRIES: '0' } });
    try {
      for (const route of pages) {
        /** @type {number[]} */
        const times = [];
        let html = '';
        for (let i = 0; i < samples + 5; i += 1) {
          const response = await fetch(uncached.origin + route);
          html = await response.text();
          const timing = serverTiming(response);
          if (i >= 5 && timing) times.push(timing.ms);
        }
        times.sort((a, b) => a - b);
        const bytes = Buffer.byteLength(html);
        results.push({
          route,
          renderP50Ms: quantile(times, 0.5),
          renderP99Ms: quantile(times, 0.99),
          htmlBytes: bytes,
          htmlGzipBytes: gzipSync(html).length,
          rendered: /<div id="root"><./.test(html),
        });
        console.log(`  render ${route}: p50 ${quantile(times, 0.5)} ms, ${Math.round(bytes / 1024)} KB`);
      }
    } finally {
      await uncached.stop();
    }

    // a walk like visitors': every page in turn, several times, on a server with its cache on
    const cached = await startSite({ dataDir });
    let hits = 0;
    let misses = 0;
    try {
      for (let round = 0; round < rounds; round += 1) {
        for (const route of pages) {
          const response = await fetch(cached.origin + route);
          await response.arrayBuffer();
          const outcome = serverTiming(response)?.outcome;
          if (outcome === 'hit') hits += 1;
          else misses += 1;
        }
      }
    } finally {
      await cached.stop();
    }
    const hitRatio = hits + misses ? round(hits / (hits + misses), 3) : null;
    console.log(`  caché HTML: ${hits} aciertos, ${misses} fallos (${hitRatio})`);
    return { pages: results, cache: { hits, misses, hitRatio } };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
