#!/usr/bin/env node
// Builds the API's programs to JavaScript for production (decision 064): the server, the release trial it starts in a
// child, and the operators' commands (release, content), each one ES module in api/dist. esbuild bundles the project's
// own sources (`@gota/shared` included) and leaves every package in node_modules. About a second; `npm start` runs it
// each time, so what runs is always what the sources say. Development keeps tsx (`npm run dev`).
//
// api/dist sits at the same depth as api/src: a module that finds the repository from its own folder (env.ts's
// `repoRoot`) finds it from either.
import { build } from 'esbuild';
import path from 'node:path';
import { existsSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const api = path.resolve(import.meta.dirname, '..');
const outdir = path.join(api, 'dist');

/** Each program: its source, and its name in api/dist. */
const apiPrograms = {
  server: 'src/server.ts',
  'trial-render': 'src/features/releases/trial-render.ts',
  release: 'scripts/release.ts',
  content: 'scripts/content.ts',
};

/** Whether Node finds this import as written, from the API's folder. */
function nodeResolves(specifier) {
  try {
    // Node 20 answers with an address without looking whether a file is there: a folder or a missing file is not one
    const url = import.meta.resolve(specifier);
    if (!url.startsWith('file:')) return true;
    const file = fileURLToPath(url);
    return existsSync(file) && statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `nodemailer/lib/smtp-pool` resolved to …/node_modules/nodemailer/lib/smtp-pool/index.js → `nodemailer/lib/smtp-pool/index.js`. */
function asPackagePath(specifier, file) {
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = file.lastIndexOf(marker);
  return at < 0
    ? specifier
    : `${name}/${file
        .slice(at + marker.length)
        .split(path.sep)
        .join('/')}`;
}

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: Object.entries(apiPrograms).map(([out, source]) => ({ in: path.join(api, source), out })),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // a package's CommonJS code that the bundle reaches through `require` needs a real one in an ES module
  banner: { js: "import { createRequire as __gotaRequire } from 'node:module'; const require = __gotaRequire(import.meta.url);" },
  plugins: [
    {
      name: 'packages-stay-in-node-modules',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.path.startsWith('@gota/') || args.pluginData === 'as-is') return undefined;
          if (nodeResolves(args.path)) return { path: args.path, external: true };
          // a path into a CommonJS package that tsx's resolver accepts and Node's ES modules do not (a folder, a file
          // without its extension: `nodemailer/lib/smtp-pool`): the same file, named as Node wants it
          const found = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'as-is' });
          if (found.errors.length > 0) return { errors: found.errors };
          return { path: asPackagePath(args.path, found.path), external: true };
        });
      },
    },
  ],
});
console.log(`[api] compilada en ${Math.round(performance.now() - started)} ms: ${path.relative(process.cwd(), outdir) || '.'}`);
