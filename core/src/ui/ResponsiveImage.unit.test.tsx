import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { blurredPlaceholder } from './photoSources.ts';

const tiny = 'data:image/webp;base64,UklGRkAAAABXRUJQVlA4IDQAAAA=';
const withAvif = {
  url: '/media/l/b-1280.webp',
  placeholder: tiny,
  variants: [
    { width: 320, url: '/media/l/a-320.webp', avif: '/media/l/c-320.avif' },
    { width: 1280, url: '/media/l/b-1280.webp', avif: '/media/l/d-1280.avif' },
  ],
};
/** Processed before AVIF was made: WebP only. */
const webpOnly = {
  ...withAvif,
  variants: withAvif.variants.map(({ width, url }) => ({ width, url })),
};

const render = (image: typeof withAvif | typeof webpOnly, priority = false) =>
  renderToStaticMarkup(
    <ResponsiveImage
      image={image}
      alt="Living room"
      width={1600}
      height={1200}
      priority={priority}
      eager={priority}
    />,
  );

describe('a listing photo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers AVIF first and WebP in the img, both with the width-bound sizes', () => {
    const html = render(withAvif);
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcSet="\/media\/l\/c-320.avif 320w, \/media\/l\/d-1280.avif 1280w" sizes="\(max-width: 640px\) 100vw, 400px"\/><img /,
    );
    expect(html).toContain(
      'srcSet="/media/l/a-320.webp 320w, /media/l/b-1280.webp 1280w" sizes="(max-width: 640px) 100vw, 400px"',
    );
    expect(html).toContain('width="1600" height="1200" loading="lazy"');
    expect(html).toMatch(/<\/picture>$/);
  });

  it('is a plain WebP img for a photo made before AVIF', () => {
    const html = render(webpOnly);
    expect(html).not.toContain('picture');
    expect(html).not.toContain('avif');
    expect(html).toMatch(/^<img src="\/media\/l\/b-1280.webp" srcSet="\/media\/l\/a-320.webp 320w/);
  });

  it('paints its placeholder blurred underneath, at the photo’s shape', () => {
    const placeholder = blurredPlaceholder({ ...withAvif, width: 1600, height: 1200 })!;
    const svg = decodeURIComponent(placeholder.slice('data:image/svg+xml,'.length));
    expect(svg).toContain("viewBox='0 0 16 12'");
    expect(svg).toContain('feGaussianBlur');
    expect(svg).toContain(`href='${tiny}'`);
    expect(render(withAvif)).toContain(`background-image:url(&quot;${placeholder}&quot;)`);
    // Anything but the pipeline's own data: URI is never painted.
    expect(
      blurredPlaceholder({ url: '/x', placeholder: 'https://evil.example/x.png' }),
    ).toBeUndefined();
    expect(
      blurredPlaceholder({ url: '/x', placeholder: "data:image/webp;base64,A')" }),
    ).toBeUndefined();
  });

  it('is fetched first when it is the page’s largest paint', () => {
    const html = render(withAvif, true);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('waits behind a button while the data saver holds it: no file is named where the browser looks', () => {
    // What the site's data saver store puts on the page's root element while it is on.
    vi.stubGlobal('document', { documentElement: { dataset: { photoHold: 'Show photo' } } });
    const html = render(withAvif);
    expect(html).toMatch(
      /^<span class="photo-held" data-photo-held="waiting" style="background-image:/,
    );
    expect(html).toContain(
      '<source type="image/avif" data-srcset="/media/l/c-320.avif 320w, /media/l/d-1280.avif 1280w"',
    );
    expect(html).toContain(
      'data-src="/media/l/b-1280.webp" data-srcset="/media/l/a-320.webp 320w, /media/l/b-1280.webp 1280w"',
    );
    expect(html).not.toMatch(/ (src|srcSet|srcset)=/);
    expect(html).toMatch(
      /<button type="button" class="btn btn-secondary" data-show-photo="">Show photo<\/button><\/span>$/,
    );
    // Inside a thumbnail's button: the preview only, no button in a button.
    expect(
      renderToStaticMarkup(<ResponsiveImage image={withAvif} alt="" inButton />),
    ).not.toContain('<button');
    // The gallery's own "Show photo" was pressed: it loads.
    expect(renderToStaticMarkup(<ResponsiveImage image={withAvif} alt="" asked />)).toMatch(
      /^<picture><source type="image\/avif" srcSet=/,
    );
  });
});
