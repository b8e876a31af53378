/**
 * Place names on the map in the page's language (issue 42): on /kn/ and /hi/ the
 * page draws the gazetteer's name where MapLibre placed the place's label, and
 * MapLibre's own English label for it is not drawn; English pages are as before.
 * Chromium (WebGL through SwiftShader) against the real product with the basemap
 * built (`geo: true`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi } from './harness/api.ts';
import { screenPoint } from './harness/mapCamera.ts';
import { ROOT, startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

const SHOTS = join(ROOT, 'artifacts', 'screenshots');
/** Bengaluru and its localities, as a saved search's map area opens it (no listings: nothing reframes it). */
const BENGALURU_AREA = '77.45,12.85,77.75,13.10';
/** Where GeoNames (the basemap's `places`) puts Bengaluru. */
const BENGALURU = { lng: 77.59369, lat: 12.97194 };

let stack: Stack;
let token: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startStack({ geo: true });
  token = await registerViaApi(stack.baseUrl, newUser('tenant', 'Kavya Gowda'));
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.stop();
});

/** The listings map over Bengaluru on `/{language}/properties`, signed in, once MapLibre has drawn and settled. */
const bengaluruMap = async (prefix: '' | '/hi' | '/kn'): Promise<{ page: Page; map: Locator }> => {
  const context = await stack.newContext();
  contexts.push(context);
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  await page.goto(`${prefix}/properties?view=map&bbox=${BENGALURU_AREA}`);
  const map = page.getByTestId('listings-map');
  await map.locator('canvas.maplibregl-canvas').waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.maplibregl-canvas-container.loading'),
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(1000); // placement fades in over 300 ms; the names follow it on idle
  return { page, map };
};

/** How many of the region's pixels are as dark as a metro's name (#1f1f1f) in the canvas alone. */
const darkPixels = async (
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
) => {
  const png = await page.screenshot({ clip, scale: 'css' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) < 100) dark++;
  return dark;
};

/** The box a label of Bengaluru is drawn in, centred on its point (metros are centred). */
const aroundBengaluru = async (map: Locator) => {
  const at = await screenPoint(map, BENGALURU.lng, BENGALURU.lat);
  return { x: at.x - 45, y: at.y - 10, width: 90, height: 20 };
};

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page
    .getByTestId('listings-map')
    .locator('xpath=..')
    .screenshot({ path: join(SHOTS, `${name}.png`) });
};

describe('place names on the map in the page’s language', () => {
  it('draws ಬೆಂಗಳೂರು on a Kannada page, as text in the Kannada font, where the English label is not drawn', async () => {
    const { page, map } = await bengaluruMap('/kn');
    const label = page.locator('.map-native-label').filter({ hasText: /^ಬೆಂಗಳೂರು$/ });
    await label.waitFor({ timeout: 15_000 });
    await shot(page, 'map-native-labels-kn');

    // At Bengaluru's point (a metro's name is centred on it).
    const box = (await label.boundingBox())!;
    const at = await screenPoint(map, BENGALURU.lng, BENGALURU.lat);
    expect(Math.abs(box.x + box.width / 2 - at.x)).toBeLessThan(4);
    expect(Math.abs(box.y + box.height / 2 - at.y)).toBeLessThan(4);
    // Shaped by the browser in the page's own Kannada font (Fonts.astro), not MapLibre's glyphs.
    expect(
      await label.evaluate(async (element) => {
        await document.fonts.ready;
        const size = getComputedStyle(element).fontSize;
        return document.fonts.check(`${size} 'Noto Sans Kannada'`, element.textContent ?? '');
      }),
    ).toBe(true);
    expect(
      await page
        .locator('.map-native-label')
        .filter({ hasText: /Bengaluru/ })
        .count(),
    ).toBe(0);
    // The popular localities too, where MapLibre placed them (Koramangala steps aside to the right of its point).
    await page
      .locator('.map-native-label')
      .filter({ hasText: /^ಕೋರಮಂಗಲ$/ })
      .waitFor();
    await page
      .locator('.map-native-label')
      .filter({ hasText: /^ಇಂದಿರಾನಗರ$/ })
      .waitFor();
    // Never in Devanagari on a Kannada page.

    expect(await page.locator('.map-native-labels').textContent()).not.toMatch(/[\u0900-\u097F]/);

    // With the page's names hidden, the canvas holds no English name where ಬೆಂಗಳೂರು was.
    await page
      .locator('.map-native-labels')
      .evaluate((e: HTMLElement) => (e.style.visibility = 'hidden'));
    expect(await darkPixels(page, await aroundBengaluru(map))).toBe(0);
  });

  it('draws बेंगलुरु on a Hindi page', async () => {
    const { page } = await bengaluruMap('/hi');
    await page
      .locator('.map-native-label')
      .filter({ hasText: /^बेंगलुरु$/ })
      .waitFor({ timeout: 15_000 });
    await shot(page, 'map-native-labels-hi');
    expect(await page.locator('.map-native-labels').textContent()).not.toMatch(/[\u0C80-\u0CFF]/);
  });

  it('leaves English pages as they were: MapLibre draws Bengaluru, the page draws no names', async () => {
    const { page, map } = await bengaluruMap('');
    await shot(page, 'map-native-labels-en');
    expect(await page.locator('.map-native-labels').count()).toBe(0);
    // The same check that found nothing on the Kannada page finds the English name here.
    expect(await darkPixels(page, await aroundBengaluru(map))).toBeGreaterThan(20);
  });
});
