import { describe, expect, it } from 'vitest';
import { holdPhotos, wantsDataSaver } from './heldPhotos.ts';

const page = `<html><head><link rel="preload" as="image" imagesrcset="/media/a-640.avif 640w" fetchpriority="high" /><link rel="stylesheet" href="/browse/_assets/site.css" /></head><body>
<picture><source type="image/avif" srcset="/media/a-320.avif 320w" sizes="100vw" /><img src="/media/a.jpg" srcset="/media/a-320.webp 320w" alt="Hall" loading="lazy" fetchpriority="high" style="background-image:url(&quot;data:image/webp;base64,AA&quot;)"></picture>
<img src="/media/b.jpg" alt="Kitchen" loading="lazy">
<img src="data:image/gif;base64,R0lGOD" alt=""></body></html>`;

describe('holdPhotos', () => {
  const held = holdPhotos(page, 'en');

  it('names no photo file where the browser would fetch it, and drops the preload', () => {
    expect(held).not.toMatch(/\ssrc(set)?="\/media\//);
    expect(held).not.toContain('rel="preload"');
    expect(held).not.toContain('fetchpriority');
    expect(held).toContain('data-src="/media/a.jpg"');
    expect(held).toContain('data-srcset="/media/a-320.avif 320w"');
    expect(held).toContain('data-srcset="/media/a-320.webp 320w"');
    // The blurred preview, the stylesheet and a data: image stay.
    expect(held).toContain('background-image');
    expect(held).toContain('rel="stylesheet"');
    expect(held).toContain('src="data:image/gif;base64,R0lGOD"');
  });

  it("frames each photo (the picture, not its img) as core's ResponsiveImage does, with its button", () => {
    expect(held.match(/<span class="photo-held" data-photo-held="waiting">/g)).toHaveLength(2);
    expect(held).toContain('<span class="photo-held" data-photo-held="waiting"><picture>');
    expect(held).toContain(
      '</picture><button type="button" class="btn btn-secondary" data-show-photo="">Show photo</button></span>',
    );
    expect(held).toMatch(
      /<span class="photo-held" data-photo-held="waiting"><img [^>]*alt="Kitchen"/,
    );
  });

  it("says 'Show photo' in the page's language", () => {
    const hindi = holdPhotos(page, 'hi');
    expect(hindi).toContain('data-show-photo=""');
    expect(hindi).not.toContain('>Show photo<');
  });
});

describe('wantsDataSaver', () => {
  const asks = (headers: Record<string, string>) => wantsDataSaver(new Headers(headers));

  it("follows the person's choice first, then the browser's Save-Data", () => {
    expect(asks({})).toBe(false);
    expect(asks({ 'save-data': 'on' })).toBe(true);
    expect(asks({ 'save-data': 'off' })).toBe(false);
    expect(asks({ cookie: 'session=x; dataSaver=on' })).toBe(true);
    expect(asks({ cookie: 'dataSaver=off', 'save-data': 'on' })).toBe(false);
    expect(asks({ cookie: 'notdataSaver=on' })).toBe(false);
  });
});
