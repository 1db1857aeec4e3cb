// The campaign team's inbox with 100,000 leads (issue #13 row 8): api/scripts/inbox-bench.ts runs in a process of its
// own (it is the API: requests go through the real app in process with a staff session), seeds PGlite or a database it
// creates on the PostgreSQL server it is given, and prints its figures as one JSON line.
import { runJsonScript } from './processes.mjs';

/**
 * One row of `latest.json`'s `inbox` (and of bench/results/inbox.json).
 * @typedef {object} InboxResult
 * @property {'pglite' | 'postgres'} db
 * @property {number} leads
 * @property {number} seedMs
 * @property {{ p50Ms: number, p99Ms: number, samples: number }} list the first page, a later page, kind and status
 * @property {{ p50Ms: number, p99Ms: number, samples: number }} search a common word, a rare company, a word in none
 * @property {{ ms: number, rows: number, bytes: number, rssBeforeMb: number, rssPeakMb: number }} export every lead
 */

/**
 * @param {{ adminUrl?: string | undefined }} [options] a PostgreSQL URL whose role may CREATE DATABASE; PGlite without it
 * @returns {Promise<InboxResult>}
 */
export function inboxPass({ adminUrl } = {}) {
  return runJsonScript('inbox-bench', adminUrl ? [adminUrl] : []);
}

/** @param {InboxResult[]} rows */
export function inboxMarkdown(rows) {
  const lines = [
    '| Base | Leads | Lista p50 / p99 (ms) | Búsqueda p50 / p99 (ms) | Exportación (s) | Filas | RSS antes → pico (MB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.db} | ${row.leads.toLocaleString('es-MX')} | ${row.list.p50Ms} / ${row.list.p99Ms} | ${row.search.p50Ms} / ${row.search.p99Ms} | ${(row.export.ms / 1000).toFixed(1)} | ${row.export.rows.toLocaleString('es-MX')} | ${row.export.rssBeforeMb} → ${row.export.rssPeakMb} |`,
    );
  }
  return lines.join('\n');
}
