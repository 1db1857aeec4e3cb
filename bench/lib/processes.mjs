// Starting and stopping the servers under test. Each server is its own process, so the load generator (this process)
// never shares an event loop with what it measures.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on 127.0.0.1, chosen by the OS, so that the bench never collides with another server. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs an API script (`api/scripts/{name}.ts`, through tsx) to its end and reads its figures: the last line it prints,
 * as JSON. Its messages (stderr) are shown as they come.
 * @param {string} name the script's name, without `.ts`
 * @param {string[]} [args]
 * @param {Record<string, string>} [env] more variables for the script
 * @returns {Promise<any>}
 */
export function runJsonScript(name, args = [], env = {}) {
  return new Promise((resolve, reject) => {
    const script = [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(repoRoot, `api/scripts/${name}.ts`), ...args];
    const child = spawn(process.execPath, script, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${name} terminó con código ${code}`));
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`${name} no dio cifras: ${line}`));
      }
    });
  });
}

/**
 * @typedef {object} Running
 * @property {string} origin http://127.0.0.1:port
 * @property {number} port
 * @property {() => Promise<void>} stop ends the process and waits for its exit (PGlite releases its files then)
 */

/**
 * Spawns a Node process and waits until `readyPath` answers 200.
 * @param {object} options
 * @param {string} options.name for messages
 * @param {string[]} options.args node arguments
 * @param {Record<string, string>} options.env added to the current environment
 * @param {string[]} [options.unset] variables of the current environment the process must not inherit
 * @param {number} options.port
 * @param {string} [options.readyPath]
 * @returns {Promise<Running>}
 */
export async function startProcess({ name, args, env, unset = [], port, readyPath = '/' }) {
  const childEnv = { ...process.env, ...env, PORT: String(port) };
  for (const key of unset) delete childEnv[key];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} terminó al arrancar (código ${child.exitCode}):\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} no respondió en 60 s:\n${stderr}`);
    }
    try {
      const response = await fetch(origin + readyPath);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The site's API server with the bench's settings: quiet logs, its own data folder and the form limits raised, because
 * the contact load test posts thousands of messages from one client.
 * @param {object} options
 * @param {string} options.dataDir
 * @param {string} [options.shellDist] another shell build (the one-bundle site)
 * @param {string} [options.databaseUrl] PostgreSQL; unset, PGlite in dataDir
 * @param {Record<string, string>} [options.env] more settings (HTML_CACHE_ENTRIES=0 to render every request)
 */
export async function startSite({ dataDir, shellDist, databaseUrl, env: extra = {} }) {
  const port = await freePort();
  /** @type {Record<string, string>} */
  const env = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    THROTTLE_IP_LIMIT: '0',
    THROTTLE_IDENTITY_LIMIT: '0',
    CONTACT_COOLDOWN_SECONDS: '0',
    MIN_FILL_MS: '0',
  };
  Object.assign(env, extra);
  if (shellDist) env.SHELL_DIST = shellDist;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return startProcess({
    name: 'La API',
    // the compiled API, as production runs it (decision 064; the bench's build phase compiles it)
    args: ['--enable-source-maps', path.join(repoRoot, 'api/dist/server.mjs')],
    env,
    // the PGlite run must not inherit the PostgreSQL URL of the shell the bench was started from
    unset: databaseUrl ? [] : ['DATABASE_URL'],
    port,
  });
}

/**
 * The floor of the pages (bench/lib/floor-server.mjs): their HTML as `site` answers it, without links or scripts.
 * @param {Running} site
 * @param {string[]} pages
 * @returns {Promise<Running>}
 */
export async function startFloor(site, pages) {
  return startProcess({
    name: 'El suelo',
    args: [path.join(repoRoot, 'bench/lib/floor-server.mjs')],
    env: { FLOOR_ORIGIN: site.origin, FLOOR_PAGES: JSON.stringify(pages) },
    port: await freePort(),
    readyPath: '/healthz',
  });
}
