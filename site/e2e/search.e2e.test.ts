import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { VisitorCard } from '@rentals/core/ui/VisitorCard.tsx';
import { visitorListingOf } from '../src/lib/visitorListing.ts';
import type { PublicProperty } from '../src/lib/types.ts';
import { createListingViaApi, registerViaApi, waitForPublicCount } from './harness/api.ts';
import { jpeg } from './harness/photos.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';
import { translatorFor } from '@rentals/core/i18n/catalogues';

let stack: Stack;
let context: BrowserContext;
let page: Page;
let flatId: string;

beforeAll(async () => {
  stack = await startStack();
  const owner = newUser('homeowner', 'Ravi Deshpande');
  const token = await registerViaApi(stack.baseUrl, owner);
  const photo = await jpeg('front.jpg', { r: 90, g: 160, b: 90 });
  flatId = await createListingViaApi(stack.baseUrl, token, {
    title: 'Quiet 2BHK flat in Kothrud',
    rent: 22000,
    area: 'Kothrud',
    coordinates: { latitude: 18.5074, longitude: 73.8077 },
    photos: [photo, await jpeg('hall.jpg', { r: 160, g: 90, b: 90 })],
  });
  // An admin's check is what earns '✓ Verified' (cards and detail agree).
  const verified = await fetch(`${stack.baseUrl}/api/properties/${flatId}/verify`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${await stack.adminToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ isVerified: true }),
  });
  if (!verified.ok) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  await createListingViaApi(stack.baseUrl, token, {
    title: 'Family house with garden',
    propertyType: 'house',
    rent: 45000,
    area: 'Aundh',
    bedrooms: 3,
  });
  await createListingViaApi(stack.baseUrl, token, {
    title: 'PG for working women',
    propertyType: 'PG',
    rent: 9000,
    city: 'Mumbai',
    area: 'Andheri',
    bedrooms: 1,
    photos: [photo],
  });
  await waitForPublicCount(stack.baseUrl, 'city=Pune', 2);
  await waitForPublicCount(stack.baseUrl, 'city=Mumbai', 1);
  for (let i = 1; i <= 13; i++)
    await createListingViaApi(stack.baseUrl, token, {
      title: `Chennai flat number ${i}`,
      rent: 10000 + i * 500,
      city: 'Chennai',
      area: 'Adyar',
      bedrooms: 1,
    });
  await waitForPublicCount(stack.baseUrl, 'city=Chennai', 13);
  await waitForPublicCount(stack.baseUrl, '', 16);
  // The search index applies its settings in the background; wait until it is done.
  await stack.waitForSearchIdle();
});
afterAll(async () => {
  await stack?.stop();
});

/** Waits for /browse to show its count, failing with the page's own error text if the list call failed. */
const browseCount = async (page: Page, text: string) => {
  await page.locator('#browse-count:not(:empty), #browse-error:not([hidden])').first().waitFor();
  const error = page.locator('#browse-error:not([hidden])');
  if (await error.count()) throw new Error(`/browse failed to load: ${await error.textContent()}`);
  const shown = await page.locator('#browse-count').textContent();
  if (shown !== text) throw new Error(`/browse shows "${shown}", expected "${text}"`);
};

/** The same for /properties, whose list errors show in an alert. */
const propertiesCount = async (page: Page, text: string) => {
  await page.locator('.list-toolbar p:not(:empty), main .alert-error').first().waitFor();
  const error = page.locator('main .alert-error');
  if (await error.count())
    throw new Error(`/properties failed to load: ${await error.textContent()}`);
  await page.getByText(text).waitFor();
};

describe('a visitor browses the restricted view', () => {
  it('sees cards without rent and is sent to login from one', async () => {
    context = await stack.newContext();
    page = await context.newPage();
    await page.goto('/browse?city=Pune');
    await browseCount(page, '2 properties found');
    await page.getByText('Login to See Details').first().waitFor();
    const cards = page.getByTestId('public-card');
    expect(await cards.count()).toBe(2);
    const grid = await page.locator('#browse-grid').textContent();
    expect(grid).not.toContain('₹');
    expect(grid).not.toContain('Kothrud, Pune');
    expect(grid).toContain('Ravi Deshpande');
    expect(await cards.first().getAttribute('title')).toBe('Click to login and see details');
    await checkScreen(page, 'browse-visitor');
    await cards.first().click();
    await page.waitForURL('**/login?redirect=**');
  });

  it("renders /browse's cards without React, node for node as the islands' VisitorCard", async () => {
    await page.goto('/browse?city=Pune');
    await browseCount(page, '2 properties found');
    const res = await fetch(`${stack.baseUrl}/api/properties/public?city=Pune&page=1&limit=12`);
    const { properties } = (await res.json()) as { properties: PublicProperty[] };
    const expected = properties.map((p) =>
      renderToStaticMarkup(
        createElement(VisitorCard, { listing: visitorListingOf(p), t: translatorFor('en').t }),
      ),
    );
    const differences = await page.evaluate((markup) => {
      const cards = [...document.querySelectorAll('#browse-grid > *')];
      return markup.flatMap((html, i) => {
        const template = document.createElement('template');
        template.innerHTML = html;
        const want = template.content.firstElementChild;
        const card = cards[i];
        return want && card?.isEqualNode(want)
          ? []
          : [{ card: i, shown: card?.outerHTML, react: want?.outerHTML }];
      });
    }, expected);
    expect(expected).toHaveLength(2);
    expect(await page.getByTestId('public-card').count()).toBe(2);
    expect(differences).toEqual([]);
  });

  it('pages /browse with numbered buttons and previous/next', async () => {
    await page.goto('/browse');
    await browseCount(page, '16 properties found');
    expect(await page.getByTestId('public-card').count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL('**/browse?page=2');
    await page.locator('#browse-pager [aria-current="page"]', { hasText: '2' }).waitFor();
    expect(await page.getByTestId('public-card').count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.waitForURL((url) => url.pathname === '/browse' && !url.searchParams.has('page'));
    await page.locator('#browse-pager [aria-current="page"]', { hasText: '1' }).waitFor();
  });

  it('opens the map view on /browse only when asked', async () => {
    await page.goto('/browse?city=Pune');
    await page.getByText('2 properties found').waitFor();
    await page.getByRole('button', { name: /Map/ }).click();
    expect(await page.locator('#browse-grid').isVisible()).toBe(false);
    await page.locator('#browse-map > *').first().waitFor();
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await page.getByRole('button', { name: /Grid/ }).click();
    await page.locator('#browse-grid').waitFor();
  });

  it('filters /browse through the URL and the back button', async () => {
    await page.goto('/browse');
    await page.getByText('16 properties found').waitFor();
    await page.getByLabel('City').fill('Mumbai');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText('1 property found').waitFor();
    expect(new URL(page.url()).search).toBe('?city=Mumbai');
    await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
    await page.goBack();
    await page.getByText('16 properties found').waitFor();
    await page.goto('/browse?city=Nowhere');
    await page.getByRole('heading', { name: 'No Properties Found' }).waitFor();
    await page.getByText('Try adjusting your search criteria').waitFor();
  });

  it('gets Property Not Found, not the login page, at a /browse address that never existed', async () => {
    const missing = await page.goto('/browse/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Property Not Found' }).waitFor();
    await page.getByText("The property you're looking for doesn't exist.").waitFor();
    expect(new URL(page.url()).pathname).toBe('/browse/00000000-0000-4000-8000-000000000000');
  });

  it('is sent to login from a detail address and sees the public featured list at home', async () => {
    await page.goto(`/properties/${flatId}`);
    await page.waitForURL(`**/login?redirect=${encodeURIComponent(`/properties/${flatId}`)}`);
    await page.goto('/');
    await page.getByTestId('public-card').first().waitFor();
    expect(await page.locator('.property-grid').textContent()).not.toContain('₹');
  });
});

describe('a tenant searches with filters and opens a listing', () => {
  it('searches from the home form with advanced filters', async () => {
    await context.close();
    context = await stack.newContext();
    page = await context.newPage();
    await registerThroughUi(page, newUser('tenant', 'Anjali Iyer'));
    await page.goto('/');
    await page.getByTestId('property-card').first().waitFor();
    await islandsHydrated(page);
    const form = page.getByRole('search', { name: 'Search properties' });
    await form.getByLabel('City').fill('Pune');
    expect(await form.getByLabel('Property Type').isVisible()).toBe(false);
    await form.getByRole('button', { name: 'Advanced Filters' }).click();
    await form.getByLabel('Property Type').selectOption('flat');
    await form.getByLabel('Max Rent (₹)').fill('30000');
    await form.getByLabel('Bedrooms').selectOption('2');
    await form.getByRole('button', { name: 'Clear Filters' }).waitFor();
    await checkScreen(page, 'home-tenant');
    await form.getByRole('button', { name: 'Search Properties' }).click();
    await page.waitForURL('**/properties?city=Pune&propertyType=flat&maxRent=30000&bedrooms=2');
    await propertiesCount(page, '1 property found');
    const card = page.getByTestId('property-card');
    expect(await card.count()).toBe(1);
    const text = await card.textContent();
    expect(text).toContain('₹22,000/month');
    expect(text).toContain('Kothrud, Pune');
    expect(text).toContain('2 Beds');
    expect(text).toContain('✓ Verified');
    expect(text).toContain('WiFi');
    expect(await card.locator('.carousel-counter').textContent()).toBe('1 / 2');
    // Photos come in the media pipeline's widths, over its tiny placeholder; the first card's at
    // once and first (the page's largest paint), the others lazily (not seen here: one result).
    const img = card.locator('.carousel img');
    expect(await img.getAttribute('loading')).toBe('eager');
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('srcset')).toMatch(/ \d+w/);
    expect(await img.evaluate((el) => (el as HTMLElement).style.backgroundImage)).toContain('url(');
    await card.getByRole('button', { name: 'Next photo' }).click();
    expect(await card.locator('.carousel-counter').textContent()).toBe('2 / 2');
    await checkScreen(page, 'properties-tenant');
  });

  it('opens the detail page from a card and comes back', async () => {
    await page.getByRole('link', { name: 'Quiet 2BHK flat in Kothrud' }).click();
    await page.waitForURL(`**/properties/${flatId}`);
    await page.getByRole('heading', { name: 'Quiet 2BHK flat in Kothrud' }).waitFor();
    expect(await page.getByTestId('gallery-counter').textContent()).toBe('1 / 2');
    await page.getByRole('button', { name: 'Next photo' }).click();
    expect(await page.getByTestId('gallery-counter').textContent()).toBe('2 / 2');
    await page.getByRole('button', { name: 'Show photo 1' }).click();
    expect(await page.getByTestId('gallery-counter').textContent()).toBe('1 / 2');
    await page.getByRole('button', { name: 'Open full-screen photo viewer' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('viewer-counter').textContent()).toBe('2 / 2');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: /Send Email/ }).count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain('₹22,000');
    await page.goBack();
    await page.getByText('1 property found').waitFor();
  });

  it('appends the next page of results', async () => {
    await page.goto('/properties?city=Chennai');
    await propertiesCount(page, '13 properties found');
    expect(await page.getByTestId('property-card').count()).toBe(12);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => page.getByTestId('property-card').count()).toBe(13);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
  });

  it('marks only a verified listing ✓ Verified: a new one is Pending on its card and detail alike', async () => {
    await page.goto('/properties?city=Pune&propertyType=house');
    await propertiesCount(page, '1 property found');
    const card = page.getByTestId('property-card');
    expect(await card.textContent()).not.toContain('Verified');
    await card.getByRole('link', { name: 'Family house with garden' }).click();
    await page.getByRole('heading', { name: 'Family house with garden' }).waitFor();
    await page.getByText('Pending', { exact: true }).waitFor();
    await page.goBack();
  });

  it('shows the application error fallback when a code chunk fails to load', async () => {
    await page.route(/\/_astro\/ListingsMap[^/]*\.js$/, (route) => route.abort());
    await page.goto('/properties?city=Pune');
    await propertiesCount(page, '2 properties found');
    await page.getByRole('button', { name: /Map/ }).click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('Loading chunk failed').waitFor();
    await page.unroute(/\/_astro\/ListingsMap[^/]*\.js$/);
  });

  it('shows the empty state and the not-found detail page', async () => {
    await page.goto('/properties?city=Atlantis');
    await page.getByRole('heading', { name: 'No Properties Found' }).waitFor();
    await page.goto('/properties/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Property Not Found' }).waitFor();
    await page.getByText("The property you're looking for doesn't exist.").waitFor();
    await checkScreen(page, 'property-not-found');
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await checkScreen(page, 'not-found-404');
  });
});
