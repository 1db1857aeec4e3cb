// Flat config. Besides the TypeScript rules it fixes the import direction of architecture §1:
// shared ← mf-* ← shell; the API imports only @gota/shared/contracts and /routes; no mf-* imports another mf-*.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
// the remotes' folders, from the root package.json's workspaces (the one list)
import { remoteFolders as remotes } from './api/scripts/front-end-apps.mjs';

const pkg = (folder) => `@gota/${folder}`;

// The API by feature (decision 070): api/src/features/<feature>/ shows the rest of the code its index.ts only; its
// schema.ts (its tables) is read by db/schema.ts, which gathers every table for drizzle-kit, and by another feature's
// schema.ts for a foreign key. A feature's own files, tests included, import each other freely.
const apiDir = path.join(import.meta.dirname, 'api');
const features = readdirSync(path.join(apiDir, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.flatMap((feature) => {
  const others = `${apiDir}/src/features/!(${feature})`;
  const from = path.join(apiDir, 'src/features', feature);
  return [
    {
      target: [
        `${apiDir}/src/*`,
        `${apiDir}/src/!(features)/**/!(schema.ts)`,
        `${apiDir}/scripts/**`,
        `${others}/**/!(schema.ts)`,
      ],
      from,
      except: ['./index.ts'],
      message: `Fuera de la funcionalidad «${feature}» se importa solo su index.ts (decisión 070).`,
    },
    {
      target: [`${apiDir}/src/db/schema.ts`, `${others}/schema.ts`],
      from,
      except: ['./schema.ts'],
      message: `Un schema.ts lee de «${feature}» solo sus tablas, en su schema.ts (decisión 070).`,
    },
  ];
});

const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// The browser loads the router's code once, through `@gota/shared/router`: it names what the site uses, so the shared
// chunk carries only that much of react-router (decision 021). Tests, their helpers and the shell's server code may use
// the rest.
const routerOnce = {
  group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
  message: "Importa el enrutador de '@gota/shared/router' (decisión 021).",
};
// One http client with one set of rules (decision 037): axios is imported by `@gota/shared/http`, which makes the site's
// instance and passes on the helpers the apps use, and by the fake adapter the tests share.
const httpOnce = {
  group: ['axios', 'axios/*'],
  message: "Las peticiones van por `http` de '@gota/shared/http' (decisión 037).",
};
const frontEndFiles = ['shared/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', ...remotes.map((r) => `${r}/src/**/*.{ts,tsx}`)];
const testsAndServer = ['**/*.test.{ts,tsx}', '**/test-utils.tsx', 'src/testing/**', 'src/server/**'];

const sharedBoundary = [
  {
    group: ['@gota/shell', '@gota/shell/*', '@gota/api', '@gota/api/*', ...remotes.map(pkg)],
    message: 'shared no depende de ninguna app.',
  },
  { group: ['**/shell/**', '**/api/**', ...remotes.map((r) => `**/${r}/**`)], message: 'shared no depende de ninguna app.' },
];
/** @type {[string, object[]][]} */
const frontEnd = [
  ['shared', sharedBoundary],
  ...remotes.map((remote) => [
    remote,
    [
      {
        group: [...remotes.filter((r) => r !== remote).flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])],
        message: 'Un remoto no importa otro remoto: el dueño expone el widget y se carga por federación.',
      },
      {
        group: ['@gota/shell', '@gota/shell/*', '**/shell/**', '@gota/api', '@gota/api/*', '**/api/**'],
        message: 'Un remoto no importa el shell ni la API.',
      },
    ],
  ]),
  [
    'shell',
    [
      { group: ['@gota/api', '@gota/api/*', '**/api/**'], message: 'El shell no importa la API.' },
      {
        group: [...remotes.flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])],
        message: 'El shell carga los remotos por federación, nunca por ruta.',
      },
    ],
  ],
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/.tmp/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Type-aware checks on the TypeScript files: a promise nobody awaits or catches, or one handed where a function that
  // returns nothing is expected (an event handler), loses its failure
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/drizzle.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // React's `act` returns a thenable that only an asynchronous callback needs awaited
          allowForKnownSafeCalls: ['act'],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // React's rules of hooks (with the compiler-based checks of the recommended set) and the static accessibility checks
  // of JSX, on the front-end code
  {
    files: frontEndFiles,
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: frontEndFiles,
    rules: {
      // a missing dependency is a stale value, not a style matter
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: frontEndFiles,
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // a table whose rows become cards on narrow screens (display: block) names its table roles: some browsers drop
      // the implicit ones with the table display (the panel's inbox)
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] },
      ],
    },
  },
  // no import cycle anywhere: a cycle makes the evaluation order (and so what a module sees at start-up) depend on which
  // file is imported first
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.mts'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['api/**/*.{ts,mjs}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  // each front-end folder's import boundary, with the router rule on top of it except in tests and server code, and the
  // axios rule everywhere but the http client's folder and the shared test helpers
  ...frontEnd.flatMap(([folder, patterns]) => [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: boundary([routerOnce, httpOnce, ...patterns]) },
    { files: testsAndServer.map((glob) => `${folder}/${glob}`), rules: boundary([httpOnce, ...patterns]) },
  ]),
  { files: ['shared/src/router/**'], rules: boundary([httpOnce, ...sharedBoundary]) },
  { files: ['shared/src/http/**'], rules: boundary([routerOnce, ...sharedBoundary]) },
  { files: ['shared/src/http/**/*.test.ts', 'shared/src/testing/**'], rules: boundary(sharedBoundary) },
  {
    files: ['api/**/*.{ts,tsx,mjs}'],
    rules: boundary([
      {
        group: ['@gota/shared/*', '!@gota/shared/contracts', '!@gota/shared/routes', '!@gota/shared/schemas'],
        message: 'La API solo importa @gota/shared/contracts, @gota/shared/schemas y @gota/shared/routes.',
      },
      {
        group: ['@gota/shell', '@gota/shell/*', '**/shell/**', ...remotes.flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])],
        message:
          'La API no importa el front-end: carga el código de servidor del shell y de los remotos por federación, en tiempo de ejecución.',
      },
    ]),
  },
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Importa test y expect de '../support/fixtures': falla ante errores de consola y de hidratación.",
            },
          ],
        },
      ],
    },
  },
);
