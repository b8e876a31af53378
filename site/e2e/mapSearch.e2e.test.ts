/**
 * The map search in Chromium (issue 16): the map shows every match of the
 * search, not the list's loaded page; panning searches the new viewport; a
 * search without matches says so on the map; and an area drawn on the map
 * narrows the list and the map, is saved with the search and reopens with it
 * (issue 17).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingViaApi, registerViaApi, waitForPublicCount } from './harness/api.ts';
import { screenPoint } from './harness/mapCamera.ts';
import { jpeg } from './harness/photos.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

let stack: Stack;
let browser: Browser;
let token: string;
/** More than the list's page of 12, so a map of the loaded page would miss some. */
const LISTINGS = 15;

beforeAll(async () => {
  stack = await startStack({ geo: true });
  browser = stack.browser;
  token = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Kavya Reddy'));
  for (let i = 0; i < LISTINGS; i++)
    await createListingViaApi(stack.baseUrl, token, {
      title: `Mysuru home ${i}`,
      propertyType: (['flat', 'PG', 'house'] as const)[i % 3]!,
      rent: 8000 + i * 1000,
      city: 'Mysuru',
      area: 'Gokulam',
      bedrooms: 1 + (i % 3),
      // A 5 × 3 spread a kilometre or so apart.
      coordinates: { latitude: 12.3 + (i % 5) * 0.01, longitude: 76.62 + Math.floor(i / 5) * 0.01 },
      // The oldest, never on the list's first page (newest first): their popups fetch what they show.
      ...(i < 3 ? { photos: [await jpeg(`home-${i}.jpg`, { r: 40 * i, g: 120, b: 90 })] } : {}),
    });
  await waitForPublicCount(stack.baseUrl, 'city=Mysuru', LISTINGS);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

const mapOf = (page: Page) => page.getByTestId('listings-map');

// Where the tenant stands for the navigation panel: Mysuru Palace.
const HERE = { latitude: 12.3052, longitude: 76.6552 };

const openMap = async (path: string, listed: number): Promise<Page> => {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 1280, height: 900 },
    geolocation: HERE,
    permissions: ['geolocation'],
  });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  // The signed-in list comes from the search index, which catches up on its own schedule.
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.getByText(/properties found/).textContent();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe(`${listed} properties found`);
  // The list has loaded one page (12 cards); the map must show every match.
  expect(await page.getByTestId('property-card').count()).toBe(Math.min(listed, 12));
  await page.getByRole('button', { name: 'Map' }).click();
  await mapOf(page).locator('canvas.maplibregl-canvas').waitFor();
  return page;
};

/** A point in the left half of the map whose topmost element is the map canvas, not a pin or a control. */
const bareMapPoint = async (page: Page): Promise<{ x: number; y: number }> => {
  await mapOf(page).scrollIntoViewIfNeeded();
  const box = (await mapOf(page).boundingBox())!;
  const point = await page.evaluate((b) => {
    for (let fy = 0.2; fy <= 0.8; fy += 0.05)
      for (let fx = 0.1; fx <= 0.45; fx += 0.05) {
        const x = b.x + b.width * fx;
        const y = b.y + b.height * fy;
        if (document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas'))
          return { x, y };
      }
    return undefined;
  }, box);
  if (!point) throw new Error('no bare map to grab: pins or controls cover the left half');
  return point;
};

describe('map search on /properties', () => {
  it('shows every match (not the loaded page), follows a pan, and says when nothing matches', async () => {
    let page = await openMap('/properties?city=Mysuru', LISTINGS);
    await expect
      .poll(() => mapOf(page).getAttribute('data-total'), { timeout: 30_000 })
      .toBe(String(LISTINGS));
    expect(await page.getByTestId('map-count').textContent()).toBe(
      ` · Showing ${LISTINGS} of ${LISTINGS}`,
    );
    // Framed on the matches: every one is drawn, as a pin or inside a cluster's count.
    await expect
      .poll(() => page.locator('.map-marker').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    // A pan searches the new viewport (debounced; the earlier request aborted if still running).
    const refetch = page.waitForRequest((r) => r.url().includes('/api/properties/map?'));
    // Grab bare map: the view is framed on the matches, so its centre is usually a pin, and
    // dragging a pin does not pan.
    const start = await bareMapPoint(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 400, start.y, { steps: 10 });
    await page.mouse.up();
    const url = new URL((await refetch).url());
    expect(url.searchParams.get('city')).toBe('Mysuru');
    expect(url.searchParams.get('bbox')).toMatch(/^[-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+$/);
    // Dragged far enough east that the matches left the viewport: the count follows.
    await expect
      .poll(() => page.getByTestId('map-count').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^ · Showing \\d+ of ${LISTINGS}$`));
    await page.context().close();

    page = await openMap('/properties?city=Mysuru&minRent=900000', 0);
    const empty = page.getByRole('status').filter({ hasText: 'No Properties Found' });
    await empty.waitFor({ timeout: 30_000 });
    expect(await empty.textContent()).toBe('No Properties FoundTry adjusting your search criteria');
    expect(await mapOf(page).getAttribute('data-total')).toBe('0');
    await page.context().close();
  });
});

describe('a popup for a match the list has not loaded', () => {
  it('shows its photo, title, locality, rent and type, and the navigation panel names it', async () => {
    const page = await openMap('/properties?city=Mysuru', LISTINGS);
    await expect
      .poll(() => mapOf(page).getAttribute('data-total'), { timeout: 30_000 })
      .toBe(String(LISTINGS));
    // The list's 12 cards are listings 3–14; a marker of one of the other three is named by its type.
    const unloaded = page.locator('.map-marker[aria-label$=" for rent"]');
    await expect.poll(() => unloaded.count(), { timeout: 30_000 }).toBe(LISTINGS - 12);
    const id = (await unloaded.first().getAttribute('data-property-id'))!;
    const listing = (await (
      await fetch(`${stack.baseUrl}/api/properties/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { property: { title: string; rent: number; propertyType: string } };
    const { title, rent, propertyType } = listing.property;
    expect(
      await page.getByTestId('property-card').filter({ hasText: title }).count(),
      'the listing is not on the loaded page',
    ).toBe(0);

    await mapOf(page).scrollIntoViewIfNeeded();
    await unloaded.first().click();
    const popup = page.locator('.maplibregl-popup');
    await popup.locator('.map-popup-title', { hasText: title }).waitFor({ timeout: 15_000 });
    expect(await popup.locator('.map-popup-place').textContent()).toBe('Gokulam, Mysuru');
    expect(await popup.locator('.map-popup-rent').textContent()).toContain(
      `₹${rent.toLocaleString('en-IN')}`,
    );
    expect(await popup.locator('.badge-type').textContent()).toBe(
      { flat: 'Flat', PG: 'PG', house: 'House' }[propertyType],
    );
    const photo = popup.locator('img.map-popup-image');
    expect(await photo.getAttribute('alt')).toBe(title);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await popup.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      `/properties/${id}`,
    );
    // The marker is named by the listing now, and so is the trip to it.
    expect(
      await page.locator(`.map-marker[data-property-id="${id}"]`).getAttribute('aria-label'),
    ).toBe(title);
    await page.getByRole('button', { name: 'Get My Location' }).click();
    await expect
      .poll(() => page.getByTestId('distance').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^Distance to ${title}: [\\d.]+ k?m \\(straight line\\)$`));
    await page.context().close();
  });
});

describe('an area drawn on the map', () => {
  it('narrows the list and the map to it, is saved with the search, and reopens with it', async () => {
    const page = await openMap('/properties?city=Mysuru', LISTINGS);
    await expect
      .poll(() => mapOf(page).getAttribute('data-total'), { timeout: 30_000 })
      .toBe(String(LISTINGS));
    // Framed on the matches once the style has loaded (a city's zoom, not the country's).
    await expect
      .poll(async () => Number(await mapOf(page).getAttribute('data-zoom')), { timeout: 30_000 })
      .toBeGreaterThan(10);
    await expect.poll(() => mapOf(page).getAttribute('aria-busy')).toBe('false');
    // All of the map on screen: the corners are clicked where the camera puts them.
    await mapOf(page).evaluate((element) => element.scrollIntoView({ block: 'center' }));

    // A rectangle around the southernmost row of the 5 × 3 spread (listings 0, 5 and 10), at the
    // bottom of the framed view: away from the drawing controls at the top.
    await page.getByRole('button', { name: 'Draw an area' }).click();
    const corners: [number, number][] = [
      [76.615, 12.295],
      [76.645, 12.295],
      [76.645, 12.305],
      [76.615, 12.305],
    ];
    for (const [lng, lat] of corners) {
      const { x, y } = await screenPoint(mapOf(page), lng, lat);
      // Drawing lets clicks through pins; nothing else may cover the corner.
      const under = await page.evaluate(
        ([px, py]) => {
          const element = document.elementFromPoint(px!, py!);
          return element ? `${element.tagName}.${element.className}` : 'nothing';
        },
        [x, y],
      );
      expect(under, `at ${x},${y}`).toMatch(/maplibregl-canvas|map-marker/);
      await page.mouse.click(x, y);
    }
    expect(await page.getByTestId('draw-status').textContent()).toBe(
      '4 corners: finish, or click to add more',
    );
    const search = page.waitForRequest(
      (r) => r.url().includes('/api/properties/map?') && r.url().includes('polygon='),
    );
    await page.getByRole('button', { name: 'Finish area' }).click();
    const sent = new URL((await search).url()).searchParams.get('polygon')!;
    expect(sent.split(';')).toHaveLength(4);
    await expect.poll(() => mapOf(page).getAttribute('data-total'), { timeout: 30_000 }).toBe('3');
    await expect
      .poll(() => page.getByText(/properties found/).textContent(), { timeout: 30_000 })
      .toMatch(/^3 properties found · Showing 3 of 3$/);

    await page.getByRole('button', { name: 'Save this search' }).click();
    expect(await page.getByTestId('saves-map-area').textContent()).toBe(
      'Keeps the drawn area with the search.',
    );
    await page.getByLabel('Name').fill('Gokulam west');
    await page.getByLabel('Alerts').selectOption('off');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('search-saved').waitFor();

    await page.goto('/saved-searches');
    const row = page.getByTestId('saved-search').filter({ hasText: 'Gokulam west' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Drawn area');
    await row.getByRole('link', { name: 'Gokulam west' }).click();
    await page.waitForURL(/polygon=/);
    expect(new URL(page.url()).searchParams.get('polygon')).toBe(sent);
    await expect
      .poll(() => page.getByText(/properties found/).textContent(), { timeout: 30_000 })
      .toMatch(/^3 properties found · Showing 3 of 3$/);
    await expect.poll(() => mapOf(page).getAttribute('data-total'), { timeout: 30_000 }).toBe('3');

    // Cleared, the search covers the city again.
    await page.getByRole('button', { name: 'Show all areas' }).click();
    await expect
      .poll(() => page.getByText(/properties found/).textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${LISTINGS} properties found`));
    await page.context().close();
  });
});
