import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SearchAudience } from '@rentals/projections/queries/criteria';
import {
  cellDegrees,
  clusterPoints,
  roundDegrees,
  type MapPoint,
} from '@rentals/projections/queries/mapGrid';
import { mapPointsInMeili } from '@rentals/projections/queries/mapInMeili';
import {
  mapClustersInPostgres,
  mapPointsInPostgres,
  type MapCriteria,
} from '@rentals/projections/queries/mapInPostgres';
import { createMeili } from '@rentals/projections/queries/meili';
import { searchable, type Seeded } from '@rentals/testing/corpus';
import { offMapListing, startSearchApp, type SearchApp } from '@rentals/testing/searchApp';
import type { TestApp, TestUser } from '@rentals/testing/testApp';
import { mapMessages } from './mapParams.ts';
import { createMapSearch } from './mapSearch.ts';

let t: TestApp;
let tenant: TestUser;
let corpus: Seeded[];
const hiddenId = `hidden-${randomBytes(4).toString('hex')}`;
const index = `listings_m_${randomBytes(4).toString('hex')}`;
const meili = () => createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });

const INDIA = { west: 68, south: 6, east: 98, north: 37 };
const BENGALURU = { west: 77.5, south: 12.8, east: 77.8, north: 13.1 };

let app: SearchApp;
beforeAll(async () => {
  app = await startSearchApp({
    index,
    size: 60,
    // An owner who keeps their listing off the map: never on anyone's map.
    more: offMapListing(hiddenId, { latitude: 12.9352, longitude: 77.6245 }),
  });
  ({ t, tenant, corpus } = app);
});
afterAll(() => app.close());

type Answer = {
  total: number;
  clustered: boolean;
  points?: MapPoint[];
  clusters?: { lat: number; lng: number; count: number }[];
};
type ErrorBody = { message: string; errors: { path: string; msg: string }[] };

const get = async <T = Answer>(query: string, token?: string) => {
  const response = await t.app.handle(
    new Request(`http://localhost/api/properties/map?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
  return { status: response.status, body: (await response.json()) as T };
};

const onMap = () => searchable(corpus).filter((s) => s.coordinates !== null);
const inside = (p: { lat: number; lng: number }, b: typeof INDIA) =>
  p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;

describe('GET /api/properties/map', () => {
  it('gives a signed-in user every match as a point with its exact position, type and rent', async () => {
    const { status, body } = await get(
      `bbox=${Object.values(INDIA).join(',')}&zoom=5`,
      tenant.token,
    );
    expect(status).toBe(200);
    expect(body.clustered).toBe(false);
    const expected = onMap();
    expect(body.total).toBe(expected.length);
    expect(body.points!.map((p) => p.id).sort()).toEqual(expected.map((s) => s.id).sort());
    const byId = new Map(expected.map((s) => [s.id, s]));
    for (const p of body.points!) {
      const s = byId.get(p.id)!;
      expect(p).toEqual({
        id: s.id,
        lat: roundDegrees(s.coordinates!.latitude),
        lng: roundDegrees(s.coordinates!.longitude),
        type: s.propertyType,
        rent: s.rent,
      });
    }
    expect(body.points!.some((p) => p.id === hiddenId)).toBe(false);
  });

  it('returns only points inside the viewport, with the filters applied', async () => {
    const { body } = await get(
      `bbox=${Object.values(BENGALURU).join(',')}&zoom=11&propertyType=flat&minRent=10000`,
      tenant.token,
    );
    const expected = onMap().filter(
      (s) => s.city === 'Bengaluru' && s.propertyType === 'flat' && s.rent >= 10000,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body.points!.map((p) => p.id).sort()).toEqual(expected.map((s) => s.id).sort());
    for (const p of body.points!) expect(inside(p, BENGALURU)).toBe(true);
  });

  it('gives visitors the visitor positions, never rent or the exact position', async () => {
    const { body } = await get(`bbox=${Object.values(INDIA).join(',')}&zoom=5`);
    const visitor = await t.db.sql<{ id: string; lat: number; lng: number }[]>`
      SELECT id, coarse_lat AS lat, coarse_lng AS lng FROM listing_public
      WHERE listed AND show_on_map AND coarse_lat IS NOT NULL`;
    expect(body.total).toBe(visitor.length);
    const exact = new Map(onMap().map((s) => [s.id, s.coordinates!]));
    const published = new Map(visitor.map((v) => [v.id, v]));
    for (const p of body.points!) {
      expect(Object.keys(p).sort()).toEqual(['id', 'lat', 'lng', 'type']);
      expect({ lat: p.lat, lng: p.lng }).toEqual({
        lat: published.get(p.id)!.lat,
        lng: published.get(p.id)!.lng,
      });
      const e = exact.get(p.id)!;
      // At least 2 km away (visitor_position moves each listing 2.2–6.8 km).
      expect(Math.hypot((p.lat - e.latitude) * 110.6, (p.lng - e.longitude) * 108)).toBeGreaterThan(
        2,
      );
    }
    // Rent filters are not applied for visitors (rent is not public): they cannot probe rents.
    const probed = await get(`bbox=${Object.values(INDIA).join(',')}&zoom=5&maxRent=1`);
    expect(probed.body.total).toBe(body.total);
  });

  it('answers 0 matches with an empty set, not an error', async () => {
    const { status, body } = await get(`bbox=0,0,1,1&zoom=9`, tenant.token);
    expect(status).toBe(200);
    expect(body).toEqual({ total: 0, clustered: false, points: [] });
  });

  it.each([
    ['zoom=5', 'bbox', mapMessages.bboxRequired],
    ['bbox=1,2,3&zoom=5', 'bbox', mapMessages.bbox],
    ['bbox=-200,6,98,37&zoom=5', 'bbox', mapMessages.bbox],
    ['bbox=98,6,68,37&zoom=5', 'bbox', mapMessages.bbox],
    ['bbox=68,6,98,37', 'zoom', mapMessages.zoom],
    ['bbox=68,6,98,37&zoom=99', 'zoom', mapMessages.zoom],
    ['bbox=68,6,98,37&zoom=abc', 'zoom', mapMessages.zoom],
    ['bbox=68,6,98,37&zoom=5&bedrooms=-1', 'bedrooms', undefined],
    ['bbox=68,6,98,37&zoom=5&city=' + 'x'.repeat(101), 'city', undefined],
  ])('refuses %s with a 400 naming %s', async (query, path, msg) => {
    const { status, body } = await get<ErrorBody>(query, tenant.token);
    expect(status).toBe(400);
    expect(body.message).toBe('Validation failed');
    const error = body.errors.find((e) => e.path === path);
    expect(error).toBeDefined();
    if (msg) expect(error!.msg).toBe(msg);
  });
});

describe('clusters', () => {
  const search = () => createMapSearch({ ...t.deps, degraded: () => false, pointLimit: 10 });

  it.each(['full', 'public'] as SearchAudience[])(
    'sum to the total of the same search as points (%s)',
    async (audience) => {
      const criteria: MapCriteria = { bbox: INDIA };
      const all = await mapPointsInPostgres(t.db.sql, audience, criteria, 10_000);
      const answer = await search()(audience, criteria, 5);
      expect(answer.clustered).toBe(true);
      if (!answer.clustered) return;
      expect(answer.total).toBe(all.total);
      expect(answer.clusters.reduce((s, c) => s + c.count, 0)).toBe(all.total);
      expect(answer.clusters.length).toBeGreaterThan(1);
      for (const c of answer.clusters) expect(inside(c, INDIA)).toBe(true);
      // The same cells as clustering the points one by one.
      const byHand = clusterPoints(all.points!, answer.cellDegrees);
      const key = (c: { lat: number; lng: number; count: number }) =>
        `${c.lat.toFixed(4)},${c.lng.toFixed(4)},${c.count}`;
      expect(answer.clusters.map(key).sort()).toEqual(byHand.map(key).sort());
    },
  );

  it('keeps the grid within 48 cells across whatever the zoom says', () => {
    expect(INDIA.east - INDIA.west).toBeLessThanOrEqual(48 * cellDegrees(22, INDIA));
  });
});

describe('parity: Meilisearch and Postgres give the same points', () => {
  const CORPUS: MapCriteria[] = [
    { bbox: INDIA },
    { bbox: BENGALURU },
    { bbox: INDIA, cities: ['mumbai', 'pune'] },
    { bbox: INDIA, cities: ['bengaluru'], areas: ['koramangala'] },
    { bbox: INDIA, propertyTypes: ['PG'] },
    { bbox: INDIA, minRent: 15000, maxRent: 45000 },
    { bbox: INDIA, bedrooms: 2, bathrooms: 2 },
    { bbox: INDIA, q: 'lakeview' },
    { bbox: { west: 72, south: 18, east: 74, north: 20 }, q: 'terrace' },
    { bbox: INDIA, cities: ['atlantis'] },
  ];
  it.each(
    CORPUS.flatMap((c) =>
      (['full', 'public'] as SearchAudience[]).map((a) => [a, JSON.stringify(c), c] as const),
    ),
  )('%s %s', async (audience, _name, criteria) => {
    const [fromMeili, fromPostgres] = await Promise.all([
      mapPointsInMeili(meili(), audience, criteria, 1000, { index }),
      mapPointsInPostgres(t.db.sql, audience, criteria, 1000),
    ]);
    expect(fromPostgres.total).toBe(fromMeili.total);
    const sorted = (points: MapPoint[] | undefined) =>
      [...(points ?? [])].sort((a, b) => a.id.localeCompare(b.id));
    expect(sorted(fromPostgres.points)).toEqual(sorted(fromMeili.points));
    const cell = cellDegrees(9, criteria.bbox);
    const clusters = await mapClustersInPostgres(t.db.sql, audience, criteria, cell);
    expect(clusters.reduce((s, c) => s + c.count, 0)).toBe(fromMeili.total);
  });
});
