import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

// Vitest runs under Bun (`bun --bun vitest`); the forks pool does not work there.
const shared = { pool: 'threads' as const };

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
          ...shared,
          name: 'int',
          include: ['{core,api,projections,infra,site}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['infra/testing/src/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Against real servers on a shared 2-core machine, expect.poll's 1 s default flakes.
          expect: { poll: { timeout: 15_000 } },
        },
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
          fileParallelism: false,
        },
      },
    ],
  },
});
