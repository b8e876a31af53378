import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { jpeg } from './harness/photos.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Saved searches end to end in Chromium: a tenant saves searches from the
 * search page (with tenancy terms, and from the map with its area); an owner
 * lists a matching home; the tenant's Saved searches page and the header's
 * bell show it arrive live, the email arrives in the mail catcher, and its
 * unsubscribe link works without signing in.
 */
let stack: Stack;
let tenant: Page;
let ownerToken: string;
const TITLE = 'Sunny flat near Kothrud depot';
const tenantUser = newUser('tenant', 'Sara Searcher');
const mail = mailbox();

beforeAll(async () => {
  // The map view needs the basemap built and the gazetteer loaded.
  stack = await startStack({ geo: true });
  ownerToken = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Om Owner'));
  const tenantToken = await registerViaApi(stack.baseUrl, tenantUser);
  const context = await stack.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), tenantToken);
  tenant = await context.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

describe('a saved search with alerts', () => {
  it('keeps the tenancy terms of the search, shows them, and opens with them', async () => {
    await tenant.goto('/properties?city=Pune&furnishing=fully-furnished&petsAllowed=true');
    await islandsHydrated(tenant);
    await tenant.getByRole('button', { name: 'Save this search' }).click();
    await tenant.getByLabel('Name').fill('Furnished with pets');
    await tenant.getByLabel('Alerts').selectOption('off');
    await tenant.getByRole('button', { name: 'Save', exact: true }).click();
    await tenant.getByTestId('search-saved').waitFor();
    await tenant.goto('/saved-searches');
    await islandsHydrated(tenant);
    const row = tenant.getByTestId('saved-search').filter({ hasText: 'Furnished with pets' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Fully furnished · Pets allowed');
    await row.getByRole('link', { name: 'Furnished with pets' }).click();
    await tenant.waitForURL(/\/properties\?/);
    const url = new URL(tenant.url());
    expect(url.searchParams.get('furnishing')).toBe('fully-furnished');
    expect(url.searchParams.get('petsAllowed')).toBe('true');
  });

  it('saved from the map, it keeps the map area and opens on it', async () => {
    await tenant.goto('/properties?city=Pune');
    await islandsHydrated(tenant);
    await tenant.getByRole('button', { name: 'Map' }).click();
    await tenant.locator('[data-testid="listings-map"][data-zoom]').waitFor({ timeout: 30_000 });
    await tenant.getByRole('button', { name: 'Save this search' }).click();
    await tenant.getByTestId('saves-map-area').waitFor();
    await tenant.getByLabel('Name').fill('Pune on the map');
    await tenant.getByLabel('Alerts').selectOption('off');
    await tenant.getByRole('button', { name: 'Save', exact: true }).click();
    await tenant.getByTestId('search-saved').waitFor();

    await tenant.goto('/saved-searches');
    await islandsHydrated(tenant);
    const row = tenant.getByTestId('saved-search').filter({ hasText: 'Pune on the map' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Map area');
    await row.getByRole('link', { name: 'Pune on the map' }).click();
    await tenant.waitForURL(/view=map/);
    const [west, south, east, north] = new URL(tenant.url()).searchParams
      .get('bbox')!
      .split(',')
      .map(Number) as [number, number, number, number];
    // The map view, on the saved area, and the list narrowed to it.
    const map = tenant.locator('[data-testid="listings-map"][data-zoom]');
    await map.waitFor({ timeout: 30_000 });
    await tenant.getByRole('button', { name: 'Show all areas' }).waitFor();
    await expect
      .poll(async () => {
        const [lat, lng] = ((await map.getAttribute('data-center')) ?? '0,0')
          .split(',')
          .map(Number);
        return lat! >= south && lat! <= north && lng! >= west && lng! <= east;
      })
      .toBe(true);
  });

  it('the tenant saves the search on the search page', async () => {
    await tenant.goto('/properties?city=Pune&propertyType=flat');
    await islandsHydrated(tenant);
    await tenant.getByRole('button', { name: 'Save this search' }).click();
    await tenant.getByLabel('Name').fill('Flats in Pune');
    await tenant.getByLabel('Alerts').selectOption('instant');
    await tenant.getByRole('button', { name: 'Save', exact: true }).click();
    await tenant.getByTestId('search-saved').waitFor();
  });

  it('the Saved searches page lists it', async () => {
    await tenant.goto('/saved-searches');
    await islandsHydrated(tenant);
    await tenant.getByTestId('saved-search').filter({ hasText: 'Flats in Pune' }).waitFor();
  });

  it('a matching listing appears on the page live, without a reload', async () => {
    await createListingViaApi(stack.baseUrl, ownerToken, {
      title: TITLE,
      propertyType: 'flat',
      rent: 21000,
      city: 'Pune',
      area: 'Kothrud',
      bedrooms: 2,
      photos: [await jpeg('front.jpg', { r: 120, g: 160, b: 90 })],
    });
    await tenant.getByTestId('alert').filter({ hasText: TITLE }).waitFor();
  });

  it('the header’s bell counts it live, lists it, and marks it read', async () => {
    const count = tenant.getByTestId('bell-count');
    // The read side and the live stream take their time under load: expect.poll's default is 1 s.
    await expect.poll(() => count.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await count.textContent()).toMatch(/^1 unread notification$/);
    await tenant.getByRole('button', { name: 'Notifications' }).click();
    const item = tenant.getByTestId('bell-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain('New match for “Flats in Pune”');
    await tenant.getByRole('button', { name: 'Mark all as read' }).click();
    // Marking read is an event: the count goes once its projection has it and the stream says so.
    await expect.poll(() => count.isVisible(), { timeout: 30_000 }).toBe(false);
  });

  it('the email arrives, and its one-click link unsubscribes without signing in', async () => {
    const email = await mail.next(tenantUser.email);
    expect(email.subject).toBe('1 new property for “Flats in Pune”');
    expect(email.text).toContain(TITLE);
    const link = linkIn(email, `${stack.baseUrl}/api/saved-searches/unsubscribe`);
    const visitor = await (await stack.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await tenant.reload();
    await islandsHydrated(tenant);
    await tenant
      .getByTestId('saved-search')
      .filter({ hasText: 'No alerts' })
      .filter({ hasText: 'Flats in Pune' })
      .waitFor();
  });
});
