// Security checklist: the open rent data (/data/rents.*) publishes no figure that fewer than
// five listings or lets stand behind, and what it publishes is what the read models say.
// The lets are inserted into listing_lets directly: the let's own projection (issue 44's
// "the let recorded") fills that table once merged; this file tests only the open data.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { publicSiteHandler } from '@rentals/api/web/publicPages';
import { compareOpenData } from '@rentals/projections/openData/files';
import { isRentsFile, RentsFileSchema } from '@rentals/core/openData/rentsSchema';
import { dirtyCitiesProjection } from '@rentals/projections/dirtyCities/dirtyCities';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { regenerateOnce, startRegenerator } from '@rentals/projections/publicSite/regenerator';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { rentTrendsProjection } from '@rentals/projections/readModels/rentTrends';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import {
  appendListingEvent,
  createdEvent,
  insertOwners,
  seededListing,
} from '@rentals/testing/publicSiteFixtures';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';

const SITE = 'https://rentals.example.in';
const KORAMANGALA = 'Koramangala, 4th "B" Block';
let db: TestDatabase;
let out: string;
let running: RunningProjection[];
let n = 0;
const rents: Record<string, number[]> = {};

const caughtUp = () => Promise.all(running.map((r) => r.whenCaughtUp()));
const read = (relative: string) => readFileSync(join(out, relative), 'utf8');
const get = async (path: string) => {
  const response = await publicSiteHandler(out)(new Request(`http://localhost${path}`));
  if (!response) throw new Error(`${path} is not served`);
  return { status: response.status, headers: response.headers, body: await response.text() };
};

/** A flat of `bedrooms` BHK listed in Bengaluru's `area` in January 2026 (the fixtures' month). */
const list = async (area: string, bedrooms = 2) => {
  const listing = seededListing(++n, 'Bengaluru');
  const created = createdEvent(listing, n);
  const data = {
    ...created.data,
    location: { ...created.data.location, area },
    propertyDetails: { ...created.data.propertyDetails, bedrooms },
  };
  await insertOwners(db.sql, [listing]);
  await appendListingEvent(createEventStore(db.sql), { ...created, data });
  (rents[area] ??= []).push(listing.rent);
};

/** A let as the let's projection records it (inserted directly, see above). */
const insertLet = (area: string, rent: number, letAt: string) =>
  db.sql`INSERT INTO listing_lets (let_id, listing_id, owner_id, rent, deposit, move_in, let_at, city, city_key,
      area, area_key, property_type, bedrooms)
    VALUES (${`let-${++n}`}, ${`l-${n}`}, 'owner-x', ${rent}, ${rent * 2}, '2026-12-01', ${letAt}, 'Bengaluru',
      'bengaluru', ${area}, ${normaliseLocality(area)}, 'flat', 2)`;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  // As published: to the nearest ₹500.
  return Math.round((s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2) / 500) * 500;
};

beforeAll(async () => {
  db = await testDatabase();
  out = mkdtempSync(join(tmpdir(), 'open-data-'));
  running = [publicListingModel, dirtyCitiesProjection, rentTrendsProjection].map((p) =>
    startProjection(db.sql, p, { pollIntervalMs: 50 }),
  );
  for (let i = 0; i < 6; i++) await list(KORAMANGALA);
  for (let i = 0; i < 4; i++) await list('HSR Layout');
  await list('Indiranagar', 3);
  // Five lets in Koramangala in November (India time: the last is 1 November 01:30 IST), four in HSR Layout.
  for (const [rent, at] of [
    [20_000, '2026-11-03T10:00:00Z'],
    [21_000, '2026-11-04T10:00:00Z'],
    [22_000, '2026-11-05T10:00:00Z'],
    [23_000, '2026-11-06T10:00:00Z'],
    [24_000, '2026-10-31T20:00:00Z'],
  ] as const)
    await insertLet(KORAMANGALA, rent, at);
  for (const rent of [30_000, 31_000, 32_000, 33_000])
    await insertLet('HSR Layout', rent, '2026-11-20T10:00:00Z');
  await caughtUp();
  await fullBuild({ sql: db.sql, outDir: out, siteUrl: SITE });
});

afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await db.drop();
  rmSync(out, { recursive: true, force: true });
});

describe('the open rent data', () => {
  it('has the asked and let medians per city and locality, and suppresses cells under 5', () => {
    const all = [...rents[KORAMANGALA]!, ...rents['HSR Layout']!];
    const lines = read('data/rents.csv').split('\r\n');
    expect(lines).toEqual([
      'city,locality,scope,month,property_type,bedrooms,asked_median_rent,asked_listings,let_median_rent,lets',
      `Bengaluru,,city,2026-01,flat,2,${median(all)},10,,`,
      // Nine lets city-wide: shown; the four of HSR Layout are not, nor its four listings.
      `Bengaluru,,city,2026-11,flat,2,,,24000,9`,
      `Bengaluru,"Koramangala, 4th ""B"" Block",locality,2026-01,flat,2,${median(rents[KORAMANGALA]!)},6,,`,
      `Bengaluru,"Koramangala, 4th ""B"" Block",locality,2026-11,flat,2,,,22000,5`,
      '',
    ]);
  });

  it('is a JSON file that validates against the published schema and says the same', () => {
    const file: unknown = JSON.parse(read('data/rents.json'));
    expect(isRentsFile(file)).toBe(true);
    expect(JSON.parse(read('data/rents.schema.json'))).toEqual(
      JSON.parse(JSON.stringify(RentsFileSchema)),
    );
    if (!isRentsFile(file)) return;
    expect(file).toMatchObject({
      throughMonth: '2026-01',
      licence: { name: 'CC BY 4.0', attribution: 'Rentals' },
    });
    expect(file.rows).toHaveLength(4);
    expect(
      file.rows.find((r) => r.locality === KORAMANGALA && r.month === '2026-11'),
    ).toMatchObject({ letMedianRent: 22_000, lets: 5, askedMedianRent: null });
  });

  it('matches the read models, and verify names the row that differs until the next run', async () => {
    expect(await compareOpenData(db.sql, out)).toEqual([]);
    // A fifth let in HSR Layout: its cell may now be shown.
    await insertLet('HSR Layout', 34_000, '2026-11-21T10:00:00Z');
    const differences = await compareOpenData(db.sql, out);
    expect(differences.join('\n')).toContain(
      'Bengaluru,HSR Layout,locality,2026-11,flat,2,,,32000,5',
    );
    // Nothing marked: a run is made only for the open data, on the regenerator's schedule.
    expect((await regenerateOnce({ sql: db.sql, outDir: out, siteUrl: SITE })).report).toBeNull();
    const { report } = await regenerateOnce({
      sql: db.sql,
      outDir: out,
      siteUrl: SITE,
      openData: true,
    });
    expect(report?.openData).toBe(true);
    expect(report?.paths).toEqual(expect.arrayContaining(['data/rents.csv', 'data/rents.json']));
    expect(report?.paths).not.toContain('data/rents.schema.json');
    expect(await compareOpenData(db.sql, out)).toEqual([]);
    expect(read('data/rents.csv')).toContain(
      'Bengaluru,HSR Layout,locality,2026-11,flat,2,,,32000,5',
    );
  });

  it('is made again by the regenerator after a change to a city, on its schedule', async () => {
    const regenerator = startRegenerator({
      sql: db.sql,
      outDir: out,
      siteUrl: SITE,
      batchWindowMs: 10,
      pollMs: 50,
      openDataEveryMs: 0,
    });
    try {
      // A sixth let in HSR Layout, then a rent change there: its city is marked, and the data follows.
      await insertLet('HSR Layout', 35_000, '2026-11-22T10:00:00Z');
      await appendListingEvent(createEventStore(db.sql), {
        type: 'ListingRentChanged',
        data: {
          listingId: 'l00001',
          at: '2026-01-02T00:00:00Z',
          rent: 25_000,
          rentType: 'monthly',
          previousRent: 23_558,
          previousRentType: 'monthly',
        },
      });
      await expect.poll(() => compareOpenData(db.sql, out)).toEqual([]);
      expect(read('data/rents.csv')).toContain(
        'Bengaluru,HSR Layout,locality,2026-11,flat,2,,,32500,6',
      );
    } finally {
      await regenerator.stop();
    }
  });

  it('is served at /data/ with its content type and the pages’ cache headers', async () => {
    const csv = await get('/data/rents.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('cache-control')).toBe('no-cache');
    expect(csv.headers.get('etag')).toBeTruthy();
    expect(csv.body).toBe(read('data/rents.csv'));
    for (const path of ['/data/rents.json', '/data/rents.schema.json']) {
      const json = await get(path);
      expect(json.headers.get('content-type')).toBe('application/json');
      expect(() => JSON.parse(json.body) as unknown).not.toThrow();
    }
    const page = await get('/data/rents');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('href="/data/rents.csv"');
    expect(page.body).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
    expect((await get('/hi/data/rents')).body).toContain('खुला किराया डेटा');
    expect(
      await publicSiteHandler(out)(new Request('http://localhost/data/other.csv')),
    ).toBeUndefined();
  });

  it('is linked from the city pages in every language', async () => {
    expect((await get('/browse/cities/bengaluru')).body).toContain(
      '<a href="/data/rents">Open rent data for Bengaluru</a>',
    );
    expect((await get('/kn/browse/cities/bengaluru')).body).toContain('href="/kn/data/rents"');
  });
});
