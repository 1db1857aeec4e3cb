// Flat config. Besides the TypeScript rules it fixes the import direction of ARCHITECTURE §1:
// shared ← mf-* ← shell; the API imports only @gota/shared/contracts and /routes; no mf-* imports another mf-*.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mf-home', 'mf-stories', 'mf-allies', 'mf-auth', 'mf-campaign'];
const pkg = (folder) => `@gota/${folder}`;

const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: boundary([
      { group: ['@gota/shell', '@gota/shell/*', '@gota/api', '@gota/api/*', ...remotes.map(pkg)], message: 'shared no depende de ninguna app.' },
      { group: ['**/shell/**', '**/api/**', ...remotes.map((r) => `**/${r}/**`)], message: 'shared no depende de ninguna app.' },
    ]),
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: boundary([
      {
        group: [...remotes.filter((r) => r !== remote).flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])],
        message: 'Un remoto no importa otro remoto: el dueño expone el widget y se carga por federación.',
      },
      { group: ['@gota/shell', '@gota/shell/*', '**/shell/**', '@gota/api', '@gota/api/*', '**/api/**'], message: 'Un remoto no importa el shell ni la API.' },
    ]),
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: boundary([
      { group: ['@gota/api', '@gota/api/*', '**/api/**'], message: 'El shell no importa la API.' },
      { group: [...remotes.flatMap((r) => [pkg(r), `${pkg(r)}/*`, `**/${r}/**`])], message: 'El shell carga los remotos por federación, nunca por ruta.' },
    ]),
  },
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
