import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { waitForPage } from '@rentals/testing/product';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

/**
 * Issue 18's rent history and trends as a tenant meets them: six two-bedroom
 * flats in Aundh, Pune, one of them reduced; its detail page tells the
 * change and where its rent sits, the search for Aundh draws the trend, and
 * the static city page (no script) shows the median with a sparkline.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let reducedId: string;
const owner = newUser('homeowner', 'Rekha Owner');
const tenant = newUser('tenant', 'Tarun Tenant');
const RENTS = [21000, 22000, 24000, 26000, 28000, 30000];

const trendNow = async () => {
  const res = await fetch(`${stack.baseUrl}/api/rent-trends?city=Pune&locality=Aundh`);
  const body = (await res.json()) as { groups: { now: { sample: number } | null }[] };
  return body.groups[0]?.now?.sample ?? 0;
};

/** Until the projections process has put the six flats into Aundh's trend. */
const waitForTrend = async () => {
  const deadline = Date.now() + 30_000;
  while ((await trendNow()) !== RENTS.length) {
    if (Date.now() > deadline) throw new Error(`No trend for Aundh\n${stack.logs()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  stack = await startStack();
  const token = await registerViaApi(stack.baseUrl, owner);
  const ids: string[] = [];
  for (const [i, rent] of RENTS.entries())
    ids.push(
      await createListingViaApi(stack.baseUrl, token, {
        title: `Aundh flat number ${i + 1}`,
        propertyType: 'flat',
        rent,
        city: 'Pune',
        area: 'Aundh',
        bedrooms: 2,
      }),
    );
  reducedId = ids[0]!;
  const res = await fetch(`${stack.baseUrl}/api/properties/${reducedId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rent: 20000 }),
  });
  expect(res.status).toBe(200);
  await waitForTrend();
  // A change the city page shows, after the trends are in: its next regeneration carries them.
  await createListingViaApi(stack.baseUrl, token, {
    title: 'Aundh house for the page',
    propertyType: 'house',
    rent: 40000,
    city: 'Pune',
    area: 'Aundh',
    bedrooms: 3,
  });
  context = await stack.newContext();
  page = await context.newPage();
  await registerThroughUi(page, tenant);
});
afterAll(async () => {
  await stack?.stop();
});

describe('rent history and trends', () => {
  it("shows a listing's rent change, time on the market and fair-rent hint on its detail page", async () => {
    await page.goto(`/properties/${reducedId}`);
    await islandsHydrated(page);
    const market = page.getByTestId('rent-market');
    await expect
      .poll(() => market.getByTestId('rent-history').textContent())
      .toMatch(/^Rent reduced from ₹21,000 to ₹20,000 on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await market.getByTestId('days-on-market').textContent()).toBe('0 days');
    expect(await market.getByTestId('fair-rent').textContent()).toBe(
      'Below the median of ₹25,000 for 6 comparable listings in this locality',
    );
  });

  it('draws the locality trend in the search results, each month readable by pointer or keyboard', async () => {
    await page.goto('/properties?city=Pune&area=Aundh');
    await islandsHydrated(page);
    const trend = page.getByTestId('rent-trend');
    await expect.poll(() => trend.textContent()).toContain('Rent trend in Aundh, Pune');
    expect(await trend.textContent()).toContain('Median ₹25,000 a month');
    const point = trend.locator('.chart-point').last();
    await point.focus();
    await expect
      .poll(() => trend.getByTestId('rent-trend-readout').textContent())
      .toMatch(/: ₹25,000 from 6 listings$/);
  });

  it('shows the median rents with a sparkline on the static city page', async () => {
    await waitForPage(`${stack.baseUrl}/browse/cities/pune`, (body) =>
      body.includes('Median rents in Pune'),
    );
    const visitor = await stack.browser.newContext({ javaScriptEnabled: false, locale: 'en-IN' });
    const cityPage = await visitor.newPage();
    await cityPage.goto(`${stack.baseUrl}/browse/cities/pune`);
    const section = cityPage.getByTestId('city-rent-trends');
    const row = section.locator('tr', { hasText: 'Flat · 2 BHK' });
    expect(await row.textContent()).toContain('₹25,000');
    expect(await row.locator('svg path.sparkline').getAttribute('d')).toMatch(/^M/);
    await visitor.close();
  });
});
