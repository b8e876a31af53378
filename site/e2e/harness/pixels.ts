import { inflateSync } from 'node:zlib';
import type { Locator } from 'playwright-core';

type Rgb = { r: number; g: number; b: number };

/**
 * The colour on screen at (x, y) inside an element, from a 1×1 screenshot.
 * A one-pixel PNG needs no real decoder: whatever filter its only scanline
 * uses, the neighbours it predicts from are zero, so the bytes after the
 * filter byte are the pixel itself.
 */
export const pixelIn = async (element: Locator, x: number, y: number): Promise<Rgb> => {
  // The clip is in viewport coordinates, as the box is: bring the element into view first.
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('the element has no box');
  const png = await element
    .page()
    .screenshot({ clip: { x: box.x + x, y: box.y + y, width: 1, height: 1 }, scale: 'css' });
  const idat: Buffer[] = [];
  let colourType = -1;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') colourType = data[9] ?? -1;
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  if (colourType !== 2 && colourType !== 6) throw new Error(`PNG colour type ${colourType}`);
  const [, r = 0, g = 0, b = 0] = inflateSync(Buffer.concat(idat));
  return { r, g, b };
};

/** '#f7f3ea' as numbers. */
export const rgbOf = (hex: string): Rgb => ({
  r: parseInt(hex.slice(1, 3), 16),
  g: parseInt(hex.slice(3, 5), 16),
  b: parseInt(hex.slice(5, 7), 16),
});

/** The largest difference in any channel: rendering may round a colour by a step. */
export const colourDifference = (a: Rgb, b: Rgb) =>
  Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));
