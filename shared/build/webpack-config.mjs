// The one webpack configuration of the front-end apps (ARCHITECTURE §2). Each app's webpack.config.mjs calls
// `federatedConfig` with its name and what it exposes, so sharing rules, output naming and caching stay identical.
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const require = createRequire(import.meta.url);
const sharedPkg = require('../package.json');

/**
 * Singletons shared by every app. `react/` and `react-dom/` keep the trailing slash so that `react/jsx-runtime` and
 * `react-dom/client` are shared too (without it React 19 throws #527). `@gota/shared/` carries the one store.
 */
export function sharedSingletons() {
  const reactRange = '^19.3.0';
  return {
    react: { singleton: true, requiredVersion: reactRange },
    'react/': { singleton: true, requiredVersion: reactRange },
    'react-dom': { singleton: true, requiredVersion: reactRange },
    'react-dom/': { singleton: true, requiredVersion: reactRange },
    'react-router-dom': { singleton: true, requiredVersion: '^7.18.0' },
    zustand: { singleton: true, requiredVersion: '^5.1.0' },
    'zustand/': { singleton: true, requiredVersion: '^5.1.0' },
    '@gota/shared/': { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version },
  };
}

/** Writes `entry-assets.json` (the entry's js and css files), which the API reads to write the HTML document. */
class EntryAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = compilation.entrypoints.get('main')?.getFiles() ?? [];
          const assets = {
            js: files.filter((file) => file.endsWith('.js') && !file.endsWith('.hot-update.js')),
            css: files.filter((file) => file.endsWith('.css')),
            hash: compilation.fullHash,
          };
          compilation.emitAsset(
            'entry-assets.json',
            new compiler.webpack.sources.RawSource(JSON.stringify(assets, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * The bench's one-bundle mode: the two federation loaders (the shell's page loader and mf-home's widget loader) are
 * replaced by static-import twins kept in `bench/one-bundle/`, outside the lint boundary that forbids the shell to import
 * remotes by path, and the build goes to the folder named by the variable. Unset, nothing changes.
 * @param {string | undefined} value the GOTA_ONE_BUNDLE variable: the output folder
 */
function oneBundleOptions(value) {
  if (!value) return undefined;
  const repo = path.resolve(import.meta.dirname, '../..');
  const twins = path.join(repo, 'bench/one-bundle');
  return {
    outputPath: path.resolve(value),
    // keys are the absolute module paths without extension: webpack matches relative imports against them
    alias: {
      [path.join(repo, 'shell/src/remotes/remotes')]: path.join(twins, 'remotes-static.ts'),
      [path.join(repo, 'mf-home/src/features/widgets/load-widget')]: path.join(twins, 'load-widget-static.ts'),
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the app folder (import.meta.dirname of its config)
 * @param {string} options.name federation name: `shell` or `mf_<section>`
 * @param {Record<string, string>} [options.exposes] for a remote: `./Blog` → module
 * @param {number} options.port standalone development port
 * @param {boolean} [options.host] true for the shell
 * @param {string[]} [options.runtimePlugins]
 * @param {string} [options.outputPath] override of `<dir>/dist` (used to build a second release beside the first)
 */
export function federatedConfig({ dir, name, exposes = {}, port, host = false, runtimePlugins = [], outputPath }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // GOTA_ONE_BUNDLE=<dir> builds the shell as one bundle, without federation, for `npm run bench` (issue #7)
    const oneBundle = host ? oneBundleOptions(process.env.GOTA_ONE_BUNDLE) : undefined;
    const serving = Boolean(process.env.WEBPACK_SERVE);
    const cssLoader = (modules) => [
      MiniCssExtractPlugin.loader,
      {
        loader: require.resolve('css-loader'),
        options: modules
          ? {
              modules: {
                namedExport: false,
                exportLocalsConvention: 'as-is',
                localIdentName: production ? `${name}-[hash:base64:6]` : `${name}-[name]__[local]`,
              },
            }
          : {},
      },
    ];
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      // no eval-based source maps: the site's CSP forbids eval in development too. Production maps are written for
      // error reports but not referenced from the bundles, and the API does not serve them (issue #12 row 19)
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      target: 'web',
      output: {
        path: oneBundle?.outputPath ?? outputPath ?? path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // deploys are additive: old hashed files stay for open tabs, so a release never deletes what the previous served
        clean: false,
        crossOriginLoading: 'anonymous',
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: oneBundle?.alias ?? {} },
      module: {
        rules: [
          {
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
          },
          { test: /\.module\.css$/, use: cssLoader(true) },
          { test: /\.css$/, exclude: /\.module\.css$/, use: cssLoader(false) },
          { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
        ],
      },
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      plugins: [
        ...(oneBundle ? [] : [new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
        })]),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        ...(host ? [new EntryAssetsPlugin()] : []),
        ...(serving && !host ? [new HtmlWebpackPlugin({ template: path.join(dir, 'src/dev.html'), chunks: ['main'] })] : []),
        ...(production
          ? [
              new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|css|json|svg)$/, threshold: 1024 }),
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
    };
  };
}
