import { describe, expect, it } from 'vitest';
import { DETAIL_SIZES } from './photoSources.ts';
import { photo, preloadPhoto } from './photoMarkup.ts';

const image = {
  url: '/media/l/b-1280.webp',
  width: 1600,
  height: 1200,
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [
    { width: 320, url: '/media/l/a-320.webp', avif: '/media/l/c-320.avif' },
    { width: 1280, url: '/media/l/b-1280.webp', avif: '/media/l/d-1280.avif' },
  ],
};
const webpOnly = { ...image, variants: image.variants.map(({ width, url }) => ({ width, url })) };

describe('photos as markup (the public pages, the first photos of a search)', () => {
  it('offer AVIF in a <picture> source and WebP in the img, with the same sizes', () => {
    const html = photo(image, 'Flat in Pune', { sizes: DETAIL_SIZES, priority: true }).value;
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcset="\/media\/l\/c-320.avif 320w, \/media\/l\/d-1280.avif 1280w" sizes="\(max-width: 900px\) 100vw, 800px" \/><img/,
    );
    expect(html).toContain(
      'srcset="/media/l/a-320.webp 320w, /media/l/b-1280.webp 1280w" sizes="(max-width: 900px) 100vw, 800px"',
    );
    expect(html).toContain('width="1600" height="1200"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('background-image:url(&quot;data:image/svg+xml,');
    expect(html).toMatch(/<\/picture>$/);
  });

  it('are a plain lazy WebP img for photos made before AVIF', () => {
    const html = photo(webpOnly, 'Flat in Pune').value;
    expect(html).not.toMatch(/picture|avif|fetchpriority/);
    expect(html).toContain('loading="lazy"');
  });

  it('preload the largest paint with the set the browser will pick', () => {
    expect(preloadPhoto(image, DETAIL_SIZES).value).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/media/l/c-320.avif 320w, /media/l/d-1280.avif 1280w" imagesizes="(max-width: 900px) 100vw, 800px" fetchpriority="high" />',
    );
    expect(preloadPhoto(webpOnly, DETAIL_SIZES).value).toBe(
      '<link rel="preload" as="image" imagesrcset="/media/l/a-320.webp 320w, /media/l/b-1280.webp 1280w" imagesizes="(max-width: 900px) 100vw, 800px" fetchpriority="high" />',
    );
  });
});
