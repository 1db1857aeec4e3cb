// Flat config. Besides the TypeScript rules it fixes the import direction of architecture §1:
// shared ← mf-* ← shell; the API imports only @gota/shared/contracts and /routes; no mf-* imports another mf-*.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mf-home', 'mf-stories', 'mf-allies', 'mf-auth', 'mf-campaign'];
const pkg = (folder) => `@gota/${folder}`;

const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// The browser loads the router's code once, through `@gota/shared/router`: it names what the site uses, so the shared
// chunk carries only that much of react-router (decision 021). Tests and the shell's server code may use the rest.
const routerOnce = {
  group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
  message: "Importa el enrutador de '@gota/shared/router' (decisión 021).",
};
const testsAndServer = ['**/*.test.{ts,tsx}', '**/test-utils.tsx', 'src/server/**'];

const sharedBoundary = [
  { group: ['@gota/shell', '@gota/shell/*', '@gota/api', '@gota/api/*', ...remotes.map(pkg)], message: 'shared no depende de ninguna app.' },
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
      { group: ['@gota/shell', '@gota/shell/*', '**/shell/**', '@gota/api', '@gota/api/*', '**/api/**'], message: 'Un remoto no importa el shell ni la API.' },
    ],
  ]),
  [
    'shell',
    [
      { group: ['@gota/api', '@gota/api/*', '**/api/**'], message: 'El shell no importa la API.' },
      { group: [...remotes.flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])], message: 'El shell carga los remotos por federación, nunca por ruta.' },
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
  // each front-end folder's import boundary, with the router rule on top of it except in tests and server code
  ...frontEnd.flatMap(([folder, patterns]) => [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: boundary([routerOnce, ...patterns]) },
    { files: testsAndServer.map((glob) => `${folder}/${glob}`), rules: boundary(patterns) },
  ]),
  { files: ['shared/src/router/**'], rules: boundary(sharedBoundary) },
  {
    files: ['api/**/*.{ts,tsx,mjs}'],
    rules: boundary([
      {
        group: ['@gota/shared/*', '!@gota/shared/contracts', '!@gota/shared/routes', '!@gota/shared/schemas'],
        message: 'La API solo importa @gota/shared/contracts, @gota/shared/schemas y @gota/shared/routes.',
      },
      {
        group: ['@gota/shell', '@gota/shell/*', '**/shell/**', ...remotes.flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])],
        message: 'La API no importa el front-end: carga el código de servidor del shell y de los remotos por federación, en tiempo de ejecución.',
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
