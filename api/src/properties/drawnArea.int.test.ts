import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polygonParamOf, type LngLat } from '@rentals/core/geo/polygon';
import { searchable, type Seeded } from '@rentals/testing/corpus';
import { offMapListing, startSearchApp, type SearchApp } from '@rentals/testing/searchApp';
import type { TestApp, TestUser } from '@rentals/testing/testApp';
import { searchMessages } from './searchParams.ts';

// Searching a drawn area (polygon=lng,lat;…) on the list and the map, for both audiences.

let t: TestApp;
let tenant: TestUser;
let corpus: Seeded[];
const offMapId = `offmap-${randomBytes(4).toString('hex')}`;

/**
 * An L over south Bengaluru: Koramangala in its upright arm, HSR Layout in
 * its foot, Indiranagar in the notch between them (inside the L's bounding
 * box, outside the L). The corpus puts each place's listings within 0.004°.
 */
const L_SHAPE: LngLat[] = [
  [77.6, 12.89],
  [77.68, 12.89],
  [77.68, 12.925],
  [77.632, 12.925],
  [77.632, 13.0],
  [77.6, 13.0],
];
const INDIA = '68,6,98,37';

/** Even–odd ray casting: the test's own answer to "is this point in the area". */
const inArea = (lng: number, lat: number, points: LngLat[]) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

let app: SearchApp;
beforeAll(async () => {
  app = await startSearchApp({
    index: `listings_d_${randomBytes(4).toString('hex')}`,
    size: 60,
    // Inside the L, but kept off the map by its owner: in the signed-in list, on no map.
    more: offMapListing(offMapId, { latitude: 12.95, longitude: 77.61 }),
  });
  ({ t, tenant, corpus } = app);
});
afterAll(() => app.close());

const get = async <T>(path: string, token?: string) => {
  const response = await t.app.handle(
    new Request(`http://localhost/api${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
  return { status: response.status, body: (await response.json()) as T };
};
type List = { properties: { _id: string }[]; totalCount: number };
type PublicList = { properties: { _id: string }[]; pagination: { totalItems: number } };
type MapAnswer = { total: number; points?: { id: string }[] };

const sorted = (ids: string[]) => [...ids].sort();
/** The corpus listings the L holds, at their exact positions. */
const inL = () =>
  searchable(corpus).filter(
    (s) => s.coordinates && inArea(s.coordinates.longitude, s.coordinates.latitude, L_SHAPE),
  );

describe('a drawn area, signed in', () => {
  it('the list holds exactly the listings inside the area, not those in its notch', async () => {
    const expected = inL();
    expect(new Set(expected.map((s) => s.area))).toEqual(new Set(['Koramangala', 'HSR Layout']));
    const { status, body } = await get<List>(
      `/properties?polygon=${polygonParamOf(L_SHAPE)}&limit=50`,
      tenant.token,
    );
    expect(status).toBe(200);
    expect(sorted(body.properties.map((p) => p._id))).toEqual(
      sorted([...expected.map((s) => s.id), offMapId]),
    );
    expect(body.totalCount).toBe(expected.length + 1);
    // The notch is inside the area's bounding box: the area itself decided.
    const notch = searchable(corpus).filter((s) => s.area === 'Indiranagar' && s.coordinates);
    expect(notch.length).toBeGreaterThan(0);
    for (const s of notch) expect(body.properties.map((p) => p._id)).not.toContain(s.id);
  });

  it('applies the filters, the free text and the sort within the area', async () => {
    const expected = inL()
      .filter((s) => s.propertyType === 'flat' && s.rent >= 20000 && /garden/.test(s.title))
      .sort((a, b) => a.rent - b.rent);
    const { body } = await get<List>(
      `/properties?polygon=${polygonParamOf(L_SHAPE)}&propertyType=flat&minRent=20000&q=gard&sort=rent_asc`,
      tenant.token,
    );
    expect(body.properties.map((p) => p._id)).toEqual(expected.map((s) => s.id));
    expect(body.totalCount).toBe(expected.length);
  });

  it('the map shows the same listings, except the one kept off the map, with or without text', async () => {
    for (const q of ['', '&q=home']) {
      const { status, body } = await get<MapAnswer>(
        `/properties/map?bbox=${INDIA}&zoom=11&polygon=${polygonParamOf(L_SHAPE)}${q}`,
        tenant.token,
      );
      expect(status).toBe(200);
      expect(sorted(body.points!.map((p) => p.id))).toEqual(sorted(inL().map((s) => s.id)));
    }
  });

  it('a viewport and an area together: only what is in both', async () => {
    // The viewport holds the upright arm only (Koramangala), not the foot (HSR Layout).
    const { body } = await get<MapAnswer>(
      `/properties/map?bbox=77.59,12.93,77.64,13.01&zoom=13&polygon=${polygonParamOf(L_SHAPE)}`,
      tenant.token,
    );
    const expected = inL().filter((s) => s.area === 'Koramangala');
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(body.points!.map((p) => p.id))).toEqual(sorted(expected.map((s) => s.id)));
  });
});

describe('a drawn area, for visitors', () => {
  it('is tested against the visitor positions, on the list and on the map', async () => {
    const visible = await t.db.sql<{ id: string; lat: number; lng: number }[]>`
      SELECT id, coarse_lat AS lat, coarse_lng AS lng FROM listing_public
      WHERE listed AND show_on_map AND coarse_lat IS NOT NULL`;
    // Wide enough that the displaced visitor positions land on both sides of it; its edges off
    // the grid those positions are rounded to (on an edge, Postgres counts a point as inside).
    const area: LngLat[] = [
      [77.5537, 12.8513],
      [77.7471, 12.8513],
      [77.7471, 12.9489],
      [77.5537, 12.9489],
    ];
    const expected = sorted(visible.filter((v) => inArea(v.lng, v.lat, area)).map((v) => v.id));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(visible.length);
    const list = await get<PublicList>(
      `/properties/public?polygon=${polygonParamOf(area)}&limit=50`,
    );
    expect(sorted(list.body.properties.map((p) => p._id))).toEqual(expected);
    const map = await get<MapAnswer>(
      `/properties/map?bbox=${INDIA}&zoom=11&polygon=${polygonParamOf(area)}`,
    );
    expect(sorted(map.body.points!.map((p) => p.id))).toEqual(expected);
    expect(expected).not.toContain(offMapId);
  });
});

describe('a malformed area', () => {
  it.each([
    ['two points', '77.6,12.9;77.7,12.9'],
    ['a latitude off the globe', '77.6,12.9;77.7,95;77.65,13'],
    ['filter syntax', '77.6,12.9;77.7,12.9;77.65,13))%20OR%20true'],
  ])('%s: 400 naming polygon, on the list and the map', async (_, polygon) => {
    for (const path of [
      `/properties?polygon=${polygon}`,
      `/properties/public?polygon=${polygon}`,
      `/properties/map?bbox=${INDIA}&zoom=5&polygon=${polygon}`,
    ]) {
      const { status, body } = await get<{ errors: { path: string; msg: string }[] }>(
        path,
        tenant.token,
      );
      expect(status, path).toBe(400);
      expect(body.errors).toEqual([{ path: 'polygon', msg: searchMessages.polygon }]);
    }
  });
});
