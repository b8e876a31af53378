import { describe, expect, it } from 'vitest';
import { firstPhotosMarkup } from '@rentals/core/ui/firstPhotos';
import { firstPhotosQuery, withFirstPhotos } from './firstPhotos.ts';

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
  image: { url: '/media/a/b-1280.webp', width: 1280, height: 960 },
};

describe('the page served with them', () => {
  it("fills the skeleton grid's slot, the first photo fetched first, listing text escaped", async () => {
    const serve = withFirstPhotos(page, () =>
      Promise.resolve([flat, { title: 'No photo yet' }, flat]),
    );
    const res = await serve(new Request('http://rentals.test/properties?city=Pune'));
    const html = await res.text();
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

  it('compressed for a browser that takes gzip', async () => {
    const serve = withFirstPhotos(page, () => Promise.resolve([flat]));
    const res = await serve(
      new Request('http://rentals.test/properties', { headers: { 'accept-encoding': 'gzip, br' } }),
    );
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(html).toContain(firstPhotosMarkup([flat]).value);
  });

  it('as built when the data saver is on, the search finds nothing or fails', async () => {
    const cases: [RequestInit, () => Promise<null | []>][] = [
      [{ headers: { 'save-data': 'on' } }, () => Promise.reject(new Error('never asked'))],
      [{}, () => Promise.resolve([])],
      [{}, () => Promise.resolve(null)],
      [{}, () => Promise.reject(new Error('search down'))],
    ];
    for (const [init, search] of cases) {
      const res = await withFirstPhotos(
        page,
        search,
      )(new Request('http://rentals.test/properties', init));
      expect(await res.text()).toBe(PAGE);
    }
  });
});
