import { defineConfig } from 'vitest/config';

const apiInclude = ['src/server/**/*.test.ts'];
// Tests that start the real server process; they run once, on the embedded database.
const integrationInclude = ['src/server/**/*.integration.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiInclude,
          exclude: integrationInclude,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'integration', include: integrationInclude, testTimeout: 120_000 } },
      // The same API suite against a real PostgreSQL server when one is given (CI does).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiInclude,
                exclude: integrationInclude,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
