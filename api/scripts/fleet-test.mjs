#!/usr/bin/env node
// npm run test:fleet — issue #15: two production API instances behind nginx (docs/deploy/nginx.conf) on a throwaway
// PostgreSQL, a bounded load of company messages through nginx (each with its own Idempotency-Key, retried with the
// same key like the shell's http client) whose notifications go to an in-process SMTP server through the outbox, and,
// one at a time: a fast PostgreSQL restart (which must cost no post, decision 041), a SIGTERM of one instance
// (started again after), a kill -9 of the other (started again after), a release of mf-stories activated with
// `npm run release` (issue #31: both instances must serve it within 2 s), and both instances stopped at once (issue #32:
// anonymous pages from nginx's cache, forms the Spanish 503 of nginx; started again after), and 10,000 visits of pages
// with a random `fbclid` each (issue #46: the origin renders each page once). Prints a table per event and exits 1 when
// an assertion fails. Needs PostgreSQL's binaries (/usr/lib/postgresql/*/bin) and nginx
// (/usr/sbin/nginx).
//
// Ports: FLEET_PORT (nginx; the instances use the next two, SMTP the third and the release's CDN the fourth, default
// 4710) and FLEET_PG_PORT (default 54352).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { startSmtpSink } from '../src/testing/smtp-sink.mjs';
import { nginxBin, startRecipeNginx } from './nginx-recipe.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const nginxPort = Number(process.env.FLEET_PORT ?? 4710);
const instancePorts = [nginxPort + 1, nginxPort + 2];
const smtpPort = nginxPort + 3;
const cdnPort = nginxPort + 4;
const releaseToken = randomBytes(24).toString('hex');
const metricsToken = randomBytes(24).toString('hex');
const pgPort = Number(process.env.FLEET_PG_PORT ?? 54352);
const workers = Number(process.env.FLEET_WORKERS ?? 8);
const pauseMs = 25;
/** s-maxage of anonymous pages on the instances: the default (decision 049), and short, so the cache holds stale copies during the test. */
const pageCacheSeconds = 5;
/** Mails one instance sends at once (`smtpConnections` in api/src/mail/mailer.ts): what a kill -9 may leave unrecorded. */
const smtpInFlight = 5;
const asRoot = process.getuid?.() === 0;

const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  if (versions.length === 0) throw new Error('No se encontró PostgreSQL (/usr/lib/postgresql/*/bin): apt-get install postgresql');
  return path.join(base, versions.at(-1), 'bin');
})();
if (!nginxBin) throw new Error('No se encontró nginx: apt-get install nginx');

const work = mkdtempSync(path.join(tmpdir(), 'gota-fleet-'));
const pgData = path.join(work, 'pg');
/** The headers of a JSON request sent by the site's script (the shell's http client), as the API expects them. */
const scriptJson = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const log = (text) => console.log(`[fleet ${((now() - started) / 1000).toFixed(1)} s] ${text}`);
const started = now();
const failures = [];
const check = (ok, text) => {
  if (!ok) failures.push(text);
  console.log(`${ok ? '✓' : '✗'} ${text}`);
};

// ---------------------------------------------------------------- PostgreSQL

function asPostgres(command) {
  if (asRoot)
    return execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', `cd / && ${command}`], { stdio: 'pipe' }).toString();
  return execFileSync('bash', ['-c', command], { stdio: 'pipe' }).toString();
}

function startPostgres() {
  // the server runs as postgres (initdb refuses root) and nginx's workers as nobody: both must reach their folders
  chmodSync(work, 0o755);
  mkdirSync(pgData, { mode: 0o700 });
  if (asRoot) chownSync(pgData, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  asPostgres(`${pgBin}/initdb -D ${pgData} -A trust -U postgres >/dev/null`);
  const start = () =>
    asPostgres(
      `${pgBin}/pg_ctl -D ${pgData} -l ${pgData}/server.log -w -o '-p ${pgPort} -k /tmp -c listen_addresses=127.0.0.1' start >/dev/null`,
    );
  try {
    start();
  } catch {
    // once, a CI run saw pg_ctl give up here and the log went with the folder: show it, and try once more
    const serverLog = path.join(pgData, 'server.log');
    if (existsSync(serverLog)) console.log(readFileSync(serverLog, 'utf8').split('\n').slice(-20).join('\n'));
    log('PostgreSQL no arrancó; otro intento en 3 s');
    execFileSync('sleep', ['3']);
    start();
  }
  execFileSync('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(pgPort),
    '-U',
    'postgres',
    '-q',
    '-c',
    "create role gota login password 'gota'",
    '-c',
    'create database gota_fleet owner gota',
  ]);
}
const databaseUrl = `postgres://gota:gota@127.0.0.1:${pgPort}/gota_fleet`;

// ---------------------------------------------------------------- instances

const sessionSecret = randomBytes(32).toString('hex');
const editorEmail = 'editora@flota.test';
const instances = instancePorts.map((port, index) => ({
  name: `fleet-${'ab'[index]}`,
  port,
  process: undefined,
  expectExit: false,
  unexpectedExits: [],
  lines: [],
  notJson: 0,
}));

function startInstance(instance) {
  // the compiled API, as production runs it (decision 064): built once in main()
  const child = spawn(process.execPath, ['--enable-source-maps', 'api/dist/server.mjs'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${nginxPort}`,
      SESSION_SECRET: sessionSecret,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, instance.name),
      INSTANCE_ID: instance.name,
      TRUST_PROXY: '1',
      COOKIE_SECURE: 'false',
      // every company message is announced: through the outbox, to the SMTP server of this script
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_NOTIFY_TO: 'equipo@flota.test',
      MIN_FILL_MS: '0',
      THROTTLE_IP_LIMIT: '0',
      THROTTLE_IDENTITY_LIMIT: '0',
      CONTACT_COOLDOWN_SECONDS: '0',
      // the publication phase: the campaign team's editor (decisions 049, 051)
      EDITOR_EMAILS: editorEmail,
      // the release phase: the command's token, and the CDN its release comes from
      RELEASE_TOKEN: releaseToken,
      REMOTES_ALLOWED_ORIGINS: `http://127.0.0.1:${cdnPort}`,
      // anonymous pages go stale in nginx's cache soon, so the phase with every instance down serves stale copies
      PAGE_CACHE_SECONDS: String(pageCacheSeconds),
      // the fbclid phase counts each instance's renders
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.process = child;
  instance.expectExit = false;
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffered += chunk;
    for (let newline; (newline = buffered.indexOf('\n')) >= 0;) {
      const text = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        const line = JSON.parse(text);
        if (line.instance !== instance.name) instance.notJson++;
        if (line.msg !== 'solicitud') instance.lines.push(line);
      } catch {
        instance.notJson++;
        instance.lines.push({ msg: text, notJson: true });
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    // hono's serveStatic warns on stderr about missing builds; anything else is kept for the report
    for (const text of chunk.split('\n'))
      if (text && !text.startsWith('serveStatic:')) instance.lines.push({ msg: text, stderr: true });
  });
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (!instance.expectExit) instance.unexpectedExits.push({ code, signal });
      resolve({ code, signal });
    });
  });
  return child;
}

async function readyz(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return { status: 0, body: {} };
  }
}

async function untilReady(instance) {
  for (;;) {
    const ready = await readyz(instance.port);
    if (ready.status === 200 && ready.body.database === 'ok') return;
    if (instance.process.exitCode !== null)
      throw new Error(`${instance.name} terminó al arrancar:\n${instance.lines.map((l) => l.msg).join('\n')}`);
    await sleep(200);
  }
}

// ---------------------------------------------------------------- nginx, with the recipe of docs/deploy

function startNginx() {
  return startRecipeNginx({ prefix: path.join(work, 'nginx'), port: nginxPort, instances: instancePorts });
}

// ---------------------------------------------------------------- load

const messages = []; // { email, key, firstSentAt, ackAt, attempts }
const answers = []; // { at, ok, status } for every answer or network failure
let running = true;

async function worker(index) {
  const base = `http://127.0.0.1:${nginxPort}`;
  let cookie = '';
  let token = '';
  const refreshToken = async () => {
    for (;;) {
      try {
        // what the contact dialog does as it opens: a signed token, and the cookie it is bound to (decision 040)
        const res = await fetch(`${base}/csrf-token`, { headers: cookie ? { Cookie: cookie } : {} });
        const set = res.headers.get('set-cookie');
        if (set) cookie = set.split(';')[0];
        token = res.headers.get('x-csrf-token') ?? token;
        await res.arrayBuffer();
        if (res.ok && token) return;
      } catch {
        // nginx or both instances unreachable for a moment
      }
      await sleep(200);
    }
  };
  await refreshToken();
  for (let n = 0; running; n++) {
    const message = {
      email: `w${index}.m${n}.${randomUUID().slice(0, 8)}@flota.test`,
      key: randomUUID(),
      firstSentAt: now(),
      ackAt: undefined,
      attempts: 0,
    };
    messages.push(message);
    const body = JSON.stringify({
      empresa: 'Flota S.A.',
      name: 'Carga',
      email: message.email,
      mensaje: `mensaje ${n} del trabajador ${index}`,
    });
    // like the shell: the same key on every retry; a person would give up after a while
    while (message.ackAt === undefined && now() - message.firstSentAt < 30_000) {
      message.attempts++;
      let status = 0;
      try {
        const res = await fetch(`${base}/contacto-empresa`, {
          method: 'POST',
          headers: {
            ...scriptJson,
            'X-CSRF-TOKEN': token,
            'Idempotency-Key': message.key,
            Origin: base,
            Cookie: cookie,
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0; // no answer: connection refused or cut
      }
      answers.push({ at: now(), ok: status === 201, status });
      if (status === 201) message.ackAt = now();
      else if (status === 419) await refreshToken();
      else await sleep(200);
    }
    await sleep(pauseMs);
  }
}

// ---------------------------------------------------------------- events

const windows = [];

async function event(name, act) {
  const from = now();
  await sleep(3000);
  log(`${name}…`);
  const detail = await act();
  // recovered: a message sent after the event acknowledged; then a little more load
  const after = now();
  while (!messages.some((m) => m.ackAt !== undefined && m.firstSentAt > after)) await sleep(100);
  await sleep(3000);
  windows.push({ name, from, to: now(), ...detail });
}

/** `503×4 sin respuesta×1`: the failed answers of a window by status. */
function byStatus(failed) {
  const counts = new Map();
  for (const answer of failed) {
    const status = answer.status === 0 ? 'sin respuesta' : String(answer.status);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts].map(([status, n]) => `${status}×${n}`).join(' ') || '—';
}

function longestGap(from, to) {
  const acks = messages
    .map((m) => m.ackAt)
    .filter((t) => t !== undefined && t >= from && t <= to)
    .sort((a, b) => a - b);
  let longest = 0;
  let previous = from;
  for (const t of [...acks, to]) {
    longest = Math.max(longest, t - previous);
    previous = t;
  }
  return longest;
}

// ---------------------------------------------------------------- every instance down (issue #32 item 4)

/**
 * Every instance stopped at once, under the load: nginx's cache (docs/deploy/nginx.conf) answers the anonymous pages,
 * document and page object, with the copy it kept, past its s-maxage (stale), and a form gets the Spanish 503 from
 * nginx itself. Then both instances start again. Returns what each page and form request got while nothing ran.
 */
async function everyInstanceDown() {
  const base = `http://127.0.0.1:${nginxPort}`;
  const { version } = await (await fetch(`${base}/`, { headers: { 'X-Inertia': 'true' } })).json();
  const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
  const pages = [
    { path: '/', headers: browser },
    {
      path: '/',
      headers: { ...browser, 'X-Inertia': 'true', 'X-Inertia-Version': version, Accept: 'text/html, application/xhtml+xml' },
    },
    { path: '/historias', headers: browser },
  ].map((page) => ({ ...page, cached: undefined }));
  // a visitor's first request fills the cache; the next ones are answered from it
  for (const page of pages) {
    for (let tries = 0; tries < 20 && page.cached === undefined; tries++) {
      const res = await fetch(base + page.path, { headers: page.headers });
      const body = await res.text();
      if (res.headers.get('x-cache-status') === 'HIT') page.cached = body;
    }
  }
  for (const instance of instances) {
    instance.expectExit = true;
    instance.process.kill('SIGTERM');
  }
  await Promise.all(instances.map((instance) => instance.process.exited));
  const stoppedAt = now();
  // nobody can refresh the copies now: let them go stale
  await sleep(pageCacheSeconds * 1000 + 500);
  const pageAnswers = [];
  const formAnswers = [];
  for (let round = 0; round < 5; round++) {
    for (const page of pages) {
      const res = await fetch(base + page.path, { headers: page.headers });
      const body = await res.text();
      pageAnswers.push({
        status: res.status,
        cache: res.headers.get('x-cache-status') ?? '—',
        same: page.cached !== undefined && body === page.cached,
      });
    }
    const res = await fetch(`${base}/contacto-empresa`, {
      method: 'POST',
      headers: {
        ...scriptJson,
        Origin: base,
      },
      body: JSON.stringify({ empresa: 'Flota S.A.', name: 'Sin instancias', email: 'nadie@flota.test', mensaje: 'hola' }),
    });
    formAnswers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() });
    await sleep(200);
  }
  log(`sin instancias durante ${((now() - stoppedAt) / 1000).toFixed(1)} s; arrancan otra vez`);
  for (const instance of instances) startInstance(instance);
  await Promise.all(instances.map(untilReady));
  return { pageAnswers, formAnswers, uncached: pages.filter((page) => page.cached === undefined).length };
}

/** `200×15 STALE×15`: what the pages got while every instance was down, by status and cache status. */
function tally(answers, keys) {
  const counts = new Map();
  for (const answer of answers) for (const key of keys(answer)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${key}×${n}`).join(' ');
}

function checkEveryInstanceDown(window) {
  const { pageAnswers, formAnswers, uncached } = window;
  check(uncached === 0, `nginx guardó en su caché las páginas anónimas (${uncached} sin guardar: ¿son públicas?)`);
  check(
    pageAnswers.every((answer) => answer.status === 200 && answer.same && ['STALE', 'HIT', 'UPDATING'].includes(answer.cache)),
    `sin instancias, las páginas anónimas responden 200 desde la caché, los mismos bytes (${tally(pageAnswers, (a) => [a.status, a.cache])})`,
  );
  const spanish = JSON.stringify({ message: 'Esto no debía de haber pasado, intenta más tarde' });
  check(
    formAnswers.every((answer) => answer.status === 503 && answer.body === spanish && answer.retryAfter === '5'),
    `sin instancias, los formularios responden 503 con el mensaje en español (${tally(formAnswers, (a) => [a.status, a.body === spanish ? 'español' : a.body.slice(0, 40)])})`,
  );
}

// ---------------------------------------------------------------- a spike from a social network (issue #46)

/** Documents each instance rendered so far: its `gota_html_cache_total` misses and skips (a hit renders nothing). */
async function renders() {
  let total = 0;
  for (const instance of instances) {
    const text = await (
      await fetch(`http://127.0.0.1:${instance.port}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
    ).text();
    for (const match of text.matchAll(/^gota_html_cache_total\{outcome="(miss|skip)"\} (\d+)/gm)) total += Number(match[2]);
  }
  return total;
}

/** Pages a post shared on a social network leads to, and how many visits it brings. */
const spikePages = ['/', '/historias', '/aliados', '/quienes-somos'];
const spikeVisits = 10_000;

/**
 * 10,000 first visits through nginx, each page's address carrying its own random `fbclid` as a social network's link
 * does, 50 at a time: nginx keys its cache on the page's address without it, and so does each instance's answer cache
 * (decision 052), so the origin renders each page at most once per instance, however long the spike lasts (nginx
 * refreshes a copy every PAGE_CACHE_SECONDS, and an instance answers that from the answer it kept).
 */
async function fbclidSpike() {
  const base = `http://127.0.0.1:${nginxPort}`;
  const before = await renders();
  const statuses = new Map();
  let failed = 0;
  let next = 0;
  const from = now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < spikeVisits) {
        const page = spikePages[next++ % spikePages.length];
        try {
          const res = await fetch(`${base}${page}?fbclid=${randomBytes(24).toString('base64url')}`, {
            headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
          });
          await res.arrayBuffer();
          if (res.status !== 200) failed++;
          const cache = res.headers.get('x-cache-status') ?? '—';
          statuses.set(cache, (statuses.get(cache) ?? 0) + 1);
        } catch {
          failed++;
        }
      }
    }),
  );
  const seconds = (now() - from) / 1000;
  const rendered = (await renders()) - before;
  const cacheStatuses = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
  log(
    `${spikeVisits} visitas con fbclid en ${seconds.toFixed(1)} s: ${rendered} renderizados en el origen; caché de nginx ${cacheStatuses}`,
  );
  return { spike: { rendered, failed, cacheStatuses, hits: statuses.get('HIT') ?? 0 } };
}

function checkFbclidSpike({ spike }) {
  const most = spikePages.length * instances.length;
  check(spike.failed === 0, `las ${spikeVisits} visitas con fbclid responden 200 (${spike.failed} no)`);
  check(
    spike.rendered <= most,
    `el origen renderiza cada página a lo sumo una vez por instancia pese a los fbclid (${spike.rendered} renderizados, a lo sumo ${most})`,
  );
  check(spike.hits >= spikeVisits * 0.9, `nginx responde desde su caché casi todas las visitas (${spike.cacheStatuses})`);
}

// ---------------------------------------------------------------- mail

/** How many notifications named each sender's address (`w0.m3.…@flota.test`). */
const notified = new Map();
function startSmtp() {
  // a client's connection cut by kill -9 is expected here: the sink ignores connection errors
  return startSmtpSink({
    port: smtpPort,
    onMessage(raw) {
      for (const email of new Set(raw.replace(/=\r?\n/g, '').match(/w\d+\.m\d+\.\w+@flota\.test/g) ?? []))
        notified.set(email, (notified.get(email) ?? 0) + 1);
    },
  });
}

// ---------------------------------------------------------------- a release (issue #31)

/** A team's CDN: the mf-stories build as it is, served from another origin with CORS. */
function startCdn() {
  const root = path.join(repoRoot, 'mf-stories/dist');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cdn.invalid');
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname.replace(/^\/mf-stories\/2026-11-26\//, '/'))));
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(root + path.sep) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(cdnPort, '127.0.0.1', () => resolve(server)));
}

/** The release command against the fleet (through nginx), as an operator runs it in production (`node api/dist/release.mjs`). */
function releaseCommand(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['api/dist/release.mjs', ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        APP_URL: `http://127.0.0.1:${nginxPort}`,
        RELEASE_TOKEN: releaseToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => resolve({ code, out: out.trim().split('\n'), err: err.trim() }));
  });
}

/** The registry an instance serves now (its /remotes.json: the release set its answers use). */
async function servedManifest(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/remotes.json`, { signal: AbortSignal.timeout(2000) });
    return (await res.json()).mf_stories;
  } catch {
    return undefined;
  }
}

/**
 * A release of mf-stories from another origin: registered (pre-flight and trial render on one instance), then
 * activated; each instance is asked every 20 ms, directly, which mf-stories it serves, from the activation's commit (its
 * log line's time in PostgreSQL) until both serve the new one. Meanwhile a tab opened before the release navigates
 * through nginx with its version, and reloads on a 409 as the shell does: it must reload at most once.
 */
async function releasePhase() {
  const manifestUrl = `http://127.0.0.1:${cdnPort}/mf-stories/2026-11-26/mf-manifest.json`;
  const added = await releaseCommand(['add', 'mf-stories', manifestUrl, '--note', 'prueba de flota', '--by', 'flota']);
  const id = added.out.at(-1);
  check(
    added.code === 0,
    `npm run release -- add: la versión ${id} pasó la verificación previa (${added.code === 0 ? 'ok' : added.err || added.out.join(' | ')})`,
  );
  const page = await fetch(`http://127.0.0.1:${nginxPort}/historias`, { headers: { 'X-Inertia': 'true' } });
  let version = (await page.json()).version;

  let tabRunning = true;
  let reloads = 0;
  let navigations = 0;
  const tab = (async () => {
    while (tabRunning) {
      const res = await fetch(`http://127.0.0.1:${nginxPort}/historias`, {
        headers: { 'X-Inertia': 'true', 'X-Inertia-Version': version },
      }).catch(() => undefined);
      navigations++;
      if (res?.status === 409) {
        reloads++;
        const html = await (await fetch(`http://127.0.0.1:${nginxPort}/historias`)).text();
        version = JSON.parse(/id="page-data">(.*?)<\/script>/s.exec(html)[1]).version;
      } else await res?.arrayBuffer();
      await sleep(20);
    }
  })();

  const servedAt = instances.map(() => undefined);
  const watching = instances.map(async (instance, index) => {
    while (servedAt[index] === undefined) {
      if ((await servedManifest(instance.port)) === manifestUrl) servedAt[index] = Date.now();
      else await sleep(20);
    }
  });
  const activated = await releaseCommand(['activate', 'mf-stories', id, '--by', 'flota']);
  check(activated.code === 0, `npm run release -- activate: ${activated.out.join(' ') || activated.err}`);
  await Promise.race([Promise.all(watching), sleep(15_000)]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const committedAt = (await client.query('select at from release_log order by id desc limit 1')).rows[0].at.getTime();
  await client.end();
  await sleep(1000);
  tabRunning = false;
  await tab;
  const servedMs = servedAt.map((at) => (at === undefined ? Infinity : at - committedAt));
  log(
    `versión ${id}: ${instances.map((instance, index) => `${instance.name} la sirve ${servedMs[index]} ms después del commit`).join(', ')}; la pestaña recargó ${reloads} vez/veces en ${navigations} navegaciones`,
  );
  return { servedMs, reloads, navigations };
}

// ---------------------------------------------------------------- a story published (issue #41 item 8)

/** A person's browser over HTTP: its cookies, and the anti-forgery token of its last answer (as the shell keeps it). */
function httpBrowser(origin) {
  const token = randomBytes(24).toString('base64url');
  const cookies = new Map([['xsrf', token]]);
  let csrf = token;
  return async (method, pathname, body, extraHeaders = {}) => {
    const res = await fetch(`${origin}${pathname}`, {
      method,
      headers: {
        ...extraHeaders,
        Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...scriptJson,
        'X-CSRF-TOKEN': csrf,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair.split('=');
      if (value) cookies.set(name.trim(), value);
    }
    csrf = res.headers.get('x-csrf-token') ?? csrf;
    return res;
  };
}

/**
 * An editor writes a story and publishes it through one instance; each instance is asked every 20 ms, directly, for the
 * story's page, from the publication's commit (its content_log line's time in PostgreSQL) until both serve it.
 */
async function publishPhase() {
  const browser = httpBrowser(`http://127.0.0.1:${instances[0].port}`);
  const password = 'una flota que publica historias 2026';
  const signedUp = await browser('POST', '/registro', {
    name: 'Editora',
    last_name: 'Flota',
    email: editorEmail,
    password,
    password_confirmation: password,
  });
  check(signedUp.status === 201, `la editora abre su cuenta (${signedUp.status})`);
  // a person with a role proves a second factor before the stories answer (decision 055): the app, set up as she would
  const security = await browser('GET', '/panel/seguridad', undefined, { 'X-Inertia': 'true' });
  const { secret } = (await security.json()).props.setup;
  const enrolled = await browser('POST', '/panel/seguridad/app', {
    code: OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret) }),
  });
  check(enrolled.status === 201, `la editora activa su app de autenticación (${enrolled.status})`);
  const slug = `historia-de-la-flota-${Date.now()}`;
  const fields = {
    titulo: 'Una historia publicada en la flota',
    slug,
    fecha: '28 de noviembre de 2026',
    fechaData: '2026-11-28',
    text: 'Una historia escrita en el panel y publicada en una instancia: la otra la sirve enseguida.',
    tags: ['FLOTA'],
    img: '/img/historias/cerveceria-eficiencia-hidrica.svg',
    imgWhite: '/img/historias/cerveceria-eficiencia-hidrica-fondo.svg',
    alt: 'Una planta industrial junto a una gota de agua',
    bigImage: false,
    slides: [],
    body: 'Escrita en el panel, **publicada** en una instancia.\n',
  };
  const created = await browser('POST', '/api/historias', { fields });
  const { story } = await created.json();
  check(created.status === 201, `la historia se guarda como borrador (${created.status})`);
  const servedAt = instances.map(() => undefined);
  const watching = instances.map(async (instance, index) => {
    while (servedAt[index] === undefined) {
      const res = await fetch(`http://127.0.0.1:${instance.port}/historias/${slug}`, { signal: AbortSignal.timeout(2000) }).catch(
        () => undefined,
      );
      await res?.arrayBuffer();
      if (res?.status === 200) servedAt[index] = Date.now();
      else await sleep(20);
    }
  });
  // the list as nginx keeps it for anonymous visitors, before the publication
  const listed = async () => {
    const res = await fetch(`http://127.0.0.1:${nginxPort}/historias`, {
      headers: { 'X-Inertia': 'true', Accept: 'application/json' },
    }).catch(() => undefined);
    return res?.ok === true && (await res.text()).includes(slug);
  };
  await listed();
  const published = await browser('POST', `/api/historias/${story.id}/publicar`, { version: story.version });
  check(published.status === 200, `«Publicar» responde 200 (${published.status})`);
  let edgeAt;
  const edge = (async () => {
    const until = Date.now() + 20_000;
    while (edgeAt === undefined && Date.now() < until) {
      if (await listed()) edgeAt = Date.now();
      else await sleep(100);
    }
  })();
  await Promise.race([Promise.all([...watching, edge]), sleep(20_000)]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const committedAt = (
    await client.query("select at from content_log where action = 'publicada' order by id desc limit 1")
  ).rows[0].at.getTime();
  await client.end();
  const publishedMs = servedAt.map((at) => (at === undefined ? Infinity : at - committedAt));
  const edgeMs = edgeAt === undefined ? Infinity : edgeAt - committedAt;
  log(
    `historia ${slug}: ${instances.map((instance, index) => `${instance.name} la sirve ${publishedMs[index]} ms después del commit`).join(', ')}; la lista de nginx la muestra a los ${edgeMs} ms`,
  );
  return { publishedMs, edgeMs };
}

// ---------------------------------------------------------------- run

let nginx;
let smtp;
let cdn;
async function main() {
  log(
    `PostgreSQL ${path.basename(path.dirname(pgBin))} en ${pgPort}, nginx en ${nginxPort}, instancias en ${instancePorts.join(' y ')}`,
  );
  execFileSync(process.execPath, ['api/scripts/build-api.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  startPostgres();
  smtp = await startSmtp();
  for (const instance of instances) startInstance(instance);
  await Promise.all(instances.map(untilReady));
  nginx = startNginx();
  for (;;) {
    if ((await readyz(nginxPort)).status === 200) break;
    await sleep(200);
  }
  log(`dos instancias listas; carga: ${workers} clientes`);
  const load = Array.from({ length: workers }, (_, i) => worker(i));

  let pgBackAt = 0;
  await event('reinicio rápido de PostgreSQL', async () => {
    asPostgres(`${pgBin}/pg_ctl -D ${pgData} -m fast -w restart >/dev/null`);
    pgBackAt = now();
    while (!messages.some((m) => m.ackAt !== undefined && m.ackAt > pgBackAt)) await sleep(20);
    return { formsBackMs: now() - pgBackAt };
  });

  // one instance stopped politely, the other killed outright; each is started again and must be ready before going on
  const stopAndRestart = (instance, signal) => async () => {
    instance.expectExit = true;
    instance.process.kill(signal);
    const exit = await instance.process.exited;
    startInstance(instance);
    await untilReady(instance);
    return { exit };
  };
  const [a, b] = instances;
  await event(`SIGTERM a ${a.name} (y arranque)`, stopAndRestart(a, 'SIGTERM'));
  await event(`kill -9 a ${b.name} (y arranque)`, stopAndRestart(b, 'SIGKILL'));
  cdn = await startCdn();
  await event('versión de mf-stories activada (npm run release)', releasePhase);
  await event('historia publicada desde el panel', publishPhase);
  await event('todas las instancias detenidas (y arranque)', everyInstanceDown);
  await event(`${spikeVisits} visitas con fbclid`, fbclidSpike);

  running = false;
  await Promise.all(load);
  log('carga terminada; contando en PostgreSQL');

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "select email, count(*)::int as n from leads where kind = 'empresa' and email like '%@flota.test' group by email",
  );
  // the outbox: one row per stored message, and every row sent (a row claimed by the killed instance waits its lease)
  const pendingMail = async () =>
    (await client.query("select count(*)::int as n from mail_outbox where status <> 'enviado'")).rows[0].n;
  const mailWaitStarted = now();
  while ((await pendingMail()) > 0 && now() - mailWaitStarted < 90_000) await sleep(500);
  const outbox = (
    await client.query(
      "select l.email, count(m.id)::int as n, count(m.id) filter (where m.status = 'enviado')::int as sent from leads l left join mail_outbox m on m.lead_id = l.id where l.kind = 'empresa' and l.email like '%@flota.test' group by l.email",
    )
  ).rows;
  const unsent = await pendingMail();
  await client.end();
  const stored = new Map(rows.map((row) => [row.email, row.n]));

  // ------------------------------------------------------------ the table
  const table = windows.map((window) => {
    const sent = messages.filter((m) => m.firstSentAt >= window.from && m.firstSentAt < window.to);
    const acknowledged = sent.filter((m) => m.ackAt !== undefined);
    const failed = answers.filter((answer) => !answer.ok && answer.at >= window.from && answer.at < window.to);
    return {
      evento: window.name,
      enviados: sent.length,
      confirmados: acknowledged.length,
      guardados: sent.filter((m) => stored.has(m.email)).length,
      duplicados: sent.filter((m) => (stored.get(m.email) ?? 0) > 1).length,
      'respuestas fallidas': failed.length,
      'por estado': byStatus(failed),
      'corte más largo (s)': (longestGap(window.from, window.to) / 1000).toFixed(2),
      ...(window.formsBackMs !== undefined ? { 'formularios de vuelta tras (s)': (window.formsBackMs / 1000).toFixed(2) } : {}),
      ...(window.servedMs !== undefined
        ? { 'ambas instancias la sirven tras (s)': (Math.max(...window.servedMs) / 1000).toFixed(2) }
        : {}),
      ...(window.publishedMs !== undefined
        ? { 'ambas instancias la sirven tras (s)': (Math.max(...window.publishedMs) / 1000).toFixed(2) }
        : {}),
      ...(window.pageAnswers !== undefined
        ? { 'páginas sin instancias': tally(window.pageAnswers, (a) => [a.status, a.cache]) }
        : {}),
      ...(window.spike !== undefined ? { 'renderizados con fbclid': window.spike.rendered } : {}),
    };
  });
  console.log('');
  console.table(table);
  console.log(JSON.stringify({ fleet: table }));

  // ------------------------------------------------------------ assertions
  const acknowledged = messages.filter((m) => m.ackAt !== undefined);
  const lost = acknowledged.filter((m) => !stored.has(m.email));
  const twice = messages.filter((m) => (stored.get(m.email) ?? 0) > 1);
  check(acknowledged.length > 0, `${acknowledged.length} mensajes confirmados de ${messages.length} enviados`);
  check(lost.length === 0, `todo mensaje confirmado está guardado (${lost.length} perdidos)`);
  check(twice.length === 0, `ningún mensaje guardado dos veces (${twice.length} duplicados)`);
  for (const instance of instances) {
    check(
      instance.unexpectedExits.length === 0,
      `${instance.name} no terminó sin que se le pidiera (${JSON.stringify(instance.unexpectedExits)})`,
    );
    check(instance.notJson === 0, `${instance.name}: toda línea de log es JSON con su instancia (${instance.notJson} no)`);
  }
  const mailRows = outbox.filter((row) => row.n !== 1);
  const neverNotified = outbox.filter((row) => !notified.has(row.email));
  const notifiedTwice = outbox.filter((row) => (notified.get(row.email) ?? 0) > 1);
  log(
    `correo: ${outbox.length} mensajes, ${outbox.filter((row) => row.sent === 1).length} notificaciones enviadas, ${notified.size} recibidas, ${notifiedTwice.length} dos veces, espera ${((now() - mailWaitStarted) / 1000).toFixed(1)} s`,
  );
  check(mailRows.length === 0, `cada mensaje guardado tiene exactamente una fila en mail_outbox (${mailRows.length} no)`);
  check(unsent === 0, `todo el buzón de salida quedó enviado (${unsent} pendientes o fallidos)`);
  check(neverNotified.length === 0, `cada mensaje guardado fue notificado por SMTP (${neverNotified.length} sin notificar)`);
  // exactly once, except the mails the killed instance was sending when it got kill -9: it sends five at a time over
  // its five SMTP connections, and a mail accepted by SMTP but not yet recorded goes again after its lease (decision 015)
  check(
    notifiedTwice.length <= smtpInFlight,
    `ninguna notificación repetida, salvo las que estaban en vuelo en el kill -9 (${notifiedTwice.length}, a lo sumo ${smtpInFlight})`,
  );
  const [pgWindow, termWindow, killWindow] = table;
  const [, termEvent, killEvent] = windows;
  check(
    windows[0].formsBackMs <= 5000,
    `formularios de vuelta ${(windows[0].formsBackMs / 1000).toFixed(2)} s después de que PostgreSQL vuelve (≤ 5 s)`,
  );
  // decision 041: a write waits out the restart (within its 3 s budget) instead of answering 503
  check(
    pgWindow['respuestas fallidas'] === 0,
    `ningún formulario fallido durante el reinicio de PostgreSQL (${pgWindow['respuestas fallidas']}: ${pgWindow['por estado']})`,
  );
  check(termEvent.exit.code === 0, `${a.name} drenó y salió con 0 tras SIGTERM (${JSON.stringify(termEvent.exit)})`);
  check(
    a.lines.some((l) => l.msg === 'drenado iniciado') && a.lines.some((l) => l.msg === 'drenado terminado'),
    `${a.name} registró el inicio y el fin del drenado`,
  );
  check(
    termWindow['respuestas fallidas'] === 0,
    `ningún error de cliente durante el SIGTERM (${termWindow['respuestas fallidas']})`,
  );
  check(
    killWindow['respuestas fallidas'] <= 5,
    `a lo sumo un puñado durante el kill -9 (${killWindow['respuestas fallidas']} ≤ 5)`,
  );
  check(killEvent.exit.signal === 'SIGKILL', `${b.name} murió por kill -9`);
  check(pgWindow.enviados > 0, 'hubo carga durante el reinicio de PostgreSQL');
  const releaseEvent = windows[3];
  check(
    releaseEvent.servedMs.every((ms) => ms <= 2000),
    `las dos instancias sirven la versión activada en ≤ 2 s (${releaseEvent.servedMs.map((ms) => `${ms} ms`).join(', ')})`,
  );
  check(
    releaseEvent.reloads <= 1,
    `una pestaña abierta recarga a lo sumo una vez por versión (${releaseEvent.reloads} en ${releaseEvent.navigations} navegaciones)`,
  );
  check(
    table[3]['respuestas fallidas'] === 0,
    `ningún error de cliente durante la activación (${table[3]['respuestas fallidas']})`,
  );
  const publishEvent = windows.find((window) => window.publishedMs !== undefined);
  check(
    publishEvent.publishedMs.every((ms) => ms <= 2000),
    `las dos instancias sirven la historia publicada en ≤ 2 s (${publishEvent.publishedMs.map((ms) => `${ms} ms`).join(', ')})`,
  );
  check(
    publishEvent.edgeMs <= 10_000,
    `un visitante anónimo la ve en la lista a través de nginx en ≤ 10 s (${publishEvent.edgeMs} ms, PAGE_CACHE_SECONDS=${pageCacheSeconds})`,
  );
  checkEveryInstanceDown(windows.find((window) => window.pageAnswers !== undefined));
  checkFbclidSpike(windows.find((window) => window.spike !== undefined));
}

function cleanup() {
  running = false;
  for (const instance of instances) {
    instance.expectExit = true;
    if (instance.process && instance.process.exitCode === null) instance.process.kill('SIGKILL');
  }
  if (nginx && nginx.child.exitCode === null) nginx.child.kill('SIGQUIT');
  smtp?.close();
  cdn?.close();
  try {
    asPostgres(`${pgBin}/pg_ctl -D ${pgData} -m immediate -w stop >/dev/null`);
  } catch {
    // not started
  }
  if (!process.env.FLEET_KEEP) rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} catch (error) {
  failures.push(error.stack ?? String(error));
  console.error(error);
}
cleanup();
const minutes = ((now() - started) / 60_000).toFixed(1);
if (failures.length > 0) {
  console.error(`\nprueba de flota: ${failures.length} fallo(s) en ${minutes} min`);
  for (const instance of instances) {
    const interesting = instance.lines.filter((l) => l.level >= 40 || l.notJson || l.stderr).slice(-15);
    if (interesting.length) console.error(`\n${instance.name}:\n${interesting.map((l) => JSON.stringify(l)).join('\n')}`);
  }
  process.exit(1);
}
console.log(`\nprueba de flota: todo en orden (${minutes} min)`);
process.exit(0);
