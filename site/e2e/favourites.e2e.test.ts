import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ownerWithListings } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

/**
 * Issue 14's favourites, contact links and real dashboards, as a tenant and
 * an owner use them: a heart on the list shows on the detail page and on
 * Favourites; the owner delists the home and the favourite says 'No longer
 * available'; the dashboards count what really happened.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
let listingId: string;
const owner = newUser('homeowner', 'Farida Owner');
const tenant = newUser('tenant', 'Tanvi Tenant');
const TITLE = 'Leafy flat in Aundh with a heart';

beforeAll(async () => {
  stack = await startStack();
  const listed = await ownerWithListings(stack, owner, [
    { title: TITLE, rent: 21000, area: 'Aundh' },
  ]);
  ownerToken = listed.token;
  listingId = listed.ids[0]!;
  context = await stack.newContext();
  page = await context.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

const stat = (label: string) =>
  page.getByTestId('stat').filter({ hasText: label }).locator('strong');
const heart = () => page.getByRole('button', { name: new RegExp(`favourites`) });

describe('a tenant keeps a favourite', () => {
  it('starts with real figures on the dashboard: zeros', async () => {
    await registerThroughUi(page, tenant);
    await expect.poll(() => stat('Properties Viewed').textContent()).toBe('0');
    expect(await stat('Favourites').textContent()).toBe('0');
    expect(await stat('Unread Messages').textContent()).toBe('0');
    expect(await stat('Inquiries').textContent()).toBe('0');
    const figures = await page.locator('.stat-grid').textContent();
    for (const placeholder of ['24', '8', '12', '3']) expect(figures).not.toContain(placeholder);
  });

  it('hearts a listing on the list, and the detail page shows it hearted with the contact links', async () => {
    await page.goto('/properties?city=Pune');
    await islandsHydrated(page);
    const card = page.getByTestId('property-card').filter({ hasText: TITLE });
    const cardHeart = card.getByRole('button', { name: `Save ${TITLE} to favourites` });
    await cardHeart.click();
    await card
      .getByRole('button', { name: `Remove ${TITLE} from favourites` })
      .and(page.locator('[aria-pressed="true"]'))
      .waitFor();

    await card.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/properties/${listingId}`);
    await page
      .getByRole('button', { name: `Remove ${TITLE} from favourites` })
      .and(page.locator('[aria-pressed="true"]'))
      .waitFor();
    const call = page.getByRole('link', { name: /Call Owner/ });
    expect(await call.getAttribute('href')).toBe(`tel:+91${owner.phone}`);
    expect(await call.textContent()).toContain(owner.phone.slice(5));
    const mail = page.getByRole('link', { name: /Send Email/ });
    expect(await mail.getAttribute('href')).toBe(
      `mailto:${owner.email}?subject=${encodeURIComponent(`Enquiry about your listing: ${TITLE}`)}`,
    );
    await checkScreen(page, 'detail-contact');
    // One enquiry, for the dashboards' Inquiries and Messages cards and the owner's chart.
    const tenantToken = await page.evaluate(() => localStorage.getItem('token'));
    const asked = await fetch(`${stack.baseUrl}/api/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenantToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        listingId,
        body: 'Is the flat still free in June?',
        messageId: 'm-1',
      }),
    });
    expect(asked.status).toBe(201);
  });

  it('lists it on Favourites, and marks it no longer available once the owner delists it', async () => {
    await page.goto('/favourites');
    await islandsHydrated(page);
    const item = page.getByTestId('favourite-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.getByTestId('unavailable-badge').count()).toBe(0);

    const res = await fetch(`${stack.baseUrl}/api/properties/${listingId}/toggle-availability`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(res.status).toBe(200);
    // The favourites read model follows the delisting a moment later.
    await expect
      .poll(
        async () => {
          await page.reload();
          await islandsHydrated(page);
          await item.waitFor();
          return item.getByTestId('unavailable-badge').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await checkScreen(page, 'favourites');
    await page.getByRole('button', { name: /^No longer available/ }).click();
    await item.waitFor();
    await page.getByRole('button', { name: /^Available/ }).click();
    await page.getByText('No favourites here yet').waitFor();
    expect(await heart().count()).toBe(0);
  });

  it('counts the viewed listing, the favourite and the search on the dashboard, with one-click repeat', async () => {
    await page.goto('/dashboard');
    await expect.poll(() => stat('Properties Viewed').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await stat('Favourites').textContent()).toBe('1');
    expect(await stat('Inquiries').textContent()).toBe('1');
    const recent = page.getByTestId('recent-searches');
    await recent.getByText('Pune').waitFor();
    await recent.getByRole('link', { name: 'Search again' }).first().click();
    await page.waitForURL('**/properties?city=Pune');
  });
});

describe('the owner’s dashboard', () => {
  it('shows real figures and the chart of views and enquiries', async () => {
    await context.close();
    context = await stack.newContext();
    page = await context.newPage();
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', token), ownerToken);
    await page.goto('/dashboard');
    await expect.poll(() => stat('Total Properties').textContent()).toBe('1');
    await expect.poll(() => stat('Unread Messages').textContent()).toBe('1');
    const chart = page.getByRole('img', {
      name: new RegExp(`Views and enquiries per day: ${TITLE}`),
    });
    await chart.waitFor();
    // The tenant's one view and one enquiry today, in the chart's accessible summary and its table.
    expect(await page.locator('.chart-legend').textContent()).toContain(
      '1 view and 1 enquiry from',
    );
    expect(await page.locator('.activity-chart table tbody tr').count()).toBe(30);
    await checkScreen(page, 'dashboard-owner-chart');
  });
});
