import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CITIES, meiliSynonyms } from '@rentals/core/gazetteer/cities';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { ensureGeoData } from '@rentals/testing/infra';
import { createLocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { errorHandler } from '../shared/errorHandler.ts';
import { silentLogger } from '@rentals/core/logger';
import type { GeoResult } from './geocoder.ts';
import { geoRoutes } from './index.ts';
import { loadPlaces, PLACES_SETTINGS } from './placesIndex.ts';

const km = (a: { lat: number; lon: number }, b: [number, number]) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[0] - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

let dataDir: string;
const meili = () => ({ url: inject('meiliUrl'), key: inject('meiliKey') });
const index = `places_${randomBytes(4).toString('hex')}`;
const buildGeoApp = () =>
  new Elysia()
    .use(errorHandler(silentLogger))
    .group('/api', (api) =>
      api.use(geoRoutes({ meili: meili(), log: silentLogger, placesIndex: index })),
    );
let app: ReturnType<typeof buildGeoApp>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-geo-'));
  await ensureGeoData(dataDir, silentLogger);
  await loadPlaces(meili(), dataDir, { index });
  app = buildGeoApp();
}, 300_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const response = await app.handle(new Request(`http://localhost${path}`));
  return { status: response.status, body: (await response.json()) as T };
};
const search = async (q: string) => {
  const { status, body } = await get<GeoResult[]>(`/api/geo/search?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return body;
};

describe('forward geocoding', () => {
  /** The first answer for `query` is within `limit` km of `at`. */
  const expectFoundWithin = async (query: string, at: [number, number], limit: number) => {
    const [first] = await search(query);
    expect(first, query).toBeDefined();
    expect(km(first!, at), `${query} → ${first!.display_name}`).toBeLessThan(limit);
  };

  // The yardstick: the first result within 2 km.
  const KNOWN: [string, [number, number]][] = [
    ['560034', [12.93, 77.62]],
    ['Koramangala', [12.9352, 77.6245]],
    ['400053', [19.11, 72.86]],
    ['Andheri West', [19.1136, 72.8697]],
    ['110001', [28.63, 77.22]],
    ['Connaught Place', [28.6315, 77.2167]],
  ];
  it.each(KNOWN)('finds %s within 2 km', (query, at) => expectFoundWithin(query, at, 2));

  // More localities and cities; a PIN centroid is not a neighbourhood's centre, so 3 km here.
  const MORE: [string, [number, number]][] = [
    ['Whitefield', [12.9698, 77.75]],
    ['Indiranagar', [12.9719, 77.6412]],
    ['HSR Layout', [12.9121, 77.6446]],
    ['Powai', [19.1176, 72.906]],
    ['Gachibowli', [17.4401, 78.3489]],
    ['Hinjewadi', [18.5913, 73.7389]],
    ['Adyar', [13.0012, 80.2565]],
    ['Bengaluru', [12.9716, 77.5946]],
    ['Mumbai', [19.076, 72.8777]],
    ['Pune', [18.5204, 73.8567]],
    ['Chennai', [13.0827, 80.2707]],
    ['Kolkata', [22.5726, 88.3639]],
    ['Salt Lake', [22.5867, 88.4171]],
  ];
  it.each(MORE)('finds %s within 3 km', (query, at) => expectFoundWithin(query, at, 3));

  // The popular localities (popularLocalities.json) by name and by their other, official or popular, names.
  const POPULAR: [string, [number, number]][] = [
    ['Andheri East', [19.1178, 72.8737]],
    ['Chandrasekharpur', [20.33, 85.8188]],
    ['Sector 61 Mohali', [30.6837, 76.7308]],
    ['Noida Extension', [28.5199, 77.4587]],
    ['DLF Qutab Enclave', [28.4747, 77.1049]],
  ];
  it.each(POPULAR)('finds the popular locality %s at its PIN', async (query, at) => {
    const [first] = await search(query);
    expect(first?.kind, `${query} → ${first?.display_name}`).toBe('locality');
    expect(km(first!, at), `${query} → ${first!.display_name}`).toBeLessThan(1);
  });

  it('answers a PIN code with that PIN and its locality', async () => {
    const [first] = await search('560034');
    expect(first).toMatchObject({
      kind: 'pin',
      display_name: 'Koramangala, Bangalore, Karnataka 560034',
    });
  });

  it('tolerates typos', async () => {
    for (const [typo, at] of [
      ['Koramangla', [12.93, 77.62]],
      ['Conaught Place', [28.63, 77.22]],
      ['Whitefeild', [12.97, 77.75]],
      ['Banglore', [12.97, 77.59]],
    ] as [string, [number, number]][]) {
      const [first] = await search(typo);
      expect(km(first!, at), `${typo} → ${first?.display_name}`).toBeLessThan(3);
    }
  });

  it('ranks a city above same-named post offices and big-city localities above village ones', async () => {
    const [pune] = await search('Pune');
    expect(pune).toMatchObject({ kind: 'city' });
    // Andheri is also a post office in Sirmaur (Himachal) and Dahod (Gujarat).
    const [andheri] = await search('Andheri');
    expect(andheri!.display_name).toContain('Mumbai');
    // Powai is also a post office in Tinsukia (Assam).
    const [powai] = await search('Powai');
    expect(powai!.display_name).toContain('Mumbai');
    expect(km(powai!, [19.1176, 72.906])).toBeLessThan(3);
  });

  it('knows the old names of cities', async () => {
    for (const [old, at] of [
      ['Bangalore', [12.97, 77.59]],
      ['Bombay', [19.07, 72.88]],
      ['Gurgaon', [28.46, 77.03]],
      ['Calcutta', [22.57, 88.36]],
      ['Madras', [13.08, 80.27]],
    ] as [string, [number, number]][]) {
      const [first] = await search(old);
      expect(km(first!, at), `${old} → ${first?.display_name}`).toBeLessThan(5);
      expect(first!.kind).toBe('city');
    }
  });

  it('finds places typed in Devanagari or Kannada where their English names are', async () => {
    for (const [typed, at, kind] of [
      ['बेंगलुरु', [12.97, 77.59], 'city'],
      ['ಬೆಂಗಳೂರು', [12.97, 77.59], 'city'],
      ['बम्बई', [19.07, 72.88], 'city'],
      ['कोरमंगला', [12.93, 77.62], 'locality'],
      ['ಕೋರಮಂಗಲ', [12.93, 77.62], 'locality'],
      ['अंधेरी पूर्व', [19.1178, 72.8737], 'locality'],
    ] as [string, [number, number], string][]) {
      const [first] = await search(typed);
      expect(first?.kind, `${typed} → ${first?.display_name}`).toBe(kind);
      expect(km(first!, at), `${typed} → ${first?.display_name}`).toBeLessThan(3);
    }
  });

  it('finds a city under every name the listings search knows it by (one gazetteer table)', async () => {
    // The places index's synonyms are the listings index's, not a copy that can drift.
    expect(PLACES_SETTINGS.synonyms).toEqual(meiliSynonyms());
    const matcher = createLocalityMatcher([]);
    for (const city of CITIES)
      for (const alias of city.aliases ?? []) {
        // The listings search reads the alias as the city…
        expect(matcher.resolveCities(alias), alias).toContain(normaliseLocality(city.name));
        // …and the geocoder puts it where the city's own name is.
        const [byName] = await search(city.name);
        const [byAlias] = await search(alias);
        expect(byAlias?.kind, `${alias} → ${byAlias?.display_name}`).toBe('city');
        expect(
          km(byAlias!, [byName!.lat, byName!.lon]),
          `${alias} → ${byAlias?.display_name}, ${city.name} → ${byName?.display_name}`,
        ).toBeLessThan(20);
      }
  });

  it('returns at most 5 results, fewer when asked, each place once', async () => {
    const results = await search('Nagar');
    expect(results).toHaveLength(5);
    expect(new Set(results.map((r) => r.display_name)).size).toBe(5);
    const two = await get<GeoResult[]>('/api/geo/search?q=Koramangala&limit=2');
    expect(two.body.length).toBeLessThanOrEqual(2);
    for (const r of results)
      expect(Object.keys(r).sort()).toEqual(['display_name', 'kind', 'lat', 'lon']);
  });

  it('refuses a missing query and a limit above 5', async () => {
    const blank = await get<{ message: string; errors: { path: string; msg: string }[] }>(
      '/api/geo/search?q=%20%20',
    );
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({ path: 'q', msg: 'Search text is required' });
    const tooMany = await get<{ errors: { path: string; msg: string }[] }>(
      '/api/geo/search?q=Pune&limit=6',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({
      path: 'limit',
      msg: 'Limit must be between 1 and 5',
    });
  });
});

describe('reverse geocoding', () => {
  it('names the nearest locality', async () => {
    const { status, body } = await get<GeoResult>('/api/geo/reverse?lat=12.9279&lng=77.6271');
    expect(status).toBe(200);
    expect(body).toMatchObject({ lat: 12.9279, lon: 77.6271 });
    expect(body.display_name).toMatch(/Bangalore, Karnataka 5600\d\d$/);
    const cp = await get<GeoResult>('/api/geo/reverse?lat=28.6315&lng=77.2167');
    expect(cp.body.display_name).toContain('Delhi');
  });

  it("falls back to 'lat, lng' with 6 decimals where nothing is near", async () => {
    const { body } = await get<GeoResult>('/api/geo/reverse?lat=-10.5&lng=80.25');
    expect(body).toEqual({
      lat: -10.5,
      lon: 80.25,
      display_name: '-10.500000, 80.250000',
      kind: 'coordinates',
    });
  });

  it('checks the coordinates with the spec messages', async () => {
    const { status, body } = await get<{ errors: { path: string; msg: string }[] }>(
      '/api/geo/reverse?lat=91&lng=200',
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'lat', msg: 'Latitude must be a valid number between -90 and 90' },
        { path: 'lng', msg: 'Longitude must be a valid number between -180 and 180' },
      ]),
    );
  });
});

describe('loading the gazetteer', () => {
  it('skips a load when the index already holds this build', async () => {
    const again = await loadPlaces(meili(), dataDir, { index });
    expect(again.loaded).toBe(false);
  });
});
