import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TOKEN_KEY } from '../src/lib/api.ts';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { scene } from './harness/photos.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Issue 41's recycled photos, end to end in Chromium: a broker lists another owner's photo
 * mirrored; the admin console counts the pair, the review shows both listings side by side with
 * what matched in words, at 1280 px and 390 px, and 'Not a duplicate' removes it for good.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let adminToken: string;

const fresh = async (mobile = false) => {
  await context?.close();
  context = await stack.newContext({ mobile });
  page = await context.newPage();
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [TOKEN_KEY, adminToken],
  );
};

const pendingPairs = async () => {
  const res = await fetch(`${stack.baseUrl}/api/admin/duplicates`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return ((await res.json()) as { total: number }).total;
};

/** The page is as wide as the window: nothing scrolls sideways. */
const fitsWidth = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  stack = await startStack();
  adminToken = await stack.adminToken();
  const owner = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Lata Owner'));
  const broker = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Sunil Copier'));
  await createListingViaApi(stack.baseUrl, owner, {
    title: 'Sunlit 2BHK in Aundh',
    rent: 26000,
    area: 'Aundh',
    photos: [await scene('living-room.jpg', 41)],
  });
  await createListingViaApi(stack.baseUrl, broker, {
    title: 'Owner-free flat in Kothrud',
    rent: 15000,
    area: 'Kothrud',
    photos: [await scene('flat.jpg', 41, true)],
  });
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

describe('possible duplicates', () => {
  it('the pair is found once the photos are processed', async () => {
    // Photos are processed after the upload is answered, then the duplicates projection finds the pair.
    await expect.poll(pendingPairs, { timeout: 30_000, interval: 250 }).toBe(1);
  });

  it('the console counts the pair and leads to it', async () => {
    await fresh();
    await page.goto('/admin');
    await islandsHydrated(page);
    const count = page.locator('.admin-count', { hasText: 'Possible duplicates' });
    await expect.poll(() => count.locator('strong').textContent()).toBe('1');
    await count.click();
    await page.waitForURL('**/admin/duplicates');
  });

  it('shows the pair side by side: photos, titles, owners, cities, what matched', async () => {
    await page.getByRole('heading', { name: 'Possible duplicates' }).waitFor();
    const pair = page.getByRole('listitem', { name: 'A possible duplicate' });
    await pair.getByText('Identical photo, mirrored').waitFor();
    for (const text of [
      'Sunlit 2BHK in Aundh',
      'Owner-free flat in Kothrud',
      'Lata Owner',
      'Sunil Copier',
    ])
      expect(await pair.getByText(text).count(), text).toBe(1);
    expect(await pair.getByRole('img', { name: 'The matching photo' }).count()).toBe(2);
    const [left, right] = await pair.locator('.duplicate-side').all();
    const [a, b] = [await left!.boundingBox(), await right!.boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(a!.x).toBeLessThan(b!.x);
    await checkScreen(page, 'duplicates-desktop');
  });

  it('is clear at 390 px: the two listings one above the other, nothing wider than the screen', async () => {
    await fresh(true);
    await page.goto('/admin/duplicates');
    await islandsHydrated(page);
    const pair = page.getByRole('listitem', { name: 'A possible duplicate' });
    await pair.getByText('Identical photo, mirrored').waitFor();
    const [left, right] = await pair.locator('.duplicate-side').all();
    expect((await left!.boundingBox())!.y).toBeLessThan((await right!.boundingBox())!.y);
    expect(await fitsWidth()).toBe(true);
    await checkScreen(page, 'duplicates-phone');
  });

  it("'Not a duplicate' removes the pair for good", async () => {
    await page.getByRole('button', { name: 'Not a duplicate' }).click();
    await page.getByText('Marked not a duplicate. This pair will not be shown again.').waitFor();
    await page.getByText('Nothing to review.').waitFor();
    await page.reload();
    await islandsHydrated(page);
    await page.getByText('Nothing to review.').waitFor();
    expect(await pendingPairs()).toBe(0);
  });
});
