#!/usr/bin/env node
// `node bench/start-up.mjs [runs]` (issue #44 item 8, decision 064): how long the API takes from `node` to its first
// 200 on /healthz, and its resident memory then and a second later, run as production runs it (api/dist, compiled by
// api/scripts/build-api.mjs) and as development runs it (its TypeScript through tsx). The two are started in turns, each
// with a data folder of its own (the embedded database, so both do the same first-start work), `runs` times (5 by
// default); medians are printed as a Markdown table. Linux only (the memory is read from /proc).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './lib/processes.mjs';
import { median } from './lib/stats.mjs';

const runs = Number(process.argv[2] ?? 5);
const modes = {
  compilada: ['--enable-source-maps', path.join(repoRoot, 'api/dist/server.mjs')],
  tsx: ['--import', 'tsx', path.join(repoRoot, 'api/src/server.ts')],
};

/** The resident memory of a process, in MB (VmRSS of /proc/{pid}/status). */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

/** One start: ms until /healthz answers 200, and the memory then and one second later. */
async function startOnce(args) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gota-start-up-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(64),
    SMTP_URL: 'smtp://127.0.0.1:9',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: path.join(repoRoot, 'api'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`la API terminó al arrancar (código ${child.exitCode})`);
      if (performance.now() - started > 60_000) throw new Error('la API no respondió en 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    const readyRss = rssMb(child.pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { readyMs, readyRss, settledRss: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

execFileSync(process.execPath, [path.join(repoRoot, 'api/scripts/build-api.mjs')], { stdio: 'inherit' });
/** @type {Record<string, { readyMs: number, readyRss: number, settledRss: number }[]>} */
const samples = { compilada: [], tsx: [] };
for (let run = 0; run < runs; run++) {
  for (const [mode, args] of Object.entries(modes)) samples[mode].push(await startOnce(args));
}
const figure = (list, key, digits) => (median(list.map((sample) => sample[key])) ?? Number.NaN).toFixed(digits);
console.log(
  `\n| API (mediana de ${runs}, carga media ${os.loadavg()[0].toFixed(1)}) | hasta /healthz | RSS al responder | RSS 1 s después |`,
);
console.log('|---|---|---|---|');
for (const [mode, list] of Object.entries(samples)) {
  console.log(
    `| ${mode} | ${figure(list, 'readyMs', 0)} ms | ${figure(list, 'readyRss', 0)} MB | ${figure(list, 'settledRss', 0)} MB |`,
  );
}
