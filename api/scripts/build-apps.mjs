#!/usr/bin/env node
// Builds the shell and the six remotes for production, skipping any app whose inputs have not changed since its last
// build (a stamp in dist/ holds the hash of its sources, its config, the shared package and the lockfile).
// `--force` rebuilds everything. Used by `npm start` and `npm run build`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { frontEndApps } from './front-end-apps.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const apps = frontEndApps;
const force = process.argv.includes('--force');
const stampName = '.build-stamp';

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

function inputsHash(app) {
  const hash = createHash('sha256');
  const inputs = [
    ...files(path.join(root, app, 'src')),
    path.join(root, app, 'webpack.config.mjs'),
    path.join(root, app, 'package.json'),
    ...files(path.join(root, 'shared/src')),
    ...files(path.join(root, 'shared/build')),
    path.join(root, 'shared/package.json'),
    path.join(root, 'package-lock.json'),
  ].filter((file) => existsSync(file) && !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'));
  for (const file of inputs.sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** webpack-cli's report of a build that went well ("server:", "  server compiled successfully"): one line per app says it. */
const quietLine = /^\s*((server|browser):|\S+ compiled successfully)?\s*$/;

function build(app) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(root, app),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let report = '';
    child.stdout.on('data', (chunk) => (report += chunk));
    child.on('exit', (code) => {
      // warnings and errors are shown whole, with the app they belong to
      const said = report.split('\n').filter((line) => !quietLine.test(line));
      if (said.length > 0) console.log(`${app}:\n${said.join('\n')}`);
      if (code === 0) {
        console.log(`  ${app} compilado en ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`La compilación de ${app} falló (código ${code})`));
    });
  });
}

const pending = apps.filter((app) => {
  const stamp = path.join(root, app, 'dist', stampName);
  return force || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== inputsHash(app);
});

if (pending.length === 0) {
  console.log('Las compilaciones están al día.');
} else {
  console.log(`Compilando: ${pending.join(', ')}`);
  // two at a time: the machine this runs on may have only two cores
  const queue = [...pending];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      await build(app);
      writeFileSync(path.join(root, app, 'dist', stampName), inputsHash(app));
    }
  };
  try {
    await Promise.all([worker(), worker()]);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
