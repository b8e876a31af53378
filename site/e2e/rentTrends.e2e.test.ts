import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { waitForPage } from '@rentals/testing/product';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';
import { TOKEN_KEY } from '../src/lib/api.ts';
import { TOO_CHEAP_WARNING } from '@rentals/core/trust/tooCheap';

/**
 * Issue 18's rent history and trends as a tenant meets them: six two-bedroom
 * flats in Aundh, Pune, one of them reduced; its detail page tells the
 * change and where its rent sits, the search for Aundh draws the trend, and
 * the static city page (no script) shows the median with a sparkline.
 * Issue 41's 'too good to be true': a Kothrud flat at less than half its
 * neighbours' rent warns the tenant, and waits in the admins' queue with the
 * comparables until an admin verifies it.
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

/** Months of Pune's one-bedroom flats trend with a median shown. */
const puneOneBhkMonths = async () => {
  const res = await fetch(`${stack.baseUrl}/api/rent-trends?city=Pune`);
  const body = (await res.json()) as {
    groups: { bedrooms: number; series: { median: number | null }[] }[];
  };
  const group = body.groups.find((g) => g.bedrooms === 1);
  return group?.series.filter((p) => p.median !== null).length ?? 0;
};

/** Until the projections process has put the six flats into Aundh's trend, and Kothrud's history into Pune's. */
const waitForTrend = async () => {
  const deadline = Date.now() + 30_000;
  while ((await trendNow()) !== RENTS.length || (await puneOneBhkMonths()) < HISTORY_MONTHS) {
    if (Date.now() > deadline)
      throw new Error(`No trend for Aundh\n${stack.logs({ requests: false })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Six one-bedroom flats in Kothrud listed four months ago (history the API
 * cannot write, so as events dated then): Pune's trend has months to draw.
 */
const HISTORY_MONTHS = 4;
/** A one-bedroom flat on Paud Road, Kothrud, listed at `at` (an event: the API cannot date it). */
const writeKothrudFlat = async (title: string, rent: number, at: string) => {
  const id = randomUUID();
  await appendListingEvents(createEventStore(stack.sql), id, [
    listingCreated(id, {
      at,
      fields: testFields({
        title,
        rent,
        propertyDetails: { bedrooms: 1, bathrooms: 1, area: 600, floor: 1, totalFloors: 4 },
        location: {
          city: 'Pune',
          area: 'Kothrud',
          pinCode: '411038',
          address: `${rent}, Paud Road`,
          coordinates: { latitude: 18.5074, longitude: 73.8077 },
        },
      }),
    }),
  ]);
  return id;
};
const writeKothrudHistory = async () => {
  const listedAt = new Date(Date.now() - (HISTORY_MONTHS * 30 + 5) * 86_400_000).toISOString();
  for (const [i, rent] of [14000, 15000, 15500, 16000, 17000, 18000].entries())
    await writeKothrudFlat(`Kothrud one bedroom flat ${i + 1}`, rent, listedAt);
};

/** A one-bedroom flat in Kothrud listed today at less than half its neighbours' rent. */
let bargainId: string;
const BARGAIN = 'Kothrud one bedroom bargain';
const writeKothrudBargain = async () => {
  bargainId = await writeKothrudFlat(BARGAIN, 7000, new Date().toISOString());
};

beforeAll(async () => {
  // The rent check every second, not every minute: the admin's queue fills while the test waits.
  stack = await startStack({ env: { RENT_CHECK_SECONDS: '1' } });
  const token = await registerViaApi(stack.baseUrl, owner);
  const ids: string[] = [];
  for (const [i, rent] of RENTS.entries())
    ids.push(
      await createListingViaApi(stack.baseUrl, token, {
        title: `Aundh flat number ${i + 1}`,
        rent,
        area: 'Aundh',
      }),
    );
  reducedId = ids[0]!;
  await writeKothrudHistory();
  await writeKothrudBargain();
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

/**
 * Scrolls to the trend under the results, as a reader does: it is drawn only once its place
 * comes near the screen (PropertiesPage's WhenNear), then waits for its title.
 */
const scrollToTrend = async (on: Page, title: string) => {
  const trend = on.getByTestId('rent-trend');
  // The place holder may give way to the trend while it is being scrolled to: then scroll again.
  const place = trend.or(on.getByTestId('rent-trend-pending'));
  await expect
    .poll(async () => {
      await place.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => undefined);
      return trend.textContent({ timeout: 1_000 }).catch(() => null);
    })
    .toContain(title);
  return trend;
};

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
      'Below the median of ₹25,000 for 6 comparable 2 BHK flats in Aundh',
    );
  });

  it('draws the locality trend in the search results, each month readable by pointer or keyboard', async () => {
    await page.goto('/properties?city=Pune&area=Aundh');
    await islandsHydrated(page);
    const trend = await scrollToTrend(page, 'Rent trend in Aundh, Pune');
    expect(await trend.textContent()).toContain('Median ₹25,000 a month');
    const point = trend.locator('.chart-point').last();
    await point.focus();
    await expect
      .poll(() => trend.getByTestId('rent-trend-readout').textContent())
      .toMatch(/: ₹25,000 from 6 listings$/);
  });

  it("shows the city's trend, saying so, when the area searched has too few listings", async () => {
    await page.goto('/properties?city=Pune&area=Baner');
    await islandsHydrated(page);
    const trend = await scrollToTrend(page, 'Rent trend in Pune');
    expect(await trend.getByTestId('rent-trend-note').textContent()).toBe(
      'Too few listings in Baner for a trend of its own, so this is the trend for all of Pune.',
    );
    expect(await trend.getByTestId('rent-trend-chart').count()).toBe(1);
  });

  it('in map view the map comes first and the trend below it, so the map opens on screen', async () => {
    await page.goto('/properties?city=Pune&view=map');
    await islandsHydrated(page);
    const map = page.getByTestId('listings-map');
    await map.waitFor();
    expect((await map.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height);
    const trend = await scrollToTrend(page, 'Rent trend in Pune');
    expect((await map.boundingBox())!.y).toBeLessThan((await trend.boundingBox())!.y);
  });

  it('draws the city trend on a phone as a line across the months, not one dot', async () => {
    const phone = await stack.newContext({ mobile: true });
    const phonePage = await phone.newPage();
    await registerThroughUi(phonePage, newUser('tenant', 'Pooja Phone'));
    await phonePage.goto('/properties?city=Pune');
    await islandsHydrated(phonePage);
    const trend = await scrollToTrend(phonePage, 'Rent trend in Pune');
    // It opens on the group with the most months: Kothrud's one-bedroom flats since four months ago.
    expect(await trend.locator('select').inputValue()).toBe(
      await trend.locator('option', { hasText: 'Flat · 1 BHK' }).getAttribute('value'),
    );
    const points = trend.locator('.chart-point');
    expect(await points.count()).toBeGreaterThanOrEqual(HISTORY_MONTHS);
    const xs = await points.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
    // Spread across the chart, which fits the phone's width without scrolling it sideways.
    const chart = (await trend.getByTestId('rent-trend-chart').boundingBox())!;
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(chart.width / 2);
    expect(chart.width).toBeGreaterThan(300);
    expect(chart.x + chart.width).toBeLessThanOrEqual(390);
    expect(
      await phonePage.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await phone.close();
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

  it('warns a tenant on a listing much below similar homes, and on no other', async () => {
    await page.goto(`/properties/${bargainId}`);
    await islandsHydrated(page);
    const market = page.getByTestId('rent-market');
    await expect.poll(() => market.getByTestId('fair-rent').textContent()).toContain('Below');
    expect(await market.getByTestId('too-cheap-warning').textContent()).toBe(TOO_CHEAP_WARNING);
    await page.goto(`/properties/${reducedId}`);
    await islandsHydrated(page);
    await page.getByTestId('fair-rent').waitFor();
    expect(await page.getByTestId('too-cheap-warning').count()).toBe(0);
  });

  it('puts it in the admins’ queue with the comparables; verifying it as genuine takes it out', async () => {
    const admin = await stack.newContext({ mobile: true });
    const adminPage = await admin.newPage();
    await adminPage.goto('/');
    const token = await stack.adminToken();
    await adminPage.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [TOKEN_KEY, token],
    );
    await adminPage.goto('/admin');
    await islandsHydrated(adminPage);
    const count = adminPage.locator('a.admin-count', { hasText: 'Much below similar homes' });
    await expect.poll(() => count.locator('strong').textContent(), { timeout: 20_000 }).toBe('1');
    await count.click();
    await adminPage.waitForURL('**/admin/too-cheap');
    await islandsHydrated(adminPage);
    const row = adminPage.getByTestId('too-cheap-row');
    await row.waitFor();
    // Seven flats in Kothrud this month: the median is the fourth rent, ₹15,500; ₹7,000 is 55 % below.
    expect(await row.textContent()).toContain(BARGAIN);
    expect(await row.textContent()).toContain(
      '55 % below: ₹7,000 per month against a median of ₹15,500',
    );
    expect(await row.textContent()).toContain(
      'Below the median of ₹15,500 for 7 comparable 1 BHK flats in Kothrud',
    );
    expect(
      await adminPage.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await row.getByRole('button', { name: 'Genuine: verify' }).click();
    await expect
      .poll(() => adminPage.getByRole('status').textContent())
      .toBe(`“${BARGAIN}” verified.`);
    await expect.poll(() => adminPage.getByTestId('too-cheap-row').count()).toBe(0);
    await adminPage.getByText('No listing is much below similar homes right now.').waitFor();
    await admin.close();
  });
});
