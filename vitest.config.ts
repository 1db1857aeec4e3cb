import { defineConfig } from 'vitest/config';

// One vitest run for every workspace: front-end tests (*.test.tsx) get a DOM, the API's run in Node.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          include: ['{shared,shell,mf-*}/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
          // above testing-library's wait (vitest.setup.ts), so a slow `findBy…` fails as itself, not as a timeout
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/{src,scripts}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // The database tests again on PostgreSQL (architecture §4: tests run on both) when TEST_DATABASE_URL names one,
      // e.g. postgres://gota:gota@127.0.0.1:5432/gota_test. One file at a time: each file empties the shared tables.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['api/src/{db,security,mail,observability,render,features,routes/panel}/**/*.test.ts'],
                environment: 'node',
                env: { GOTA_TEST_DB: 'postgres' },
                fileParallelism: false,
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
