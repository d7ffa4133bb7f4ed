import { defineConfig } from 'vitest/config';

const sourceConditions = ['source', 'node', 'development|production'];
const apiInclude = ['src/server/**/*.test.ts'];
// Tests that start the real server process; they run once, on the embedded database.
const integrationInclude = ['src/server/**/*.integration.test.ts'];
// Tests that start several server processes on one PostgreSQL database (TEST_DATABASE_URL).
const pgIntegrationInclude = ['src/server/**/*.pg-integration.test.ts'];
// Tests of the build itself (`npm start` on it): run after `npm run build`, with TEST_BUILT=1.
const builtInclude = ['src/server/**/*.built.test.ts'];

export default defineConfig({
  // `source`: package.json's #domain and #contract aliases resolve to the TypeScript sources
  // (the built server resolves them to dist/ without it; docs/decisions/028-path-aliases.md).
  // Every project extends this root configuration. Global set-up files run in Vitest's own
  // `__vitest__` environment, which needs the conditions too: without them the set-up resolved
  // to dist/, passed where a build was lying around and failed on a clean clone.
  environments: { __vitest__: { resolve: { conditions: sourceConditions } } },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    // Vitest's default is one worker fewer than the cores: one, on CI's 2-core machine, which
    // ran the whole suite a file at a time while most files wait on PostgreSQL and on the
    // servers they start. Three keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      // The API suite, on real PostgreSQL: TEST_DATABASE_URL's server when given (CI gives
      // one), otherwise an embedded cluster the global set-up starts.
      {
        extends: true as const,
        test: {
          name: 'api',
          include: apiInclude,
          exclude: [...integrationInclude, ...pgIntegrationInclude, ...builtInclude],
          globalSetup: ['src/server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The PostgreSQL server both integration projects use (TEST_DATABASE_URL's, or a cluster
      // of their own): no case is skipped on a machine without PostgreSQL.
      {
        extends: true as const,
        test: {
          name: 'integration',
          include: integrationInclude,
          globalSetup: ['src/server/test-support/postgres-server.ts'],
          testTimeout: 120_000,
          // Their hooks start and stop server processes and clusters: past 10 s on a loaded
          // CI machine.
          hookTimeout: 120_000,
        },
      },
      // Several server processes on one PostgreSQL server.
      {
        extends: true as const,
        test: {
          name: 'integration-postgres',
          include: pgIntegrationInclude,
          globalSetup: ['src/server/test-support/postgres-server.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_BUILT
        ? [
            {
              extends: true as const,
              test: {
                name: 'built',
                include: builtInclude,
                testTimeout: 180_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
