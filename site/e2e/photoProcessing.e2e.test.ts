import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { createListingViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import type { UploadFile } from './harness/photos.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

/**
 * An owner's upload is answered before its photos are processed: the owner's
 * pages show a tile for each photo being prepared, then the photos.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let token: string;
let listingId: string;

/** A grainy photo as phones take them: real work for the decoder and the WebP encoder. */
const grainy = async (name: string, seed: number): Promise<UploadFile> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 96 + seed * 8, sigma: 50 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer(),
});

const owner = newUser('homeowner', 'Farah Shaikh');

beforeAll(async () => {
  stack = await startStack();
  context = await stack.newContext();
  page = await context.newPage();
  await registerThroughUi(page, owner);
  const login = await fetch(`${stack.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  token = ((await login.json()) as { token: string }).token;
}, 600_000);
afterAll(async () => {
  await stack?.stop();
});

describe('photos are processed after the upload is answered', () => {
  it('the detail page shows a tile for each photo being prepared, then the photos', async () => {
    const photos = await Promise.all(
      Array.from({ length: 10 }, (_, i) => grainy(`room-${i + 1}.jpg`, i)),
    );
    listingId = await createListingViaApi(stack.baseUrl, token, {
      title: 'Corner flat in Wakad',
      rent: 19000,
      area: 'Wakad',
      photos,
    });
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    await page.getByRole('heading', { name: 'Corner flat in Wakad' }).waitFor();
    const processing = page.getByTestId('photo-upload-processing');
    await processing.first().waitFor();
    expect(await processing.count()).toBeGreaterThan(0);
    await page.getByText('room-1.jpg').waitFor();
    await page.getByText(/photos? being prepared/).waitFor();
    await checkScreen(page, 'photos-processing');

    // The page asks again by itself: the gallery replaces the tiles once every photo is ready.
    await page.getByTestId('gallery-counter').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('gallery-counter').textContent()).toBe('1 / 10');
    expect(await processing.count()).toBe(0);
    expect(await page.locator('.gallery-main img').getAttribute('src')).toMatch(
      /^\/media\/listings\//,
    );
  });

  it('My Properties shows the photos on the card', async () => {
    await page.goto('/my-properties');
    await islandsHydrated(page);
    const card = page.getByTestId('owner-card');
    await card.waitFor();
    expect(await card.locator('.carousel-counter').textContent()).toBe('1 / 10');
    expect(await card.getByTestId('photo-upload-processing').count()).toBe(0);
  });

  it('a photo that cannot be processed is named with why on My Properties, on a phone too', async () => {
    const good = await grainy('hall.jpg', 3);
    const broken = {
      ...good,
      name: 'balcony.jpg',
      buffer: good.buffer.subarray(0, good.buffer.length >> 1),
    };
    await createListingViaApi(stack.baseUrl, token, {
      title: 'Garden flat in Baner',
      rent: 24000,
      area: 'Baner',
      photos: [good, broken],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/my-properties');
    await islandsHydrated(page);
    const message =
      'balcony.jpg could not be processed: the file looks damaged or incomplete. Please upload it again.';
    // The page asks again while the photos are being prepared, until the outcome shows.
    await page.getByText(message).waitFor({ timeout: 120_000 });
    const card = page.getByTestId('owner-card').filter({ hasText: 'Garden flat in Baner' });
    // The photo that was processed is on the card; the broken one is only named.
    expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/media\/listings\//);
    expect(await card.locator('img').count()).toBe(1);
    await checkScreen(page, 'photo-failed-phone');
  });
});
