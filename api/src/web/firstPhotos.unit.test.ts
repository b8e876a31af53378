import { describe, expect, it } from 'vitest';
import { firstPhotosMarkup } from '@rentals/core/ui/firstPhotos';
import { FIRST_PHOTOS_WAIT_MS, firstPhotosQuery, withFirstPhotos } from './firstPhotos.ts';

const asked = (path: string) => firstPhotosQuery(new URL(path, 'http://rentals.test'))?.toString();

describe("the search page's first photos: which pages get them", () => {
  it('a list of a city, a type, bedrooms or bathrooms, in any language: page 1 of a visitor search', () => {
    expect(asked('/properties?city=Pune&propertyType=flat&bedrooms=2&view=list')).toBe(
      'city=Pune&propertyType=flat&bedrooms=2&page=1&limit=6',
    );
    expect(asked('/hi/properties/?city=+Pune+&bathrooms=')).toBe('city=Pune&page=1&limit=6');
    expect(asked('/properties')).toBe('page=1&limit=6');
  });

  it('not the map, a drawn area, nor what only a signed-in search filters by or sorts on', () => {
    for (const path of [
      '/properties?city=Pune&view=map',
      '/properties?polygon=1,2;3,4;5,6',
      '/properties?maxRent=9000',
      '/properties?city=Pune&area=Kothrud',
      '/properties?sort=rent_asc',
      '/properties?q=2bhk',
      '/properties?ownersOnly=true',
      '/properties/abc',
      '/favourites?city=Pune',
    ])
      expect(asked(path), path).toBeUndefined();
  });
});

const PAGE =
  '<main><div class="property-grid"><div class="first-photos"></div><div class="skeleton skeleton-card"></div></div></main>';
const page = () =>
  Promise.resolve(
    new Response(PAGE, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self'",
      },
    }),
  );
const flat = {
  title: 'Flat <b>near</b> "park"',
  images: [{ url: '/media/a/b-1280.webp', width: 1280, height: 960 }],
};
const found = (...properties: { title: string; images: object[] }[]) =>
  Promise.resolve({ properties });
const LISTING = '<main><div class="gallery-main listing-first-photo"></div></main>';
const listingPage = () => Promise.resolve(new Response(LISTING));

describe('the page served with them', () => {
  it("fills the skeleton grid's slot, the first photo fetched first, listing text escaped", async () => {
    const asked: string[] = [];
    const serve = withFirstPhotos(page, (path) => {
      asked.push(path);
      return found(flat, { title: 'No photo yet', images: [] }, flat);
    });
    const res = await serve(new Request('http://rentals.test/properties?city=Pune'));
    const html = await res.text();
    expect(asked).toEqual(['/api/properties/public?city=Pune&page=1&limit=6']);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.get('vary')).toMatch(/Save-Data/);
    expect(html.match(/class="skeleton skeleton-card first-photo"/g)).toHaveLength(3);
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(html).toContain('alt="Flat &lt;b&gt;near&lt;/b&gt; &quot;park&quot;"');
    expect(html).not.toContain('<b>near');
    expect(Number(res.headers.get('content-length'))).toBe(
      new TextEncoder().encode(html).byteLength,
    );
  });

  it("puts a listing's first photo in its gallery's box, asked for as a glance (no view counted)", async () => {
    const asked: string[] = [];
    const serve = withFirstPhotos(listingPage, (path) => {
      asked.push(path);
      return Promise.resolve({ property: flat });
    });
    const html = await (await serve(new Request('http://rentals.test/hi/properties/abc-1'))).text();
    expect(asked).toEqual(['/api/properties/abc-1?preview=1']);
    expect(html).toMatch(
      /^<main><div class="gallery-main listing-first-photo"><img\s+src="\/media\/a\/b-1280.webp"[^>]*fetchpriority="high"/,
    );
  });

  it('compressed for a browser that takes gzip', async () => {
    const serve = withFirstPhotos(page, () => found(flat));
    const res = await serve(
      new Request('http://rentals.test/properties', { headers: { 'accept-encoding': 'gzip, br' } }),
    );
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(html).toContain(firstPhotosMarkup([{ title: flat.title, image: flat.images[0] }]).value);
  });

  it('as built when the data saver is on, or the answer is empty, refused or late', async () => {
    const cases: [string, RequestInit, () => Promise<unknown>][] = [
      [
        '/properties',
        { headers: { 'save-data': 'on' } },
        () => Promise.reject(new Error('never asked')),
      ],
      ['/properties', {}, () => found()],
      ['/properties', {}, () => Promise.resolve(null)],
      ['/properties', {}, () => Promise.reject(new Error('search down'))],
      [
        '/properties',
        {},
        () =>
          new Promise((resolve) =>
            setTimeout(() => resolve(found(flat)), FIRST_PHOTOS_WAIT_MS + 200),
          ),
      ],
      ['/properties/abc', {}, () => Promise.resolve({ property: { ...flat, images: [] } })],
    ];
    for (const [path, init, ask] of cases) {
      const built = path === '/properties' ? PAGE : LISTING;
      const site = path === '/properties' ? page : listingPage;
      const res = await withFirstPhotos(site, ask)(new Request(`http://rentals.test${path}`, init));
      expect(await res.text()).toBe(built);
    }
  });
});
