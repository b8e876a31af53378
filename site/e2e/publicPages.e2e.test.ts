import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { waitForPage } from '@rentals/testing/product';
import { ownerWithListings, registerViaApi } from './harness/api.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { checkScreen } from './harness/screens.ts';
import { newUser } from './harness/users.ts';

/**
 * The pre-rendered public pages (city pages, /browse/{id}) carry one small
 * island, under their own strict CSP: a signed-in user sees their menu there
 * and cards with the app's signed-in content that lead to the full detail; a
 * visitor gets the pages as rendered. They wear the app's header (a phone
 * menu) and footer, and fit a 390 px phone.
 */
let stack: Stack;
let listingId: string;
let ownerToken: string;
const owner = newUser('homeowner', 'Meera Kulkarni');
const TITLE = 'Sunny two-bedroom flat near the river';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startStack();
  const listed = await ownerWithListings(stack, owner, [
    { title: TITLE, rent: 26000, area: 'Viman Nagar' },
    // Five more 2 BHK flats: enough for the city's median rents table (MIN_TREND_SAMPLE).
    ...[1, 2, 3, 4, 5].map((i) => ({
      title: `Two-bedroom flat number ${i} in Kharadi`,
      rent: 24000 + i * 1000,
      area: 'Kharadi',
    })),
  ]);
  ownerToken = listed.token;
  listingId = listed.ids[0]!;
  // The projections process's regenerator publishes the city page and the listing's own page.
  await waitForPage(
    `${stack.baseUrl}/browse/cities/pune`,
    (body) => body.includes(TITLE) && body.includes('city-rent-trends'),
  );
  await waitForPage(`${stack.baseUrl}/browse/${listingId}`, (body) => body.includes(TITLE));
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.stop();
});

/** A page under the served CSP (the island must run under it), collecting script errors. */
const openPage = async (token?: string): Promise<{ page: Page; errors: string[] }> => {
  const context = await stack.newContext({ enforceCsp: true });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  if (token) {
    await page.goto('/browse/cities');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  return { page, errors };
};

const header = (page: Page) => page.locator('header.site-header');
const cardLink = (page: Page) =>
  page.locator('.visitor-card', { hasText: TITLE }).getByRole('link', { name: TITLE });

describe('the pre-rendered public pages', () => {
  it('a visitor sees Login and Register, the login banner, and cards that lead to /login', async () => {
    const { page, errors } = await openPage();
    await page.goto('/browse/cities/pune');
    // The island is a deferred module: by the load event it has run and found no session.
    expect(await header(page).getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await header(page).getByRole('link', { name: 'Register' }).isVisible()).toBe(true);
    expect(await page.locator('#user-button').isVisible()).toBe(false);
    expect(await page.getByText('Login to See Details').isVisible()).toBe(true);
    expect(await cardLink(page).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/properties/${listingId}`)}`,
    );
    expect(await page.locator('.visitor-card').first().getAttribute('title')).toBe(
      'Click to login and see details',
    );

    await page.goto(`/browse/${listingId}`);
    // The header's, the login banner's and the footer's.
    expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(3);
    expect(await page.getByRole('link', { name: 'See Full Details' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a signed-in user sees their menu on a city page, and a card leads to the full detail', async () => {
    const { page, errors } = await openPage(ownerToken);
    await page.goto('/browse/cities/pune');
    await page.locator('#user-name', { hasText: owner.name }).waitFor();
    expect(await header(page).getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(
      false,
    );
    expect(await header(page).getByRole('link', { name: 'Register' }).isVisible()).toBe(false);
    expect(await header(page).getByRole('link', { name: 'List Property' }).isVisible()).toBe(true);
    expect(
      await header(page).getByRole('link', { name: 'Browse Properties' }).getAttribute('href'),
    ).toBe('/properties');
    expect(await page.getByText('Login to See Details').isVisible()).toBe(false);
    await page.locator('#user-button').click();
    for (const item of ['Dashboard', 'My Properties', 'Favourites', 'Profile', 'Messages'])
      expect(
        await page.locator('#user-menu-list').getByRole('link', { name: item }).isVisible(),
      ).toBe(true);
    await page.keyboard.press('Escape');

    await expect.poll(() => cardLink(page).getAttribute('href')).toBe(`/properties/${listingId}`);
    expect(await page.locator('.visitor-card').first().getAttribute('title')).toBeNull();
    await cardLink(page).click();
    await page.waitForURL((url) => url.pathname === `/properties/${listingId}`);
    // The full detail: rent and the owner's contact, which the public pages never show.
    await page.getByText('₹26,000').first().waitFor();
    expect(errors).toEqual([]);
  });

  it("/browse's cards lead a signed-in user to the full detail too", async () => {
    const { page } = await openPage(ownerToken);
    await page.goto('/browse?city=Pune');
    await page.locator('#user-name', { hasText: owner.name }).waitFor();
    await expect.poll(() => cardLink(page).getAttribute('href')).toBe(`/properties/${listingId}`);
    expect(await page.getByText('Login to See Details').isVisible()).toBe(false);
  });
  it('on a phone: one header row with the menu behind its button, the footer, nothing wider than the screen', async () => {
    // Without the enforced CSP only so that axe (checkScreen) can be injected.
    const context = await stack.newContext({ mobile: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/browse/cities/pune');
    await page.getByTestId('city-rent-trends').waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(true);
    expect(await header(page).getByRole('link', { name: 'Browse Properties' }).isVisible()).toBe(
      false,
    );
    expect((await header(page).boundingBox())!.height).toBeLessThan(80);
    await menu.click();
    await header(page).getByRole('link', { name: 'Register' }).waitFor();
    expect(await header(page).getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(
      true,
    );
    const footer = page.locator('footer.site-footer');
    expect(await footer.getByRole('heading', { name: 'Quick Links' }).isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Browse by City' }).isVisible()).toBe(true);
    // The median table scrolls inside its own box if it must; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const table = (await page.locator('.trend-table').boundingBox())!;
    const box = (await page.getByTestId('city-rent-trends').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(table.x).toBeGreaterThanOrEqual(box.x);
    await checkScreen(page, 'city-page-phone-menu-open');
  });

  it("a signed-in user's city page cards show the rent, locality and beds the app shows", async () => {
    const { page, errors } = await openPage(ownerToken);
    await page.goto('/browse/cities/pune');
    await page.locator('#user-name', { hasText: owner.name }).waitFor();
    const card = page.locator('.visitor-card', { hasText: TITLE });
    await expect.poll(() => card.getAttribute('data-signed-in')).toBe('true');
    const text = await card.textContent();
    expect(text).toContain('₹26,000/month');
    expect(text).toContain('Viman Nagar, Pune');
    expect(text).toContain('2 Beds');
    expect(text).not.toMatch(/\bviews?\b/);
    const footer = page.locator('footer.site-footer');
    expect(await footer.getByRole('link', { name: 'Register' }).isVisible()).toBe(false);
    expect(await footer.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a listing's page counts its rooms as a person writes them: '2 Bedrooms', '1 Bathroom'", async () => {
    const { page, errors } = await openPage();
    await page.goto(`/browse/${listingId}`);
    // The flat has 2 bedrooms and 1 bathroom (harness/api.ts).
    expect(await page.locator('.tile').allTextContents()).toEqual(['2Bedrooms', '1Bathroom']);
    expect(errors).toEqual([]);
  });

  it("in Hindi, the listing's page reads in Hindi, leads to the Hindi detail, and signing out says so in Hindi", async () => {
    const reader = await registerViaApi(stack.baseUrl, newUser('tenant', 'Ritu Sharma'));
    const { page, errors } = await openPage(reader);
    await page.goto(`/hi/browse/${listingId}`);
    expect(await page.locator('h1').textContent()).toBe(TITLE);
    await page.getByRole('heading', { name: 'किरायेदारी की शर्तें' }).waitFor();
    const full = page.getByRole('link', { name: 'पूरी जानकारी देखें' });
    await full.waitFor();
    expect(await full.getAttribute('href')).toBe(`/hi/properties/${listingId}`);
    expect(errors).toEqual([]);
    await page.locator('#user-button').click();
    await page.locator('#logout-button').click();
    await page.waitForURL((url) => /^\/hi\/?$/.test(url.pathname));
    await page.locator('#toaster').getByText('लॉग आउट हो गया').waitFor();
  });

  it("a signed-in user's listing page leads to the full detail, and Logout works there", async () => {
    const { page, errors } = await openPage(ownerToken);
    await page.goto(`/browse/${listingId}`);
    const full = page.getByRole('link', { name: 'See Full Details' });
    await full.waitFor();
    expect(await full.getAttribute('href')).toBe(`/properties/${listingId}`);
    expect(await page.getByText('Login to See Details').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    // Last: this ends the session the other tests share.
    await page.locator('#user-button').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
