// nginx running the deploy recipe (docs/deploy/nginx.conf) for `npm run test:fleet` and `npm run bench`: the recipe's
// own file, with the run's ports and folders in place of the production ones, under a private prefix, in the
// foreground. What the tests and the bench measure is then the configuration operators copy.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The nginx binary of Debian's package, or undefined when nginx is not installed. */
export const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

/**
 * Starts nginx with the recipe: listening on `port`, its upstream on the two `instances` ports (the recipe's 3001 and
 * 3002; one port twice for a single instance), the builds read from this checkout, its page cache in `prefix/cache`.
 * `more` is added to the http block (another server of the caller's). Resolves once the configuration is valid.
 * @param {object} options
 * @param {string} options.prefix a folder of the caller's; nginx's workers (nobody) must be able to reach it
 * @param {number} options.port
 * @param {[number, number]} options.instances
 * @param {string} [options.more]
 * @returns {{ child: import('node:child_process').ChildProcess, errorLog: string, stop(): Promise<void> }}
 */
export function startRecipeNginx({ prefix, port, instances, more = '' }) {
  if (!nginxBin) throw new Error('No se encontró nginx: apt-get install nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  const recipe = readFileSync(path.join(repoRoot, 'docs/deploy/nginx.conf'), 'utf8')
    .replaceAll('/srv/gota', repoRoot)
    .replaceAll('/var/cache/nginx/gota', path.join(prefix, 'cache'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${instances[0]}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${instances[1]}`);
  if (!recipe.includes(`server 127.0.0.1:${instances[1]} `))
    throw new Error('docs/deploy/nginx.conf ya no tiene el upstream esperado (127.0.0.1:3001 y :3002)');
  writeFileSync(path.join(prefix, 'gota.conf'), recipe);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${prefix}/tmp/${kind};`)
    .join('\n  ');
  const config = path.join(prefix, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log warn;\nevents { worker_connections 1024; }\n` +
      `http {\n  access_log off;\n  ${temp}\n  include /etc/nginx/mime.types;\n  include ${prefix}/gota.conf;\n${more}\n}\n`,
  );
  execFileSync(nginxBin, ['-t', '-q', '-p', prefix, '-c', config]);
  const child = spawn(nginxBin, ['-p', prefix, '-c', config, '-g', 'daemon off;'], { stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    errorLog: path.join(prefix, 'logs/error.log'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
