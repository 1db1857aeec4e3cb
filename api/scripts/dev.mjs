#!/usr/bin/env node
// `npm run dev`: every front-end app rebuilds on change (development mode, into its dist/) and the API restarts on
// change, all on http://localhost:3000. Ctrl+C stops everything.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { frontEndApps } from './front-end-apps.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const apps = frontEndApps;
const children = [];

function run(name, command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  }
  children.push(child);
}

for (const app of apps) {
  // a development build is not a production build: the next `npm start` must rebuild
  rmSync(path.join(root, app, 'dist', '.build-stamp'), { force: true });
  run(
    app,
    process.execPath,
    [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'development', '--watch'],
    path.join(root, app),
  );
}
run('api', path.join(root, 'node_modules/.bin/tsx'), ['watch', 'src/server.ts'], path.join(root, 'api'));

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
