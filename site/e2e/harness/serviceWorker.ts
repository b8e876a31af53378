import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Opens `path` and waits until the app's service worker is active and controls the page.
 * clients.claim() skips a document still being loaded when the worker activates (the
 * service worker spec's "execution ready" rule), so that one page can stay uncontrolled;
 * the next load is controlled, as a person's next visit would be. Returns the worker's state.
 */
export const controlledPage = async (page: Page, path = '/'): Promise<string | undefined> => {
  await page.goto(path);
  const state = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.state,
  );
  await expect
    .poll(async () => {
      if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return true;
      await page.reload();
      return false;
    })
    .toBe(true);
  return state;
};
