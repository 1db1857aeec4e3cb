// webpack plugins of the one configuration (webpack-config.mjs): what the API needs to know about a build.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where an app's server build goes, inside its dist/ (a remote deploys both builds as one folder). */
export const serverDir = 'server';

/** Every chunk group reachable from a group (the entry's lazy `import('./bootstrap')` and what it loads in turn). */
function descendants(group, seen = new Set()) {
  for (const child of group.childrenIterable) {
    if (seen.has(child)) continue;
    seen.add(child);
    descendants(child, seen);
  }
  return seen;
}

/** The style sheets of a chunk group and of every group it loads lazily, each once. */
function styleSheets(group) {
  return [
    ...new Set([group, ...descendants(group)].flatMap((item) => [...item.getFiles()]).filter((file) => file.endsWith('.css'))),
  ];
}

/** The share key a module provides (`ProvideSharedModule`) or consumes (`ConsumeSharedModule`), if it is one. */
const providedKey = (module) => (module?.constructor?.name === 'ProvideSharedModule' ? module._name : undefined);
const consumedKey = (module) => (module?.constructor?.name === 'ConsumeSharedModule' ? module.options?.shareKey : undefined);

/**
 * The entry's child groups the start-up loads: every group that is not a provided shared module (the bootstrap), and
 * the provided shared modules that those groups, or shared modules they load, consume.
 */
function startupGroups(compilation, entry) {
  const { chunkGraph } = compilation;
  const children = [...entry.childrenIterable];
  const providerOf = new Map();
  for (const group of children) {
    const key = group.origins.map((origin) => providedKey(origin.module)).find(Boolean);
    if (key) providerOf.set(group, key);
  }
  const chosen = children.filter((group) => !providerOf.has(group));
  const consumed = new Set();
  const collect = (group) => {
    for (const chunk of group.chunks)
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        const key = consumedKey(module);
        if (key) consumed.add(key);
      }
  };
  chosen.forEach(collect);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [group, key] of providerOf) {
      if (chosen.includes(group) || !consumed.has(key)) continue;
      chosen.push(group);
      collect(group);
      grew = true;
    }
  }
  return chosen;
}

/**
 * Writes `entry-assets.json` for the shell, which the API reads to write the HTML document: the entry's scripts, the
 * style sheets of everything the entry may load (so a server-rendered page is styled before any script runs), and the
 * scripts the start-up loads at once (preload hints).
 */
export class EntryAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = compilation.entrypoints.get('main');
          if (!entry) return;
          const files = (group) => [...group.getFiles()].filter((file) => !file.endsWith('.hot-update.js'));
          const assets = {
            js: files(entry).filter((file) => file.endsWith('.js')),
            css: styleSheets(entry),
            // the start-up chunk (import('./bootstrap')) and the shared modules it uses: fetched in parallel with the
            // entry instead of after it. A shared module the start-up does not use (the form schemas, which load with
            // a dialog) is not preloaded: a preload is a download on every page.
            preload: [
              ...new Set(
                startupGroups(compilation, entry)
                  .flatMap(files)
                  .filter((file) => file.endsWith('.js')),
              ),
            ],
            hash: compilation.fullHash,
          };
          compilation.emitAsset('entry-assets.json', new compiler.webpack.sources.RawSource(JSON.stringify(assets, null, 2)));
        },
      );
    });
  }
}

/**
 * The style sheets the browser loads with one exposed module: those of the chunks its container loads for it, which
 * Module Federation names `__federation_expose_<name>` (`Auth/Login` → `__federation_expose_Auth__Login`), and of any
 * chunk those load lazily. The manifest's own `assets.css.async` is wider: for one page of a remote it can list the
 * style sheets of the remote's other pages, which a server-rendered page would then link and wait for.
 * @returns {string[] | undefined} undefined when the build has no such chunk group
 */
function exposeStyleSheets(compilation, exposeName) {
  const group = compilation.namedChunkGroups.get(`__federation_expose_${exposeName.replace(/^\.\//, '').replaceAll('/', '__')}`);
  return group ? styleSheets(group) : undefined;
}

/**
 * Names the server build in the browser build's manifest (architecture §7): Module Federation's own
 * `metaData.ssrRemoteEntry` field, plus `ssrRemoteEntrySha256`, which the API checks before it runs the code. The
 * server build runs first (the browser build depends on it), so its entry is on disk when this runs. A build without
 * federation (the bench's one-bundle shell) gets a manifest with only these fields.
 */
export class ServerEntryInManifestPlugin {
  /** @param {{ manifest: string, name: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { manifest, name } = this.options;
    compiler.hooks.thisCompilation.tap('ServerEntryInManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after Module Federation writes its manifest (same stage, registered earlier) and before compression
        { name: 'ServerEntryInManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const entryFile = path.join(compiler.options.output.path, serverDir, 'remoteEntry.js');
          const sha256 = createHash('sha256').update(readFileSync(entryFile)).digest('hex');
          const existing = compilation.getAsset(manifest);
          const json = existing
            ? JSON.parse(existing.source.source().toString())
            : { id: name, name, metaData: { name, globalName: name, publicPath: 'auto' }, shared: [], remotes: [], exposes: [] };
          json.metaData.ssrRemoteEntry = { name: 'remoteEntry.js', path: serverDir, type: 'commonjs-module' };
          json.metaData.ssrRemoteEntrySha256 = sha256;
          for (const expose of json.exposes) {
            const css = exposeStyleSheets(compilation, expose.name);
            if (css) expose.ssrCss = css;
          }
          const source = new compiler.webpack.sources.RawSource(JSON.stringify(json, null, 2));
          if (existing) compilation.updateAsset(manifest, source);
          else compilation.emitAsset(manifest, source);
        },
      );
    });
  }
}
