import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

// Vitest runs under Bun (`bun --bun vitest`); the forks pool does not work there.
// Two files at a time even on a 2-core machine (see ALONE); each project sets it, as projects do not inherit the root's.
const shared = { pool: 'threads' as const, maxWorkers: Math.max(2, availableParallelism() - 1) };

/**
 * Unit and most integration files run two at a time even on a 2-core machine: an integration
 * file spends much of its time waiting on Postgres, Meilisearch or a child process. These files
 * run alone, after them: fault drills and process supervisors that kill, restart or scan
 * processes and ports, or assert how soon the product recovers.
 */
const ALONE = [
  'infra/src/{drill,dev,cluster,scaleOut,proxy,ops,services}/**/*.int.test.ts',
  'api/src/shared/databaseOutage.int.test.ts',
  'projections/src/runner/{outage,heartbeat,swapLock}.int.test.ts',
];
const INT = ['{core,api,projections,infra,site}/**/*.int.test.ts'];
/** Against real servers on a shared 2-core machine, expect.poll's 1 s default flakes. */
const intTest = {
  ...shared,
  globalSetup: ['infra/testing/src/globalSetup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 15_000 } },
};

/**
 * Bun reads `import css from '….css' with { type: 'text' }` as the file's
 * text; Vite would load it as a stylesheet (empty under Vitest). The public
 * pages import the site's stylesheet (core's shared UI) that way
 * (projections/src/publicSite/assets.ts).
 */
const SITE_CSS = fileURLToPath(new URL('core/src/ui/global.css', import.meta.url));
const SITE_CSS_TEXT = '\0site-global-css-as-text';
const cssAsText: Plugin = {
  name: 'css-as-text',
  enforce: 'pre',
  resolveId: (source) => (source === '@rentals/core/ui/global.css' ? SITE_CSS_TEXT : undefined),
  load: (id) =>
    id === SITE_CSS_TEXT
      ? `export default ${JSON.stringify(readFileSync(SITE_CSS, 'utf8'))};`
      : undefined,
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [cssAsText],
        test: {
          ...shared,
          name: 'unit',
          include: ['{core,api,projections,infra,site}/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        plugins: [cssAsText],
        test: {
          ...intTest,
          name: 'int',
          include: INT,
          exclude: ['**/node_modules/**', ...ALONE],
        },
      },
      {
        plugins: [cssAsText],
        test: { ...intTest, name: 'int-alone', include: ALONE, fileParallelism: false },
      },
      {
        plugins: [cssAsText],
        test: {
          ...shared,
          name: 'e2e',
          include: ['{core,api,projections,infra,site}/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          // The same servers for every file; each file's product gets its own database.
          globalSetup: ['infra/testing/src/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A page load and a fetch under CI's load can take more than expect.poll's 1 s default.
          expect: { poll: { timeout: 15_000 } },
          // One file at a time, after the rest: a stack each, and the geocoder's places index is shared.
          fileParallelism: false,
        },
      },
    ],
  },
});
