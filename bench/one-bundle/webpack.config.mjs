// The shell as one bundle, without Module Federation, for `npm run bench` (federated vs one-bundle, issue #7). It is
// the shell's own configuration with three changes, so the two builds differ only in federation: the browser build
// drops the federation plugin, the shell's loader (shell/src/remotes/remotes.ts) is swapped for its static twin
// beside this file, and both builds go to the folder named by GOTA_ONE_BUNDLE, never to the real dist.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack from 'webpack';
import { remoteFolders } from '../../api/scripts/front-end-apps.mjs';
import shellConfig from '../../shell/webpack.config.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

/** Every module the remotes expose, from their own configs: federation id ('mf_stories/Blog') → file from the repo root. */
const exposedFiles = Object.fromEntries(
  (
    await Promise.all(
      remoteFolders.map(async (folder) => {
        const { exposes } = /** @type {{ exposes: Record<string, string> }} */ (
          await import(`../../${folder}/webpack.config.mjs`)
        );
        return Object.entries(exposes).map(([name, file]) => [
          `${folder.replace('-', '_')}/${name.slice(2)}`,
          `./${path.posix.join(folder, file)}`,
        ]);
      }),
    )
  ).flat(),
);

// remotes-static.ts asks for a lazy context of the repo root ('../..' from bench/one-bundle): its request before
// resolving, the root's path after; its modules are exactly the exposed files.
const repoContext = new RegExp(`^(\\.\\./\\.\\.|${repo.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')})$`);
const exposedModules = new webpack.ContextReplacementPlugin(repoContext, repo, exposedFiles);
// keys are absolute module paths without extension: webpack matches the shell's relative imports against them
const alias = { [path.join(repo, 'shell/src/remotes/remotes')]: path.join(import.meta.dirname, 'remotes-static.ts') };

/**
 * @param {Record<string, unknown>} env
 * @param {{ mode?: string }} argv
 */
export default function oneBundleConfig(env, argv) {
  const target = process.env.GOTA_ONE_BUNDLE;
  if (!target) throw new Error('GOTA_ONE_BUNDLE debe nombrar la carpeta de salida de la compilación de un solo paquete');
  const outputPath = path.resolve(target);
  const shellDist = path.join(repo, 'shell/dist');
  /** @type {import('webpack').Configuration[]} */
  const configs = shellConfig(env, argv);
  return configs.map((config) => ({
    ...config,
    // the server build writes to dist/server: keep that place inside the new folder
    output: { ...config.output, path: path.join(outputPath, path.relative(shellDist, config.output?.path ?? shellDist)) },
    // on top of the factory's own aliases (axios's builds, decision 037), so both sites carry the same axios
    resolve: { ...config.resolve, alias: { ...config.resolve?.alias, ...alias } },
    // the server build keeps its federation container: the API loads the shell's renderer through it
    plugins: [
      ...(config.name === 'browser'
        ? (config.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin))
        : (config.plugins ?? [])),
      exposedModules,
    ],
  }));
}
