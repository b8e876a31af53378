/**
 * Images for budget phones and the data saver (docs/IMAGES.md), in Chromium against the real
 * product: photos come as AVIF where the photo has it; with the data saver on (the footer's
 * switch, or the browser's Save-Data) a listing's page fetches no photo until one is tapped and
 * no map until it is asked for. The pre-rendered public pages hold theirs in the HTML the web
 * process serves (api/src/web/heldPhotos.ts).
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { scene } from './harness/photos.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { waitForPage } from '@rentals/testing/product';
import { newUser, signInThroughUi } from './harness/users.ts';

let stack: Stack;
let listingId: string;
const owner = newUser('homeowner', 'Lakshmi Rao');

type Variant = { url: string; avif?: string };
type Detail = { property: { images: { variants: Variant[] }[] } };

/** Waits until the photo processor has made the listing's renditions. */
const processedImages = async (token: string) => {
  for (let tries = 0; tries < 120; tries++) {
    const res = await fetch(`${stack.baseUrl}/api/properties/${listingId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { property } = (await res.json()) as Detail;
    if (property.images.length === 2) return property.images;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the photos were not processed');
};

/** Every request of the page for a photo file or for anything of the map (code, style, tiles). */
const watch = (page: Page) => {
  const photos: Request[] = [];
  const map: Request[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/media/')) photos.push(r);
    if (path.startsWith('/maps/') || /maplibre|DetailMap/i.test(path)) map.push(r);
  });
  return { photos, map };
};

/** The listing's page, hydrated, its gallery and location card drawn. */
const openListing = async (page: Page) => {
  await page.goto(`/properties/${listingId}`);
  await islandsHydrated(page);
  await page.getByRole('heading', { name: 'Quiet flat near Jayanagar park' }).waitFor();
  await page.getByRole('heading', { name: 'Location & Navigation' }).waitFor();
};

/** Shows the first photo on a tap and the map on asking: only then are they fetched. */
const tapToLoad = async (page: Page, seen: ReturnType<typeof watch>) => {
  await page.locator('[data-photo-held="waiting"]').first().waitFor();
  await page.getByTestId('map-held').waitFor();
  // Give a photo or a map that was going to load the time to ask for it.
  await page.waitForTimeout(1500);
  expect(seen.photos.map((r) => r.url())).toEqual([]);
  expect(seen.map.map((r) => r.url())).toEqual([]);

  const photo = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/media/'));
  await page.getByRole('button', { name: 'Show photo' }).first().click();
  const first = await photo;
  expect(first.headers()['content-type']).toBe('image/avif');
  await expect
    .poll(() =>
      page
        .locator('.gallery-main img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  expect(seen.map).toEqual([]);

  await page.getByRole('button', { name: 'Show map' }).click();
  await expect.poll(() => seen.map.length).toBeGreaterThan(0);
};

beforeAll(async () => {
  stack = await startStack();
  const token = await registerViaApi(stack.baseUrl, owner);
  listingId = await createListingViaApi(stack.baseUrl, token, {
    title: 'Quiet flat near Jayanagar park',
    rent: 24000,
    city: 'Bengaluru',
    area: 'Jayanagar',
    coordinates: { latitude: 12.925, longitude: 77.5938 },
    photos: [await scene('hall.jpg', 7), await scene('bedroom.jpg', 8)],
  });
  const images = await processedImages(token);
  expect(images.every((i) => i.variants.every((v) => v.avif?.endsWith('.avif')))).toBe(true);
  // The regenerator publishes the listing's public page with its photos' renditions.
  await waitForPage(`${stack.baseUrl}/browse/${listingId}`, (body) => body.includes('.avif'));
}, 600_000);
afterAll(async () => {
  await stack?.stop();
});

describe('photos on a listing page', () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('are fetched as AVIF, the first one preloaded and at high priority, without the saver', async () => {
    context = await stack.newContext({ mobile: true });
    const page = await context.newPage();
    await signInThroughUi(page, owner);
    await page.waitForURL('**/dashboard');
    const seen = watch(page);
    await openListing(page);
    const main = page.locator('.gallery-main img');
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\.avif$/);
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    expect(await main.getAttribute('loading')).toBe('eager');
    expect(
      await page.locator('link[rel="preload"][as="image"][type="image/avif"]').count(),
    ).toBeGreaterThan(0);
    const fetched = seen.photos.filter((r) => r.url().endsWith('.avif'));
    expect(fetched.length).toBeGreaterThan(0);
    expect(seen.photos.filter((r) => r.url().endsWith('.webp'))).toEqual([]);
    // Without the saver the map loads by itself, once scrolled near (not with the page).
    expect(seen.map).toEqual([]);
    await page.getByRole('heading', { name: 'Location & Navigation' }).scrollIntoViewIfNeeded();
    await expect.poll(() => seen.map.length).toBeGreaterThan(0);
  });
});

describe("a search's first photos (api/src/web/firstPhotos.ts)", () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('come with the page, painted before its scripts have the results, then become the cards', async () => {
    const html = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${stack.baseUrl}${path}`, { headers }).then((r) => r.text());
    expect(await html('/properties?city=Bengaluru')).toMatch(
      /class="skeleton skeleton-card first-photo"/,
    );
    // Not for filters only a signed-in search applies, nor with the data saver.
    expect(await html('/properties?city=Bengaluru&maxRent=30000')).not.toContain('first-photo"');
    expect(await html('/properties?city=Bengaluru', { 'save-data': 'on' })).not.toContain(
      'first-photo"',
    );

    context = await stack.newContext({ mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signInThroughUi(page, owner);
    await page.waitForURL('**/dashboard');
    // The search answers only once the first photo is on screen.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/properties?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/properties?city=Bengaluru');
    await islandsHydrated(page);
    const first = page.locator('.first-photos img').first();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    expect(await page.getByTestId('property-card').count()).toBe(0);
    answer();
    await page
      .getByTestId('property-card')
      .filter({ hasText: 'Quiet flat near Jayanagar park' })
      .waitFor();
    expect(await page.locator('.first-photos').count()).toBe(0);
    // React kept the server's photos while it hydrated, and said nothing of a mismatch.
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  });

  it("a listing's first photo comes with its page too, where the gallery then shows it", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/api/properties/${listingId}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    const first = page.locator('.listing-first-photo img');
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    const before = await first.boundingBox();
    answer();
    await page.getByRole('heading', { name: 'Quiet flat near Jayanagar park' }).waitFor();
    expect(await page.locator('.listing-first-photo').count()).toBe(0);
    expect(await page.locator('.gallery-main img').boundingBox()).toEqual(before);
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  });
});

describe('with the data saver', () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('switched on in the footer, a listing page loads no photo until tapped and no map until asked', async () => {
    context = await stack.newContext({ mobile: true });
    const page = await context.newPage();
    await signInThroughUi(page, owner);
    await page.waitForURL('**/dashboard');
    await page.getByLabel('Data saver').check();
    const seen = watch(page);
    await openListing(page);
    // The choice is kept: the switch on this page is on too.
    expect(await page.getByLabel('Data saver').isChecked()).toBe(true);
    await tapToLoad(page, seen);

    // On /properties: the cards' photos, and the map view, wait too.
    const list = watch(page);
    await page.goto('/properties');
    await islandsHydrated(page);
    // The list's cards hold their photos too; a tap on one loads it, as AVIF.
    await page.locator('[data-photo-held="waiting"]').first().waitFor();
    await page.waitForTimeout(1000);
    expect(list.photos.map((r) => r.url())).toEqual([]);
    const cardPhoto = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/media/'));
    await page.getByRole('button', { name: 'Show photo' }).first().click();
    expect((await cardPhoto).headers()['content-type']).toBe('image/avif');
    await page.locator('[data-photo-held="shown"]').first().waitFor();
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByTestId('map-held').waitFor();
    await page.waitForTimeout(1500);
    expect(list.map.map((r) => r.url())).toEqual([]);
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect.poll(() => list.map.length).toBeGreaterThan(0);
  });

  it('the browser’s Save-Data does the same, until switched off', async () => {
    context = await stack.newContext({ mobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDataSaverOverride' as never, { dataSaverEnabled: true } as never);
    // A browser with Save-Data on also says so in every request's header (the override sets only
    // navigator.connection): the web process leaves the photos out of the pages it fills.
    await context.setExtraHTTPHeaders({ 'save-data': 'on' });
    await signInThroughUi(page, owner);
    await page.waitForURL('**/dashboard');
    expect(
      await page.evaluate(
        () => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData,
      ),
    ).toBe(true);
    const seen = watch(page);
    await openListing(page);
    expect(await page.getByLabel('Data saver').isChecked()).toBe(true);
    await tapToLoad(page, seen);

    // Switched off on the profile: photos load by themselves again.
    await page.goto('/profile');
    await islandsHydrated(page);
    await page.getByTestId('profile-data-saver').uncheck();
    const after = watch(page);
    await openListing(page);
    await expect.poll(() => after.photos.length).toBeGreaterThan(0);
    expect(await page.locator('[data-photo-held="waiting"]').count()).toBe(0);
  });
});

describe('with the data saver on a pre-rendered public page', () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('a visitor who switches it on in its footer gets the next public pages with photos held, until switched off', async () => {
    context = await stack.newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/browse/cities/bengaluru');
    await page.getByLabel('Data saver').check();

    const seen = watch(page);
    await page.goto(`/browse/${listingId}`);
    await page.locator('[data-photo-held="waiting"]').first().waitFor();
    expect(await page.locator('link[rel="preload"][as="image"]').count()).toBe(0);
    await page.waitForTimeout(1500);
    expect(seen.photos.map((r) => r.url())).toEqual([]);
    // In the page's language: the Hindi page's button says it in Hindi.
    const hindi = await (
      await fetch(`${stack.baseUrl}/hi/browse/${listingId}`, {
        headers: { cookie: 'dataSaver=on' },
      })
    ).text();
    expect(hindi).toContain('data-show-photo=""');
    expect(hindi).not.toContain('>Show photo<');

    const photo = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/media/'));
    await page.getByRole('button', { name: 'Show photo' }).first().click();
    expect((await photo).headers()['content-type']).toBe('image/avif');
    await page.locator('[data-photo-held="shown"]').first().waitFor();

    // Switched off on the page: every photo still held shows at once, and the next page holds none.
    await page.getByLabel('Data saver').uncheck();
    expect(await page.locator('[data-photo-held="waiting"]').count()).toBe(0);
    await page.reload();
    expect(await page.locator('[data-photo-held]').count()).toBe(0);
    expect(await page.locator('img[src^="/media/"]').count()).toBeGreaterThan(0);
  });

  it('the browser’s Save-Data header alone holds them, with a validator of their own', async () => {
    const plain = await fetch(`${stack.baseUrl}/browse/${listingId}`);
    const held = await fetch(`${stack.baseUrl}/browse/${listingId}`, {
      headers: { 'save-data': 'on' },
    });
    const [plainBody, heldBody] = [await plain.text(), await held.text()];
    expect(plainBody).toContain('fetchpriority="high"');
    expect(plainBody).not.toContain('data-photo-held');
    expect(heldBody).toContain('data-photo-held="waiting"');
    expect(heldBody).not.toMatch(/<img[^>]* src="\/media\//);
    expect(held.headers.get('vary')).toContain('Save-Data');
    expect(held.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // A copy kept with its photos is not confirmed to a browser that now saves data.
    const revalidated = await fetch(`${stack.baseUrl}/browse/${listingId}`, {
      headers: { 'save-data': 'on', 'if-none-match': plain.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(200);
    // The person's own choice wins over the browser's hint.
    const chosen = await fetch(`${stack.baseUrl}/browse/${listingId}`, {
      headers: { 'save-data': 'on', cookie: 'dataSaver=off' },
    });
    expect(await chosen.text()).not.toContain('data-photo-held');
  });
});
