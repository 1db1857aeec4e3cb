// API load tests with autocannon: the HTML document and the JSON page object of `/` and `/historias`, the company
// contact POST, and a bare Hono hello-world as the yardstick, all in one pass per database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { countCompanyMessages } from './db-count.mjs';
import { freePort, startProcess, startSite } from './processes.mjs';
import { ratio, round } from './stats.mjs';

const connections = 10;
// a short warm-up per target: the first requests pay for JIT compilation and cold caches, not for the code under test
const warmupRequests = 200;

/**
 * One row of `latest.json`'s `api`.
 * @typedef {object} ApiResult
 * @property {string} target
 * @property {'pglite' | 'postgres' | 'none'} db
 * @property {number} reqPerSec
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {number} errors non-2xx answers plus connection errors and timeouts
 * @property {number | null} serverCpuUs CPU time (user + system) the server process spent per request during the
 *   measured run: unlike req/s, not bounded by the load generator, which shares the machine's cores
 * @property {number | null} baselineRatio reqPerSec over the hello-world's
 * @property {number | null} stored company messages stored during the run (POST only)
 * @property {number | null} acknowledged 2xx answers (POST only)
 */

/**
 * @param {autocannon.Options} options
 * @returns {Promise<autocannon.Result>}
 */
function cannon(options) {
  return autocannon({ connections, ...options });
}

/** @param {autocannon.Result} result */
function summary(result) {
  return {
    reqPerSec: round(result.requests.average, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The anti-forgery token and the cookie it is bound to, as the contact dialog gets them when it opens
 * (`GET /csrf-token`, decision 040); the contact POST must echo both.
 * @param {string} origin
 */
async function formCredentials(origin) {
  const response = await fetch(`${origin}/csrf-token`);
  const token = response.headers.get('x-csrf-token');
  if (!token) throw new Error('GET /csrf-token no trae X-CSRF-TOKEN');
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');
  return { token, cookie };
}

/** @typedef {() => Promise<number>} CpuClock the server process's CPU time so far, in microseconds */

/**
 * The CPU clock of a bare server of the bench (hello-server.mjs answers `/cpu` with its `process.cpuUsage()`).
 * @param {string} origin
 * @returns {CpuClock}
 */
function bareCpu(origin) {
  return async () => {
    const { user, system } = await (await fetch(`${origin}/cpu`)).json();
    return user + system;
  };
}

/**
 * The CPU clock of the API, from the process counter of its Prometheus metrics (the route an operator scrapes).
 * @param {string} origin
 * @param {string} token METRICS_TOKEN the API was started with
 * @returns {CpuClock}
 */
function siteCpu(origin, token) {
  return async () => {
    const text = await (await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).text();
    const seconds = /^gota_process_cpu_seconds_total (\S+)$/m.exec(text)?.[1];
    if (seconds === undefined) throw new Error('Las métricas de la API no traen gota_process_cpu_seconds_total');
    return Number(seconds) * 1e6;
  };
}

/**
 * Runs a GET target: warm-up, then `duration` seconds, with the server's CPU time per request over the latter.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} duration
 * @param {CpuClock} cpu
 */
async function measureGet(url, headers, duration, cpu) {
  await cannon({ url, headers, amount: warmupRequests });
  const before = await cpu();
  const result = await cannon({ url, headers, duration });
  const serverCpuUs = ((await cpu()) - before) / Math.max(1, result.requests.total);
  return { ...summary(result), serverCpuUs: round(serverCpuUs, 1) };
}

/**
 * The contact POST. A duration-bound autocannon run drops the requests in flight when time is up, though the server may
 * have stored them; a fixed number of requests is waited for to the last answer, so stored and acknowledged can be
 * compared exactly. The number is the warm-up's rate times the duration, so the run still lasts about `duration`.
 * @param {string} origin
 * @param {number} duration
 */
async function measureContact(origin, duration) {
  const { token, cookie } = await formCredentials(origin);
  const options = {
    url: `${origin}/contacto-empresa`,
    method: /** @type {const} */ ('POST'),
    headers: {
      'Content-Type': 'application/json',
      'X-CSRF-TOKEN': token,
      Origin: origin,
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: cookie,
    },
    body: JSON.stringify({ empresa: 'Bench SA', name: 'Ana', email: 'ana@example.com', mensaje: 'Hola' }),
  };
  // the first batch warms up (its rate is dragged down by JIT compilation); the second one sets the pace
  const warm = await cannon({ ...options, amount: warmupRequests });
  // autocannon reports the duration and the average of a fixed-count run in whole seconds: time the runs here
  let t0 = performance.now();
  const pace = await cannon({ ...options, amount: warmupRequests });
  const rate = (pace['2xx'] + pace.non2xx) / Math.max((performance.now() - t0) / 1000, 0.001);
  t0 = performance.now();
  const main = await cannon({ ...options, amount: Math.max(warmupRequests, Math.round(rate * duration)) });
  const reqPerSec = round((main['2xx'] + main.non2xx) / Math.max((performance.now() - t0) / 1000, 0.001), 1);
  return { ...summary(main), reqPerSec, serverCpuUs: null, acknowledged: warm['2xx'] + pace['2xx'] + main['2xx'] };
}

/**
 * The home page gzipped, next to a bare Hono route that sends the same bytes with the same compression (measured while
 * the API sits idle): their ratio is what the rendering and caching machinery costs over sending the page. And the
 * same bytes uncompressed from the bare route, over the hello-world: how far the same stack gets sending a page that
 * size on this machine, the ceiling of `GET / (HTML)`'s own ratio.
 * @param {string} origin
 * @param {string} dataDir
 * @param {number} duration
 * @param {'pglite' | 'postgres'} db
 * @param {number | null} helloPerSec
 * @returns {Promise<ApiResult[]>}
 */
async function samePageBaselines(origin, cpu, dataDir, duration, db, helloPerSec) {
  const extra = { stored: null, acknowledged: null };
  const gzip = { 'Accept-Encoding': 'gzip' };
  const file = path.join(dataDir, 'same-page.html');
  writeFileSync(file, await (await fetch(`${origin}/`)).text());
  const bare = await startProcess({ name: 'El envío desnudo', args: [path.join(import.meta.dirname, 'hello-server.mjs')], env: { SAME_FILE: file }, port: await freePort() });
  let same;
  let plain;
  try {
    const bareClock = bareCpu(bare.origin);
    plain = await measureGet(`${bare.origin}/mismo-plano`, {}, duration, bareClock);
    same = await measureGet(`${bare.origin}/mismo`, gzip, duration, bareClock);
  } finally {
    await bare.stop();
  }
  console.log(`  carga ${db}: mismos bytes que GET / sin comprimir y sin el sitio ${plain.reqPerSec} req/s`);
  const page = await measureGet(`${origin}/`, gzip, duration, cpu);
  console.log(`  carga ${db}: GET / (HTML gzip) ${page.reqPerSec} req/s; mismos bytes sin el sitio ${same.reqPerSec} req/s`);
  return [
    { target: 'Hono, mismos bytes (sin comprimir)', db, ...plain, ...extra, baselineRatio: ratio(plain.reqPerSec, helloPerSec) },
    { target: 'Hono, mismos bytes (gzip)', db, ...same, ...extra, baselineRatio: 1 },
    { target: 'GET / (HTML gzip)', db, ...page, ...extra, baselineRatio: ratio(page.reqPerSec, same.reqPerSec) },
  ];
}

/**
 * One pass of the load tests against a fresh API on one database, with the hello-world baseline measured just before.
 * @param {object} options
 * @param {number} options.duration seconds per target
 * @param {string} [options.databaseUrl] PostgreSQL; unset, PGlite
 * @returns {Promise<ApiResult[]>}
 */
export async function loadPass({ duration, databaseUrl }) {
  const db = databaseUrl ? 'postgres' : 'pglite';
  /** @type {ApiResult[]} */
  const rows = [];
  const extra = { baselineRatio: null, stored: null, acknowledged: null };

  const helloPort = await freePort();
  const hello = await startProcess({ name: 'El hello-world', args: [path.join(import.meta.dirname, 'hello-server.mjs')], env: {}, port: helloPort });
  let baseline;
  try {
    baseline = await measureGet(hello.origin, {}, duration, bareCpu(hello.origin));
  } finally {
    await hello.stop();
  }
  rows.push({ target: 'Hono hello-world', db: 'none', ...baseline, ...extra, baselineRatio: 1 });
  console.log(`  carga ${db}: hello-world ${baseline.reqPerSec} req/s`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'gota-bench-'));
  try {
    const before = await countCompanyMessages({ dataDir, databaseUrl });
    const metricsToken = randomBytes(16).toString('hex');
    const site = await startSite({ dataDir, databaseUrl, env: { METRICS_TOKEN: metricsToken } });
    const cpu = siteCpu(site.origin, metricsToken);
    let contact;
    try {
      for (const route of ['/', '/historias']) {
        for (const [kind, headers] of /** @type {const} */ ([['HTML', {}], ['JSON', { 'X-Inertia': 'true' }]])) {
          const result = await measureGet(site.origin + route, headers, duration, cpu);
          rows.push({ target: `GET ${route} (${kind})`, db, ...result, ...extra, baselineRatio: ratio(result.reqPerSec, baseline.reqPerSec) });
          console.log(`  carga ${db}: GET ${route} (${kind}) ${result.reqPerSec} req/s`);
        }
      }
      rows.push(...(await samePageBaselines(site.origin, cpu, dataDir, duration, db, baseline.reqPerSec)));
      contact = await measureContact(site.origin, duration);
    } finally {
      // PGlite keeps its folder locked while the API runs: stop it before counting
      await site.stop();
    }
    const stored = (await countCompanyMessages({ dataDir, databaseUrl })) - before;
    const { acknowledged, ...result } = contact;
    rows.push({ target: 'POST /contacto-empresa', db, ...result, baselineRatio: ratio(result.reqPerSec, baseline.reqPerSec), stored, acknowledged });
    console.log(`  carga ${db}: POST /contacto-empresa ${result.reqPerSec} req/s, ${acknowledged} confirmados, ${stored} guardados`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
