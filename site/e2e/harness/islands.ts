import type { Page } from 'playwright-core';

/** Astro drops the `ssr` attribute from an island once React has hydrated it. */
export const islandsHydrated = (page: Page): Promise<void> =>
  page
    .waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0)
    .then(() => undefined);
