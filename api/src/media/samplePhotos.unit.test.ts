import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { samplePhoto } from './samplePhotos.ts';

/** Where two renderings of the same photo differ, as fractions of its width and height. */
const differenceBox = async (a: Buffer, b: Buffer) => {
  const [pa, pb] = await Promise.all(
    [a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height, channels } = pa!.info;
  let box = { left: 1, top: 1, right: 0, bottom: 0 };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const differs = [0, 1, 2].some((c) => Math.abs(pa!.data[i + c]! - pb!.data[i + c]!) > 24);
      if (!differs) continue;
      box = {
        left: Math.min(box.left, x / width),
        top: Math.min(box.top, y / height),
        right: Math.max(box.right, (x + 1) / width),
        bottom: Math.max(box.bottom, (y + 1) / height),
      };
    }
  return box;
};

describe('the sample photos’ label (the seed’s room captions)', () => {
  // The site frames a 4:3 photo by object-fit: cover in 16:10 (gallery) down to 1:1 (thumbnails):
  // a 16:9 frame keeps the middle 75 % of its height, a square the middle 75 % of its width.
  it.each(['Building entrance', 'Balcony view', 'Study corner'])(
    '"%s" lies inside the middle 75 % both ways, so no crop of the site cuts it',
    async (label) => {
      const options = {
        width: 800,
        height: 600,
        colors: ['#f59e0b', '#7c2d12'] as [string, string],
      };
      const glyphs = await differenceBox(
        await samplePhoto({ ...options, label, format: 'png' }),
        // The same band without letters: what differs is the text alone.
        await samplePhoto({ ...options, label: ' '.repeat(label.length), format: 'png' }),
      );
      expect(glyphs.right).toBeGreaterThan(glyphs.left);
      expect(glyphs.top).toBeGreaterThanOrEqual(0.125);
      expect(glyphs.bottom).toBeLessThanOrEqual(0.875);
      expect(glyphs.left).toBeGreaterThanOrEqual(0.125);
      expect(glyphs.right).toBeLessThanOrEqual(0.875);
    },
  );
});
