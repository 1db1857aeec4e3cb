#!/usr/bin/env node
// The inbox bench alone (issue #13 row 8): `node bench/inbox-bench.mjs [postgres://user@host:port/db]`. PGlite always;
// PostgreSQL too when a URL is given (or INBOX_BENCH_DATABASE_URL): its role must be allowed to CREATE DATABASE, the
// bench works in a database of its own (gota_inbox_bench) and drops it. Writes bench/results/inbox.{json,md}.
// `npm run bench` runs the same passes (skip them with --no-inbox).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inboxMarkdown, inboxPass } from './lib/inbox.mjs';

const adminUrl = process.argv[2] ?? process.env.INBOX_BENCH_DATABASE_URL;
const rows = [await inboxPass()];
console.log(JSON.stringify(rows[0]));
if (adminUrl) {
  rows.push(await inboxPass({ adminUrl }));
  console.log(JSON.stringify(rows[1]));
}
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const conditions = `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} · carga media ${os.loadavg()[0].toFixed(1)} · Node ${process.version}`;
writeFileSync(path.join(resultsDir, 'inbox.json'), `${JSON.stringify({ conditions, rows }, null, 2)}\n`);
const markdown = `# Bandeja con ${rows[0].leads.toLocaleString('es-MX')} leads\n\n${conditions}\n\n${inboxMarkdown(rows)}\n\nPresupuesto: p99 < 50 ms en lista y búsqueda.\n`;
writeFileSync(path.join(resultsDir, 'inbox.md'), markdown);
console.log(markdown);
