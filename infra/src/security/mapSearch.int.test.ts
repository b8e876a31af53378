// Security checklist: the map search (GET /api/properties/map, issue 16). Attacks: a visitor
// reading rent or exact positions from the map's slim points, or locating a listing by
// shrinking the viewport around where they think it is; crafted or oversized viewports and
// filters meant to break the query or make the answer huge.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapMessages } from '@rentals/api/properties/mapParams';
import { searchable, type Seeded } from '@rentals/testing/corpus';
import { startSearchApp, type SearchApp } from '@rentals/testing/searchApp';
import type { TestApp, TestUser } from '@rentals/testing/testApp';

type Point = { id: string; lat: number; lng: number; type: string; rent?: number };
type Answer = { total: number; clustered: boolean; points?: Point[]; clusters?: unknown[] };
type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };

let t: TestApp;
let tenant: TestUser;
let corpus: Seeded[];

let app: SearchApp;
beforeAll(async () => {
  app = await startSearchApp({
    index: `listings_ms_${randomBytes(4).toString('hex')}`,
    size: 42,
  });
  ({ t, tenant, corpus } = app);
});
afterAll(() => app.close());

const get = async <T = Answer>(query: string, token?: string) => {
  const response = await t.app.handle(
    new Request(`http://localhost/api/properties/map?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as T };
};

const mapped = () => searchable(corpus).filter((s) => s.coordinates !== null);

describe('what a visitor can learn from the map', () => {
  it('no rent and no exact position anywhere in the answer, with or without free text', async () => {
    for (const query of ['bbox=68,6,98,37&zoom=5', 'bbox=68,6,98,37&zoom=5&q=lakeview']) {
      const { status, text, body } = await get(query);
      expect(status).toBe(200);
      expect(body.points!.length).toBeGreaterThan(0);
      expect(text).not.toContain('"rent"');
      for (const s of mapped()) {
        expect(text).not.toContain(String(s.coordinates!.latitude));
        expect(text).not.toContain(String(s.coordinates!.longitude));
      }
    }
  });

  it('a viewport drawn tightly around a listing’s true position does not find it', async () => {
    for (const s of mapped().slice(0, 10)) {
      const { latitude: lat, longitude: lng } = s.coordinates!;
      const box = [lng - 0.002, lat - 0.002, lng + 0.002, lat + 0.002]
        .map((v) => v.toFixed(4))
        .join(',');
      const visitor = await get(`bbox=${box}&zoom=16`);
      expect(visitor.body.points!.map((p) => p.id)).not.toContain(s.id);
      // The same box finds it for a signed-in user: the probe itself is sound.
      const signedIn = await get(`bbox=${box}&zoom=16`, tenant.token);
      expect(signedIn.body.points!.map((p) => p.id)).toContain(s.id);
    }
  });

  it('rent filters are not applied for visitors, so rents cannot be probed by bisection', async () => {
    const all = await get('bbox=68,6,98,37&zoom=5');
    for (const bound of ['minRent=60000', 'maxRent=1', 'minRent=20000&maxRent=20001'])
      expect((await get(`bbox=68,6,98,37&zoom=5&${bound}`)).body.total).toBe(all.body.total);
  });
});

describe('crafted viewports and filters', () => {
  it.each([
    ['bbox=NaN,6,98,37&zoom=5', 'bbox'],
    ['bbox=Infinity,6,98,37&zoom=5', 'bbox'],
    ['bbox=1e999,6,98,37&zoom=5', 'bbox'],
    ['bbox=-181,6,98,37&zoom=5', 'bbox'],
    ['bbox=68,-91,98,37&zoom=5', 'bbox'],
    [`bbox=${'1'.repeat(5000)},6,98,37&zoom=5`, 'bbox'],
    ['bbox=68,6,98,37,1&zoom=5', 'bbox'],
    ['bbox=68;DROP TABLE listing_read,6,98,37&zoom=5', 'bbox'],
    ['bbox=68,6,98,37&zoom=-1', 'zoom'],
    ['bbox=68,6,98,37&zoom=1e308', 'zoom'],
    ['bbox=68,6,98,37&zoom=23', 'zoom'],
    ['bbox=68,6,98,37&zoom=5&propertyType=PG%22%20OR%20isAvailable%20%3D%20false', 'propertyType'],
    ['bbox=68,6,98,37&zoom=5&minRent=1e999', 'minRent'],
    [`bbox=68,6,98,37&zoom=5&q=${'a'.repeat(201)}`, 'q'],
    ['bbox=68,6,98,37&zoom=5&polygon=77,12;78,12;NaN,13', 'polygon'],
    ['bbox=68,6,98,37&zoom=5&polygon=77,12;78,12;77.5,1e999', 'polygon'],
    [`bbox=68,6,98,37&zoom=5&polygon=${'77,12;'.repeat(2000)}77,12`, 'polygon'],
    ["bbox=68,6,98,37&zoom=5&polygon=77,12;78,12;77.5,13'))::polygon%20OR%20true--", 'polygon'],
  ])('%s → 400 naming %s', async (query, path) => {
    const { status, body } = await get<ErrorBody>(query, tenant.token);
    expect(status).toBe(400);
    expect(body.message).toBe('Validation failed');
    expect(body.errors!.map((e) => e.path)).toContain(path);
  });

  it('names every bad parameter at once, with the map’s own messages', async () => {
    const { status, body } = await get<ErrorBody>('zoom=99&bedrooms=x');
    expect(status).toBe(400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'bbox', msg: mapMessages.bboxRequired },
        { path: 'zoom', msg: mapMessages.zoom },
        expect.objectContaining({ path: 'bedrooms' }),
      ]),
    );
  });

  it('filter syntax in free text and places is only text: it matches nothing, never more', async () => {
    for (const query of [
      'q=%22)%20OR%20isAvailable%20%3D%20false%20OR%20(%22',
      "city=x'%20OR%20'1'%3D'1",
      'area=%22%20OR%20areaKey%20EXISTS%20OR%20%22',
    ]) {
      const { status, body } = await get(`bbox=68,6,98,37&zoom=5&${query}`, tenant.token);
      expect(status).toBe(200);
      expect(body.total).toBe(0);
    }
  });

  it('the whole world at the closest zoom stays a bounded answer', async () => {
    const { status, body } = await get('bbox=-180,-90,180,90&zoom=22', tenant.token);
    expect(status).toBe(200);
    expect(body.total).toBe(mapped().length);
  });
});
