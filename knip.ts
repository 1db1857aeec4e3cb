// knip (`npm run lint:dead`, part of `npm test`): files nobody imports, exports nobody uses, dependencies a workspace
// uses without declaring them or declares without using them. Its plugins read the entry points of webpack, vitest,
// Playwright, ESLint and the package scripts; what they cannot see is listed here, each with the reason.
import type { KnipConfig } from 'knip';
import { remoteFolders } from './api/scripts/front-end-apps.mjs';

/** A remote's exposed modules are its entry points: the site loads them by federation, never by import. */
async function exposedFiles(remote: string): Promise<string[]> {
  const config = (await import(`./${remote}/webpack.config.mjs`)) as { exposes: Record<string, string> };
  return Object.values(config.exposes);
}

/**
 * Each front-end app's browser build puts these in the federation share scope (`sharedSingletons` of the shared webpack
 * factory), resolved from the app's own folder, whether or not its code imports them other than through `@gota/shared`.
 */
const providedSingletons = ['zustand', 'axios'];

const config = async (): Promise<KnipConfig> => ({
  // system programs the scripts run (the CI machine's PostgreSQL, the image encoder, the package manager, and `ss`, which
  // the e2e asks who holds a port it needs)
  ignoreBinaries: ['su', 'psql', 'cwebp', 'apt-get', 'ss'],
  rules: {
    // a federated module's component is its default export (what the loader reads) and also a named export (what its
    // tests and the page harness import): the pair is deliberate
    duplicates: 'off',
  },
  workspaces: {
    '.': {
      entry: [
        // the bench's command-line tools (bench/README.md), run by hand
        'bench/*.mjs',
        // the shell's one-bundle build (its webpack config, given to webpack-cli by path, and the twin it swaps in)
        'bench/one-bundle/webpack.config.mjs',
        'bench/one-bundle/*.ts',
        // servers the bench starts by path
        'bench/lib/bare-server.mjs',
        'bench/lib/floor-server.mjs',
      ],
    },
    shared: {
      // `@gota/shared`'s subpaths are entry files: an export no workspace imports from them is dead all the same
      includeEntryExports: true,
    },
    shell: {
      // the API loads the shell's renderer by federation (`serverExposes` of its webpack config)
      entry: ['src/server/render-page.tsx', 'src/remotes/resilience-plugin.ts', 'src/remotes/cross-origin-plugin.ts'],
      ignoreDependencies: providedSingletons,
    },
    ...Object.fromEntries(
      await Promise.all(
        remoteFolders.map(async (remote) => [
          remote,
          {
            // the site loads the exposed modules; the page harness's src/index.ts is webpack's default entry, which
            // knip's webpack plugin adds by itself
            entry: await exposedFiles(remote),
            ignoreDependencies: providedSingletons,
          },
        ]),
      ),
    ),
    api: {
      entry: [
        // maintenance scripts run by hand or from the root package's scripts (docs/development.md "Commands")
        'scripts/*.{mjs,ts}',
        // a program a test runs in a child process, by path
        'src/testing/fixtures/*.ts',
        // the pre-flight's trial render, run in a child process by path (src/features/releases/trial-runner.ts)
        'src/features/releases/trial-render.ts',
        // the renderer children's program, bundled and started by path (the pool's and the preview's, decision 057)
        'src/render/renderer-child.ts',
      ],
      // the types of two JavaScript modules (smtp-sink.mjs, front-end-apps.mjs): TypeScript reads each beside its module,
      // no import names it
      ignore: ['scripts/*.d.mts', 'src/testing/*.d.mts'],
      // provided to the shell's and the remotes' server code by the federation host (src/render/federation-host.ts),
      // which requires them by a name held in a variable
      ignoreDependencies: ['react-router-dom', 'zustand'],
    },
    e2e: {
      entry: [
        // run by hand (its header)
        'scripts/*.mjs',
      ],
    },
  },
});

export default config;
