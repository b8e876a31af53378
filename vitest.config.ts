import { defineConfig } from 'vitest/config';

// Vitest runs under Bun (`bun --bun vitest`); the forks pool does not work there.
const shared = { pool: 'threads' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['{core,api,projections,infra,site}/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          ...shared,
          name: 'int',
          include: ['{core,api,projections,infra,site}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['infra/testing/src/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['{core,api,projections,infra,site}/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          // The same servers for every file; each file's product gets its own database.
          globalSetup: ['infra/testing/src/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
