// API load tests with autocannon, one pass per database: the HTML document and the JSON page object of `/` and
// `/historias`, the company contact POST, and the origin's own cost (issue #32 item 5): an anonymous `GET /` as a
// browser asks for it, next to the same stack at its cheapest (a bare Hono route sending the same bytes), and through
// the documented nginx with its cache warm, next to nginx sending the same bytes from disk.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { nginxBin, startRecipeNginx } from '../../api/scripts/nginx-recipe.mjs';
import { countCompanyMessages } from './db-count.mjs';
import { freePort, startProcess, startSite } from './processes.mjs';
import { ratio, round } from './stats.mjs';

const connections = 10;
// a short warm-up per target: the first requests pay for JIT compilation and cold caches, not for the code under test
const warmupRequests = 200;
/** Turns of the bare route and the site in the origin's cost (`originCost`): the median pair is reported. */
const originRounds = 3;

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
 * @property {number | null} [cpuRatio] serverCpuUs over its yardstick's (the same bytes sent by the bare route)
 * @property {number | null} baselineRatio reqPerSec over its yardstick's (the bare route, or nginx sending the file)
 * @property {string | null} [cacheStatus] nginx's X-Cache-Status after the warm-up (HIT when the page was cached)
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
 * The CPU clock of the bench's bare server (bare-server.mjs answers `/cpu` with its `process.cpuUsage()`).
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

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux for every architecture the bench runs on). */
const ticksPerSecond = 100;

/**
 * The CPU clock of nginx's workers (the master only forks them): user + system time of each child of `pid` in /proc.
 * @param {number} pid the master's
 * @returns {CpuClock}
 */
function workersCpu(pid) {
  return async () => {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    let ticks = 0;
    for (const child of children) {
      // the fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line
      const fields = readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks / ticksPerSecond) * 1e6;
  };
}

/**
 * Runs a GET target: warm-up, then `duration` seconds, with the server's CPU time per request over the latter.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} duration
 * @param {CpuClock} cpu
 * @param {Partial<autocannon.Options>} [more] more of autocannon's options (`requests` that change each request's path)
 */
async function measureGet(url, headers, duration, cpu, more = {}) {
  await cannon({ url, headers, amount: warmupRequests, ...more });
  const before = await cpu();
  const result = await cannon({ url, headers, duration, ...more });
  const serverCpuUs = ((await cpu()) - before) / Math.max(1, result.requests.total);
  return { ...summary(result), serverCpuUs: round(serverCpuUs, 1) };
}

/**
 * Measures a pair (a yardstick, then what is compared with it) `originRounds` times, each turn with a share of
 * `duration`: a machine's load moves by the second, and a ratio of two measurements a minute apart measured the load as
 * much as the code. Gives the turn whose ratio is the median, and every turn's ratio.
 * @template {{ ratio: number | null }} T
 * @param {number} duration seconds for all the turns
 * @param {(share: number) => Promise<T>} turn
 * @returns {Promise<{ median: T, ratios: (number | null)[] }>}
 */
async function inTurns(duration, turn) {
  const share = Math.max(1, Math.round(duration / originRounds));
  const turns = [];
  for (let round = 0; round < originRounds; round += 1) turns.push(await turn(share));
  const ratios = turns.map((measured) => measured.ratio);
  turns.sort((a, b) => (a.ratio ?? Infinity) - (b.ratio ?? Infinity));
  return { median: turns[Math.floor(turns.length / 2)], ratios };
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

/** What a browser that never visited sends for the home page (Chromium's Accept-Encoding: the API picks brotli for a kept page). */
const browserHeaders = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
};

/**
 * One answer as it travels, undecoded (fetch would gunzip it).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The origin's own cost (issue #32 item 5), with the same stack at its cheapest as the yardstick. The anonymous `GET /`
 * as a browser asks for it, document and page object, is measured next to a bare Hono route sending the very bytes the
 * API answered with the same Content-Type and Content-Encoding: `cpuRatio` is the server CPU per request of one over
 * the other. Then, through the documented nginx (docs/deploy/nginx.conf) with its cache warm, the document's requests
 * per second next to nginx sending the same bytes from a file: `baselineRatio`. Nothing is measured while another of
 * the bench's servers works.
 * @param {{ origin: string, port: number }} site
 * @param {CpuClock} cpu
 * @param {number} duration
 * @param {'pglite' | 'postgres'} db
 * @returns {Promise<ApiResult[]>}
 */
async function originCost(site, cpu, duration, db) {
  const extra = { stored: null, acknowledged: null };
  const { version } = JSON.parse((await rawGet(`${site.origin}/`, { 'X-Inertia': 'true' })).body.toString('utf8'));
  const kinds = /** @type {const} */ ([
    ['HTML', browserHeaders],
    // what the shell's navigation sends (shell/src/navigation/page-loader.ts)
    [
      'JSON',
      {
        ...browserHeaders,
        Accept: 'text/html, application/xhtml+xml',
        'X-Inertia': 'true',
        'X-Inertia-Version': version,
        'X-Requested-With': 'XMLHttpRequest',
      },
    ],
  ]);
  // nginx's workers (nobody, when the bench runs as root) read the file and write their cache here
  const folder = mkdtempSync(path.join(tmpdir(), 'gota-bench-origin-'));
  chmodSync(folder, 0o755);
  try {
    const same = [];
    for (const [kind, headers] of kinds) {
      // asked twice: the first answer of an address is kept in probation and sent gzipped; from the second, admitted,
      // it is sent in brotli to a client that accepts it (decision 058, 2026-11-29), as the load test will get it
      await rawGet(`${site.origin}/`, headers);
      const answer = await rawGet(`${site.origin}/`, headers);
      if (answer.status !== 200) throw new Error(`GET / (${kind}) respondió ${answer.status}`);
      const file = path.join(folder, `mismo-${kind.toLowerCase()}`);
      writeFileSync(file, answer.body);
      same.push({
        kind,
        headers,
        path: `/mismo-${kind.toLowerCase()}`,
        file,
        type: String(answer.headers['content-type']),
        encoding: answer.headers['content-encoding'] ?? null,
      });
    }

    const bare = await startProcess({
      name: 'El envío desnudo',
      args: [path.join(import.meta.dirname, 'bare-server.mjs')],
      env: { SAME_BYTES: JSON.stringify(same) },
      port: await freePort(),
      readyPath: '/cpu',
    });
    /** @type {ApiResult[]} */
    const rows = [];
    try {
      for (const { kind, headers, path: route, encoding } of same) {
        // the bare route and the site in turns (`inTurns`)
        const { median, ratios } = await inTurns(duration, async (share) => {
          const yardstick = await measureGet(bare.origin + route, headers, share, bareCpu(bare.origin));
          const page = await measureGet(`${site.origin}/`, headers, share, cpu);
          return {
            page,
            yardstick,
            ratio: ratio(page.serverCpuUs, yardstick.serverCpuUs),
            baselineRatio: ratio(page.reqPerSec, yardstick.reqPerSec),
          };
        });
        const { page, yardstick, ratio: cpuRatio, baselineRatio } = median;
        rows.push(
          { target: `GET / (${kind} gzip)`, db, ...page, cpuRatio, baselineRatio, ...extra },
          { target: `Hono, mismos bytes (${kind} gzip)`, db, ...yardstick, cpuRatio: 1, baselineRatio: 1, ...extra },
        );
        console.log(
          `  carga ${db}: GET / (${kind}, ${encoding ?? 'sin comprimir'}) ${page.serverCpuUs} µs de CPU por petición, los mismos bytes sin el sitio ${yardstick.serverCpuUs} µs (× ${cpuRatio}; ${originRounds} turnos: ${ratios.map((value) => `× ${value}`).join(', ')})`,
        );
      }
    } finally {
      await bare.stop();
    }
    rows.push(...(await throughNginx(site, folder, same[0], duration, db)));
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The document through the documented nginx, its cache warmed by the warm-up requests, next to a server of the same
 * nginx sending the same bytes from disk with the same headers. Without nginx the rows have no figures, so their budgets
 * fail instead of passing unmeasured.
 * @param {{ origin: string, port: number }} site
 * @param {string} folder
 * @param {{ headers: Record<string, string>, path: string, file: string, type: string, encoding: string | null }} document
 * @param {number} duration
 * @param {'pglite' | 'postgres'} db
 * @returns {Promise<ApiResult[]>}
 */
async function throughNginx(site, folder, document, duration, db) {
  const targets = {
    cache: 'nginx, caché: GET / (HTML gzip)',
    disk: 'nginx, disco: mismos bytes (HTML gzip)',
    fbclid: 'nginx, caché: GET /?fbclid=<aleatorio> (HTML gzip)',
  };
  const extra = { stored: null, acknowledged: null, cpuRatio: null };
  if (!nginxBin) {
    console.warn('  Aviso: sin nginx (apt-get install nginx) no se mide el sitio a través de su caché.');
    const none = {
      reqPerSec: null,
      p50Ms: null,
      p99Ms: null,
      errors: 0,
      serverCpuUs: null,
      baselineRatio: null,
      cacheStatus: null,
      ...extra,
    };
    return [
      { target: targets.cache, db, ...none },
      { target: targets.disk, db, ...none },
      { target: targets.fbclid, db, ...none },
    ];
  }
  const [port, diskPort] = [await freePort(), await freePort()];
  const encoding = document.encoding ? `add_header Content-Encoding ${document.encoding};` : '';
  const disk = `  server {
    listen 127.0.0.1:${diskPort};
    location = ${document.path} {
      alias ${document.file};
      types { }
      default_type "${document.type}";
      ${encoding}
    }
  }`;
  const nginx = startRecipeNginx({ prefix: path.join(folder, 'nginx'), port, instances: [site.port, site.port], more: disk });
  try {
    const origin = `http://127.0.0.1:${port}`;
    for (let tries = 0; (await rawGet(`${origin}/readyz`, {}).catch(() => ({ status: 0 }))).status !== 200; tries++) {
      if (tries > 100) throw new Error('nginx no respondió');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const clock = workersCpu(/** @type {number} */ (nginx.child.pid));
    // the file and the cache in turns (`inTurns`)
    const { median, ratios } = await inTurns(duration, async (share) => {
      const file = await measureGet(`http://127.0.0.1:${diskPort}${document.path}`, document.headers, share, clock);
      const cached = await measureGet(`${origin}/`, document.headers, share, clock);
      return { cached, file, ratio: ratio(cached.reqPerSec, file.reqPerSec) };
    });
    const { cached, file, ratio: baselineRatio } = median;
    const cacheStatus = String((await rawGet(`${origin}/`, document.headers)).headers['x-cache-status'] ?? '—');
    console.log(
      `  carga ${db}: nginx con caché (${cacheStatus}) ${cached.reqPerSec} req/s, el mismo archivo desde disco ${file.reqPerSec} req/s (× ${baselineRatio}; ${originRounds} turnos: ${ratios.map((value) => `× ${value}`).join(', ')})`,
    );
    // a visitor from a social network (issue #46): each request with an `fbclid` of its own, next to plain `GET /`
    // through the same nginx; the key leaves the parameter out (decision 052), so both are answered from the one copy.
    // 10,000 addresses made beforehand, in turn: autocannon writes each request once, as it does the plain one, where
    // a request made per send would measure the load generator (it shares the machine's cores with nginx)
    const randomFbclid = {
      requests: Array.from({ length: 10_000 }, () => ({
        method: /** @type {const} */ ('GET'),
        path: `/?fbclid=${randomBytes(24).toString('base64url')}`,
      })),
    };
    const social = await inTurns(duration, async (share) => {
      const plain = await measureGet(`${origin}/`, document.headers, share, clock);
      const fbclid = await measureGet(`${origin}/`, document.headers, share, clock, randomFbclid);
      return { fbclid, ratio: ratio(fbclid.reqPerSec, plain.reqPerSec), cpuRatio: ratio(fbclid.serverCpuUs, plain.serverCpuUs) };
    });
    const fbclidStatus = String(
      (await rawGet(`${origin}/?fbclid=${randomBytes(24).toString('base64url')}`, document.headers)).headers['x-cache-status'] ??
        '—',
    );
    console.log(
      `  carga ${db}: nginx con caché, GET /?fbclid=<aleatorio> (${fbclidStatus}) ${social.median.fbclid.reqPerSec} req/s, × ${social.median.ratio} de GET / (${originRounds} turnos: ${social.ratios.map((value) => `× ${value}`).join(', ')}); CPU de nginx por petición × ${social.median.cpuRatio}`,
    );
    return [
      { target: targets.cache, db, ...cached, baselineRatio, cacheStatus, ...extra },
      { target: targets.disk, db, ...file, baselineRatio: 1, cacheStatus: null, ...extra },
      {
        target: targets.fbclid,
        db,
        ...social.median.fbclid,
        baselineRatio: social.median.ratio,
        cacheStatus: fbclidStatus,
        ...extra,
        cpuRatio: social.median.cpuRatio,
      },
    ];
  } finally {
    await nginx.stop();
  }
}

/**
 * One pass of the load tests against a fresh API on one database.
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

  const dataDir = mkdtempSync(path.join(tmpdir(), 'gota-bench-'));
  try {
    const before = await countCompanyMessages({ dataDir, databaseUrl });
    const metricsToken = randomBytes(16).toString('hex');
    const site = await startSite({ dataDir, databaseUrl, env: { METRICS_TOKEN: metricsToken } });
    const cpu = siteCpu(site.origin, metricsToken);
    let contact;
    try {
      for (const route of ['/', '/historias']) {
        for (const [kind, headers] of /** @type {const} */ ([
          ['HTML', {}],
          ['JSON', { 'X-Inertia': 'true' }],
        ])) {
          const result = await measureGet(site.origin + route, headers, duration, cpu);
          rows.push({ target: `GET ${route} (${kind})`, db, ...result, ...extra });
          console.log(`  carga ${db}: GET ${route} (${kind}) ${result.reqPerSec} req/s`);
        }
      }
      rows.push(...(await originCost(site, cpu, duration, db)));
      contact = await measureContact(site.origin, duration);
    } finally {
      // PGlite keeps its folder locked while the API runs: stop it before counting
      await site.stop();
    }
    const stored = (await countCompanyMessages({ dataDir, databaseUrl })) - before;
    const { acknowledged, ...result } = contact;
    rows.push({ target: 'POST /contacto-empresa', db, ...result, baselineRatio: null, stored, acknowledged });
    console.log(
      `  carga ${db}: POST /contacto-empresa ${result.reqPerSec} req/s, ${acknowledged} confirmados, ${stored} guardados`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
