// The one webpack configuration of the front-end apps (architecture §2). Each app's webpack.config.mjs calls
// `federatedConfig` with its name and what it exposes, so sharing rules, output naming and caching stay identical.
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import { EntryAssetsPlugin, ServerEntryInManifestPlugin, serverDir } from './build-plugins.mjs';

const require = createRequire(import.meta.url);
/** The ES module of the runtime plugin that puts the shell's federation runtime core on a global for the remotes. */
const externalRuntimeProvider = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);
const sharedPkg = require('../package.json');
const sharedDir = path.dirname(require.resolve('../package.json'));

/**
 * The subpath each app bundles for itself instead of sharing. `/contracts` is constants, labels and pure functions for
 * every page and the panel alike: nothing in it needs one copy per page, and a shared module is never tree-shaken (a
 * remote may ask for any export), so sharing it put every panel label and API path into the shell's start-up chunk that
 * each visitor downloads (decision 058, 2026-11-29: about 3 KB of the home page's scripts). Bundled, each app keeps
 * only the exports its own code uses.
 */
const unshared = 'contracts';
/**
 * The federation plugin warns about every module a remote provides through a prefix share that has a request filter
 * (here `exclude: { request: unshared }`, below): a caution that the filter might split a singleton. It splits none:
 * the filter names only `unshared`, which no app shares.
 */
const unsharedWarning = { message: new RegExp(`"exclude\\.request: "${unshared}""`) };

/**
 * The subpaths of `@gota/shared` that run in the apps (its package exports, less build and development tools), each
 * with its file.
 */
function sharedSubpaths() {
  const buildOnly = new Set(['./webpack', './tokens.css', './dev-harness', './testing']);
  return (
    Object.entries(sharedPkg.exports)
      // a pattern (the CSS recipes) is composed by style sheets, never imported by code
      .filter(([key]) => !buildOnly.has(key) && key !== `./${unshared}` && !key.includes('*'))
      .map(([key, file]) => ({ request: `@gota/shared${key.slice(1)}`, file: path.join(sharedDir, file) }))
  );
}

/**
 * Singletons shared by every app. `react/` and `react-dom/` keep the trailing slash so that `react/jsx-runtime` and
 * `react-dom/client` are shared too (without it React 19 throws #527). `@gota/shared` carries the one store: the shell
 * names every subpath but `unshared` (above) by its file, so that it provides all of them, those only remotes import
 * included (a remote loaded later uses the shell's copy), and a remote shares whatever subpath it imports. axios, which
 * `@gota/shared/http` wraps, is one copy on the page the same way: the shell provides it (decision 037).
 *
 * On the server (architecture §7) nothing a host provides is bundled (`import: false`): the API provides React, the
 * router and zustand, and the shell's server build provides `@gota/shared` and axios, so a missing one fails loudly
 * instead of loading a second copy.
 *
 * In the browser the router is not shared by its package name: apps import `@gota/shared/router`, which names the
 * exports the site uses, and that shared module carries only them (decision 021: the whole package is twice as big).
 * @param {{ host?: boolean, server?: boolean }} [options]
 */
function sharedSingletons({ host = false, server = false } = {}) {
  const reactRange = '^19.3.0';
  const fromHost = server ? { import: false } : {};
  const own = { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version };
  // the shell's server build bundles it with `@gota/shared/http`, which its renderer imports (no request is made there)
  const axios = { singleton: true, requiredVersion: sharedPkg.dependencies.axios, ...(server && !host ? { import: false } : {}) };
  const gota = host
    ? // by file, not by package name: webpack provides a module named by a package request only if the host's own
      // code imports it, and a subpath only the remotes use (the popup) would then be missing on the server
      Object.fromEntries(sharedSubpaths().map(({ request, file }) => [request, { ...own, import: file }]))
    : { '@gota/shared/': { ...own, ...fromHost, exclude: { request: unshared } } };
  // A prefix share ('zustand/': every module under the package) names its package: the manifest plugin reads the
  // version of a share from the package its name resolves to, and resolving 'zustand/' made Node warn (DEP0155, a
  // trailing-slash pattern in zustand's exports) while 'react/' failed silently and left the version out.
  return {
    react: { singleton: true, requiredVersion: reactRange, ...fromHost },
    'react/': { singleton: true, requiredVersion: reactRange, packageName: 'react', ...fromHost },
    'react-dom': { singleton: true, requiredVersion: reactRange, ...fromHost },
    'react-dom/': { singleton: true, requiredVersion: reactRange, packageName: 'react-dom', ...fromHost },
    ...(server ? { 'react-router-dom': { singleton: true, requiredVersion: '^7.18.0', import: false } } : {}),
    zustand: { singleton: true, requiredVersion: '^5.1.0', ...fromHost },
    'zustand/': { singleton: true, requiredVersion: '^5.1.0', packageName: 'zustand', ...fromHost },
    axios,
    ...gota,
  };
}

/**
 * The small shared modules every page needs before it hydrates (React's entry and JSX runtime, zustand, the shell's
 * share of `@gota/shared`), in one chunk of the shell's instead of nine: each file on the wire costs its headers and
 * wrapper (≈ 0.9 KB), more than several of these modules weigh. React DOM's client and the router stay files of their
 * own (large, parsed in parallel); the code of the dialogs and forms, loaded on first use, stays out.
 */
const startupGroup = {
  name: 'shell-startup',
  chunks: 'async',
  enforce: true,
  test: (/** @type {import('webpack').Module} */ module) =>
    /node_modules[\\/](react[\\/](index|jsx-runtime)\.js|react[\\/]cjs[\\/]react(-jsx-runtime)?\.production\.js|react-dom[\\/]index\.js|react-dom[\\/]cjs[\\/]react-dom\.production\.js|zustand[\\/]|axios[\\/])|shared[\\/]src[\\/](contracts|routes|store|federation|http)[\\/]/.test(
      sourceOf(module),
    ),
};

/**
 * Where a module comes from, for the test above: its file, or for an import the build ignores (axios's fetch adapter,
 * `resolve.alias` below), which has none, the folder it was imported from. Otherwise that empty module would stay
 * behind alone, a file of its own loaded on every page.
 * @param {import('webpack').Module} module
 */
function sourceOf(module) {
  const file = module.nameForCondition?.();
  if (file) return file;
  const id = module.identifier();
  return id.startsWith('ignored|') ? id : '';
}

/** Options of css-loader shared by both builds, so that a class is named the same in the browser and on the server. */
function cssModules(name, production) {
  return {
    namedExport: false,
    exportLocalsConvention: 'as-is',
    localIdentName: production ? `${name}-[hash:base64:6]` : `${name}-[name]__[local]`,
    localIdentHashSalt: 'gota',
  };
}

function scriptRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: { react: { runtime: 'automatic', development: !production } },
        },
      },
    },
  };
}

/**
 * The server build of an app (architecture §7): CommonJS chunks for Node that the API loads at run time through the
 * Module Federation runtime, never by path. Chunks are fetched over HTTP by the node runtime plugin bundled in it; the
 * CSS Modules give only their class names, the same as in the browser build.
 */
function serverConfig({ dir, name, exposes, host, production }) {
  return {
    name: 'server',
    context: dir,
    entry: {},
    devtool: false,
    target: 'async-node',
    output: {
      path: path.join(dir, 'dist', serverDir),
      publicPath: 'auto',
      uniqueName: `${name}_server`,
      filename: '[name].js',
      chunkFilename: '[id]-[contenthash].js',
      library: { type: 'commonjs-module' },
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // axios's browser build, as on the page: the server imports the http client but never sends a request through it,
      // and Node's build would bring its http adapter, proxy agents and form-data encoder into the bundle for nothing
      alias: { axios$: require.resolve('axios/dist/browser/axios.cjs') },
    },
    module: {
      rules: [
        scriptRule(production),
        {
          test: /\.module\.css$/,
          use: [
            {
              loader: require.resolve('css-loader'),
              options: { modules: { ...cssModules(name, production), exportOnlyLocals: true } },
            },
          ],
        },
        // global style sheets only matter in the browser
        {
          test: /\.css$/,
          exclude: /\.module\.css$/,
          use: [{ loader: require.resolve('css-loader'), options: { modules: { exportOnlyLocals: true, mode: 'global' } } }],
        },
      ],
    },
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name },
        remoteType: 'script',
        exposes,
        remotes: {},
        shared: sharedSingletons({ host, server: true }),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        dts: false,
        manifest: false,
      }),
    ],
    stats: 'errors-warnings',
  };
}

/**
 * The console of a browser build's infrastructure messages (plugins' notices): Node's, without the manifest plugin's
 * notice that publicPath 'auto' makes the runtime take each file's address from the manifest's. That is what 'auto'
 * is for here: a release works from whatever address serves it (docs/operations/releases.md "Upload"), so the notice, printed
 * once per app on every build, said nothing to act on (issue #35). Every other message still shows.
 */
const buildConsole = {
  error: console.error,
  warn: (/** @type {unknown[]} */ ...args) => {
    if (!args.some((arg) => typeof arg === 'string' && arg.includes("reason: publicPath='auto'"))) console.warn(...args);
  },
  info: console.info,
  log: console.log,
  debug: console.debug,
  trace: console.trace,
  group: console.group,
  groupCollapsed: console.groupCollapsed,
  groupEnd: console.groupEnd,
};

/**
 * @param {object} options
 * @param {string} options.dir the app folder (import.meta.dirname of its config)
 * @param {string} options.name federation name: `shell` or `mf_<section>`
 * @param {Record<string, string>} [options.exposes] for a remote: `./Blog` → module
 * @param {Record<string, string>} [options.serverExposes] what only the server build exposes (the shell's renderer)
 * @param {number} options.port standalone development port
 * @param {boolean} [options.host] true for the shell
 * @param {string[]} [options.runtimePlugins] browser runtime plugins
 * @returns a webpack multi-configuration: the server build, then the browser build (whose manifest names the server
 *   entry and its sha256). Under webpack-dev-server (a remote's page harness) only the browser build.
 */
export function federatedConfig({ dir, name, exposes = {}, serverExposes = {}, port, host = false, runtimePlugins = [] }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const serving = Boolean(process.env.WEBPACK_SERVE);
    const cssLoader = (modules) => [
      MiniCssExtractPlugin.loader,
      { loader: require.resolve('css-loader'), options: modules ? { modules: cssModules(name, production) } : {} },
    ];
    const server = serverConfig({ dir, name, exposes: { ...exposes, ...serverExposes }, host, production });
    const browser = {
      name: 'browser',
      dependencies: serving ? [] : ['server'],
      context: dir,
      // a remote's production build has no entry of its own: the site loads only what it exposes, so its page harness
      // (src/index.ts → dev-harness.tsx, served by `webpack serve`) is neither built nor shared with every visitor
      entry: host || serving ? { main: './src/index.ts' } : {},
      // no eval-based source maps: the site's CSP forbids eval in development too. Production maps are written for
      // error reports but not referenced from the bundles, and the API does not serve them (issue #12 row 19)
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // deploys are additive: old hashed files stay for open tabs, so a release never deletes what the previous served
        clean: false,
        crossOriginLoading: 'anonymous',
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // `target: 'web'` picks axios's browser build, whose `browser` field swaps Node's http adapter for an empty
        // module; its fetch adapter is left out too (an empty module): the site's instance asks for the XHR adapter, the
        // one that reports upload progress, so the fetch adapter and the stream helpers only it uses never run
        // (decision 037)
        alias: { [require.resolve('axios/unsafe/adapters/fetch.js')]: false },
      },
      module: {
        rules: [
          scriptRule(production),
          { test: /\.module\.css$/, use: cssLoader(true) },
          { test: /\.css$/, exclude: /\.module\.css$/, use: cssLoader(false) },
          { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // the shell links all of its style sheets in every document (the chrome and the dialogs it may open): one file
        // instead of six is five fewer render-blocking requests before the first paint
        ...(host && production
          ? {
              splitChunks: {
                cacheGroups: {
                  styles: { type: 'css/mini-extract', name: 'shell-styles', chunks: 'all', enforce: true },
                  startup: startupGroup,
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      infrastructureLogging: { console: buildConsole },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons({ host }),
          shareStrategy: 'loaded-first',
          // the shell provides it (in development too, so a development shell can load a deployed remote) with the
          // plugin `provideExternalRuntime` would add, but as its ES module: the option
          // resolves the plugin's CommonJS build, which brings a second copy of the runtime core into the shell
          runtimePlugins: host ? [...runtimePlugins, externalRuntimeProvider] : runtimePlugins,
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
          // one copy of the federation runtime per page (decision 017): the shell's production build puts its runtime
          // core on a global and the remotes' production builds use it instead of carrying their own; a remote's page
          // harness (webpack serve) keeps its own, since no shell is there to provide it
          // and the browser builds leave out the runtime's Node code paths (`target: 'web'`)
          experiments: {
            optimization: { target: 'web' },
            ...(production && !serving && !host ? { externalRuntime: true } : {}),
          },
        }),
        // after the manifest is written and before it is compressed
        ...(serving ? [] : [new ServerEntryInManifestPlugin({ manifest: 'mf-manifest.json', name })]),
        new MiniCssExtractPlugin({
          // CSS Modules: no two modules style one class, and a class that composes a shared recipe changes it only
          // through the custom properties the recipe reads (shared/src/ui/recipes.test.ts), so the order of the
          // modules inside one style chunk decides nothing and the plugin need not warn about it
          ignoreOrder: true,
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        ...(host ? [new EntryAssetsPlugin()] : []),
        ...(serving && !host ? [new HtmlWebpackPlugin({ template: path.join(dir, 'src/dev.html'), chunks: ['main'] })] : []),
        ...(production
          ? [
              // V8's explicit compile hint (decision 031): a file that starts with this comment is compiled whole on a
              // background thread while it downloads, instead of function by function on the main thread as each is
              // first called. Every browser file here runs as soon as it loads (start-up, a page's module, a dialog
              // opened), so the phone's main thread only runs the code. Added after minification, which would drop
              // the comment, and before the source maps and the compressed copies, which then include it.
              new webpack.BannerPlugin({
                banner: '//# allFunctionsCalledOnLoad',
                raw: true,
                test: /\.js$/,
                stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
              }),
              new CompressionPlugin({
                filename: '[path][base].gz',
                algorithm: 'gzip',
                test: /\.(js|css|json|svg)$/,
                threshold: 1024,
              }),
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: /\.(js|css|json|svg)$/,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
              }),
            ]
          : []),
      ],
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: false },
      },
      stats: 'errors-warnings',
      ignoreWarnings: [unsharedWarning],
    };
    return serving ? browser : [server, browser];
  };
}
