import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exposedModules, federatedModules, pageModules, type RemoteName } from '@gota/shared/routes';

/**
 * Builds that stand in for the real ones in API tests, which run before (and without) `npm run build`: a shell whose
 * server code renders a page's modules, and remotes whose modules render a heading, throw, or never arrive. Each is a
 * folder with the files a real build has where the server and the pre-flight look for them (`mf-manifest.json`,
 * `remoteEntry.js`, `server/remoteEntry.js`, the module's files). Their server code requires react from the API's own
 * node_modules instead of taking it from the share scope: the same one copy, with less to write.
 */

/** What a module of a fake remote does when the server renders it. */
export type FakeModule =
  | { heading: string }
  /** renders, but no `<h1>` */
  | { noHeading: true }
  /** throws while rendering: React leaves its Suspense boundary to the browser (`<!--$!-->`) */
  | { throws: string }
  /** its code never arrives */
  | { hangs: true }
  /** hostile code (decision 057): the body of `function (require, process, props)`, whose result is its heading */
  | { runs: string };

const requireFromHere = createRequire(import.meta.url);
const version = (pkg: string) => (requireFromHere(`${pkg}/package.json`) as { version: string }).version;
const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');
const emptyAssets = { js: { sync: [], async: [] }, css: { sync: [], async: [] } };

/** The shared singletons a build of this project lists, with the versions installed here (decision 017). */
function sharedList(overrides: Record<string, string> = {}) {
  return [
    ...['react', 'react-dom', 'zustand'].map((name) => ({
      name,
      version: overrides[name] ?? version(name),
      singleton: true,
      assets: emptyAssets,
    })),
    {
      name: '@gota/shared/store',
      version: overrides['@gota/shared/store'] ?? '0.1.0',
      singleton: true,
      assets: emptyAssets,
    },
  ];
}

/** The `mf-manifest.json` of a build: its browser and server entries (with the server entry's digest), runtime, shared packages and modules. */
export function manifestOf(
  name: string,
  serverEntry: string,
  exposes: object[],
  options: { pluginVersion?: string; shared?: Record<string, string> } = {},
) {
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: name,
      pluginVersion: options.pluginVersion ?? '2.9.2',
      publicPath: 'auto',
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
      ssrRemoteEntrySha256: sha256Of(serverEntry),
    },
    shared: sharedList(options.shared),
    remotes: [],
    exposes,
  };
}

function write(dir: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** The fake shell's build: `SHELL_DIST` for a test app. Its server module renders each of the page's modules in a Suspense boundary, as the real slots do. */
export function fakeShell(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gota-shell-de-prueba-'));
  const modulesFor = Object.fromEntries(Object.keys(pageModules).map((component) => [component, federatedModules(component)]));
  const server = `
const React = require('react');
const { renderToString } = require('react-dom/server');
const table = ${JSON.stringify(modulesFor)};
const h = React.createElement;
function modulesFor(page) { return table[page.component] || []; }
function slot(id, modules, props) {
  const Module = modules[id];
  const loading = h('p', { 'data-slot': id }, 'Cargando...');
  return Module ? h(React.Suspense, { key: id, fallback: loading }, h(Module, props)) : h(React.Fragment, { key: id }, loading);
}
async function renderPage({ page, modules }) {
  const html = renderToString(h('div', null, h('header', null, 'Gota a Gota'), modulesFor(page).map((id) => slot(id, modules, page.props))));
  return { html, modules: Object.keys(modules) };
}
module.exports = { init() {}, get(expose) { return expose.replace(/^\\.\\//, '') === 'server' ? Promise.resolve(() => ({ modulesFor, renderPage })) : Promise.reject(new Error('el shell no expone ' + expose)); } };
`;
  write(dir, 'server/remoteEntry.js', server);
  write(dir, 'mf-manifest.json', JSON.stringify(manifestOf('shell', server, [], {})));
  write(dir, 'entry-assets.json', JSON.stringify({ js: ['main.js'], css: [], hash: 'shell-de-prueba' }));
  write(dir, 'main.js', '');
  return dir;
}

/** The style sheet a fake release gives a module: named by its content hash, as a production build names it (`blog.0123456789.css`). */
export function fakeStyleSheet(remote: RemoteName, expose: string): { name: string; text: string } {
  const file = expose.replaceAll('/', '-').toLowerCase();
  const text = `/* ${remote}/${expose} */\n.${file} {\n  color: #0b5cad;\n}\n`;
  return { name: `${file}.${createHash('sha256').update(text).digest('hex').slice(0, 10)}.css`, text };
}

export interface FakeRemoteOptions {
  /** What each module does; a module left out is not exposed. Default: every module the route table expects renders `name/expose`. */
  modules?: Partial<Record<string, FakeModule>>;
  /** The manifest's name (default the remote's own). */
  manifestName?: string;
  pluginVersion?: string;
  /** Versions of shared packages that differ from the ones installed here. */
  shared?: Record<string, string>;
  /** A server entry whose digest is not the manifest's. */
  wrongDigest?: boolean;
}

/**
 * Writes a fake release of `remote` into `<root>/<folder>/`: what a team uploads to its CDN.
 *
 * @example
 * writeFakeRemote(cdn.root, 'buena', 'mf_stories', { modules: { Blog: { heading: 'Historias nuevas' } } })
 */
export function writeFakeRemote(root: string, folder: string, remote: RemoteName, options: FakeRemoteOptions = {}): string {
  const dir = path.join(root, folder);
  const specs =
    options.modules ?? Object.fromEntries(exposedModules(remote).map((expose) => [expose, { heading: `${remote}/${expose}` }]));
  const server = `
const React = require('react');
const specs = ${JSON.stringify(specs)};
function component(spec, name) {
  return function FakeModule(props) {
    if (spec.throws) throw new Error(spec.throws);
    if (spec.runs) return React.createElement('h1', null, String(new Function('require', 'process', 'props', spec.runs)(require, process, props)));
    return spec.noHeading ? React.createElement('p', null, name) : React.createElement('h1', null, spec.heading);
  };
}
module.exports = {
  init() {},
  get(expose) {
    const name = expose.replace(/^\\.\\//, '');
    const spec = specs[name];
    if (!spec) return Promise.reject(new Error('no expone ' + name));
    if (spec.hangs) return new Promise(() => {});
    return Promise.resolve(() => ({ default: component(spec, name) }));
  },
};
`;
  const exposes = Object.keys(specs).map((expose) => {
    const file = `${expose.replaceAll('/', '-').toLowerCase()}`;
    write(dir, `${file}.js`, `/* ${remote}/${expose} */`);
    const sheet = fakeStyleSheet(remote, expose);
    write(dir, sheet.name, sheet.text);
    return {
      name: expose,
      path: `./${expose}`,
      assets: { js: { sync: [`${file}.js`], async: [] }, css: { sync: [sheet.name], async: [] } },
      ssrCss: [sheet.name],
    };
  });
  write(dir, 'server/remoteEntry.js', options.wrongDigest ? `${server}\n// cambiado después de compilar` : server);
  write(dir, 'remoteEntry.js', `/* ${remote} ${folder} */`);
  write(dir, 'mf-manifest.json', JSON.stringify(manifestOf(options.manifestName ?? remote, server, exposes, options)));
  return dir;
}

export interface FakeCdn {
  origin: string;
  root: string;
  /** The manifest URL of a folder written with `writeFakeRemote`. */
  manifest(folder: string): string;
  /** Paths (from the root, `/buena/blog.js`) answered without `Access-Control-Allow-Origin`. */
  withoutCors: Set<string>;
  close(): Promise<void>;
}

/** A static host with CORS on a free port, standing in for a team's CDN. */
export async function fakeCdn(): Promise<FakeCdn> {
  const root = mkdtempSync(path.join(tmpdir(), 'gota-cdn-'));
  const withoutCors = new Set<string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cdn.invalid');
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
    if (!withoutCors.has(url.pathname)) res.setHeader('Access-Control-Allow-Origin', '*');
    try {
      if (!file.startsWith(root + path.sep) || !statSync(file).isFile()) throw new Error('no');
    } catch {
      res.writeHead(404).end('no encontrado');
      return;
    }
    res.writeHead(200, { 'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    root,
    manifest: (folder) => `${origin}/${folder}/mf-manifest.json`,
    withoutCors,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Replaces a file of a folder on the CDN after the fact (a release overwritten at the same address). */
export function overwrite(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
}
