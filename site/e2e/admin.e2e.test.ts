import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TOKEN_KEY } from '../src/lib/api.ts';
import { createListingViaApi, registerViaApi, waitForPublicCount } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, signInThroughUi } from './harness/users.ts';

/**
 * Issue 38's admin console, end to end in Chromium: an admin signs in and
 * lands on /admin with the counts, finds 'Verify listings' in the menu,
 * verifies two listings at once, sees one Verified on its page and revokes it
 * there, and reads the history in words (the console's recent decisions and
 * the review screen), at 1280 px and 390 px.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
const ids: string[] = [];
const owner = newUser('homeowner', 'Vikram Owner');
const TITLES = [
  'Airy 2BHK near Gangapur Road',
  'Quiet 1BHK in College Road',
  'PG rooms by Panchavati',
];

const fresh = async (mobile = false) => {
  await context?.close();
  context = await stack.newContext({ mobile });
  page = await context.newPage();
};

const signInAsAdmin = async () => {
  await page.goto('/');
  const token = await stack.adminToken();
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
};

/** The page is as wide as the window: nothing scrolls sideways. */
const fitsWidth = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  stack = await startStack();
  const ownerToken = await registerViaApi(stack.baseUrl, owner);
  for (const [i, title] of TITLES.entries())
    ids.push(
      await createListingViaApi(stack.baseUrl, ownerToken, {
        title,
        propertyType: i === 2 ? 'PG' : 'flat',
        rent: 14000 + i * 1000,
        city: 'Nashik',
        area: 'Gangapur',
        bedrooms: i + 1,
      }),
    );
  await waitForPublicCount(stack.baseUrl, 'city=Nashik', TITLES.length);
  const tenantToken = await registerViaApi(stack.baseUrl, newUser('tenant', 'Ravi Tenant'));
  const res = await fetch(`${stack.baseUrl}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenantToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId: ids[0], reason: 'Wrong price or details' }),
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

describe('admin console', () => {
  it('an admin signs in and lands on /admin with the counts', async () => {
    await fresh();
    const admin = await stack.adminAccount();
    await signInThroughUi(page, admin);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin console' }).waitFor();
    const count = (label: string) =>
      page.locator('.admin-count', { hasText: label }).locator('strong');
    await expect.poll(() => count('Reported listings').textContent()).toBe('1');
    expect(await page.getByText('1 open report', { exact: true }).count()).toBe(1);
    expect(await count('Hidden, awaiting a decision').textContent()).toBe('0');
    expect(await count('Awaiting verification').textContent()).toBe('3');
    await page.getByText('No decisions yet.').waitFor();
    expect(await page.locator('a.logo').getAttribute('href')).toBe('/admin');
    await checkScreen(page, 'admin-console-desktop');
  });

  it("the menu has the admin's pages, not a tenant's", async () => {
    await page.locator('#user-button').click();
    const menu = page.locator('#user-menu-list');
    for (const name of ['Admin console', 'Review reports', 'Verify listings', 'Profile'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    for (const name of ['Dashboard', 'Favourites', 'Saved searches', 'My Properties'])
      expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(false);
    await menu.getByRole('link', { name: 'Verify listings' }).click();
    await page.waitForURL('**/admin/verify');
  });

  it('verifies two listings at once from the Verify listings page', async () => {
    await islandsHydrated(page);
    await page.getByLabel('City').fill('nashik');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('3 listings awaiting verification in Nashik').waitFor();
    await checkScreen(page, 'admin-verify-desktop');
    await page.getByLabel(`Select “${TITLES[0]}”`).check();
    await page.getByLabel(`Select “${TITLES[1]}”`).check();
    await page.getByRole('button', { name: 'Verify selected (2)' }).click();
    await page.getByText('2 listings verified.').waitFor();
    await page.getByText('1 listing awaiting verification in Nashik').waitFor();
    expect(await page.locator('.verify-row').allTextContents()).toEqual([
      expect.stringContaining(TITLES[2]!),
    ]);
  });

  it('the listing shows Verified on its page, and the admin unverifies it there', async () => {
    await page.goto(`/properties/${ids[0]}`);
    await islandsHydrated(page);
    const status = page
      .getByRole('definition')
      .filter({ has: page.getByRole('button', { name: 'Unverify' }) });
    await status.getByText('Verified', { exact: true }).waitFor();
    await checkScreen(page, 'admin-detail-desktop');
    await status.getByRole('button', { name: 'Unverify' }).click();
    await page.getByRole('button', { name: 'Verify', exact: true }).waitFor();
    await page.reload();
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Verify', exact: true }).waitFor();
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(1);
  });

  it('the console and the review screen tell the history in words', async () => {
    await page.goto('/admin');
    await islandsHydrated(page);
    const decisions = page.locator('.decision-list li');
    await expect.poll(() => decisions.count()).toBe(3);
    // Newest first; the bulk action verified the two in the order they were selected.
    const lines = (await decisions.allTextContents()).map((l) => l.replace(/, [^,]+$/, ''));
    expect(lines).toEqual([
      `${TITLES[0]}: No longer verified — Asha Admin`,
      `${TITLES[1]}: Verified by an admin — Asha Admin`,
      `${TITLES[0]}: Verified by an admin — Asha Admin`,
    ]);
    await page.locator('#user-button').click();
    await page.locator('#user-menu-list').getByRole('link', { name: 'Review reports' }).click();
    await page.waitForURL('**/admin/reports');
    await islandsHydrated(page);
    const entry = page.getByRole('region', { name: TITLES[0] });
    await entry.getByRole('button', { name: 'Review' }).click();
    const history = entry.getByRole('list', { name: 'Listing history' });
    await history.getByText(/Reported as ‘Wrong price or details’/).waitFor();
    const text = await history.textContent();
    expect(text).toContain('Listed by its owner');
    expect(text).toContain('Verified by an admin');
    expect(text).toContain('No longer verified');
    expect(text).not.toMatch(/Listing[A-Z]/);
    // The review screen has no list of its own of 'possible brokers' (the old one flagged every homeowner);
    // that list is its own page now, from the admin console (issue 41).
    expect(await page.locator('main').getByText('Possible brokers').count()).toBe(0);
  });

  it('is clear at 390 px: the menu, the console and the verify list fit the phone', async () => {
    await fresh(true);
    await signInAsAdmin();
    await page.goto('/admin');
    await islandsHydrated(page);
    await page.locator('.admin-count').first().waitFor();
    expect(await fitsWidth()).toBe(true);
    await checkScreen(page, 'admin-console-phone');
    await page.locator('#menu-toggle').click();
    await page.locator('#user-button').click();
    await page.locator('#user-menu-list').getByRole('link', { name: 'Verify listings' }).waitFor();
    await checkScreen(page, 'admin-menu-phone');
    await page.locator('#user-menu-list').getByRole('link', { name: 'Verify listings' }).click();
    await page.waitForURL('**/admin/verify');
    await islandsHydrated(page);
    await page.locator('.verify-row').first().waitFor();
    expect(await fitsWidth()).toBe(true);
    await checkScreen(page, 'admin-verify-phone');
  });
});
