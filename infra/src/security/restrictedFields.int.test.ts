// Security checklist: restricted fields. Attack: visitors got positions rounded to about
// 1 km, and the public reverse geocoder turned them into the listing's PIN code (35 of 42
// listings), though SPEC gives visitors the city only. Tested the way: over a
// realistic seed, every visitor position goes through the product's own geocoder.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingCreated,
} from '@rentals/core/listings/events';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { createGeocoder, type Geocoder } from '@rentals/api/geo/geocoder';
import { loadPlaces } from '@rentals/api/geo/placesIndex';
import { silentLogger } from '@rentals/core/logger';
import { cityAreaOf, kmBetween } from '@rentals/core/gazetteer/cities';
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { publicListingsByIds } from '@rentals/projections/queries/publicQueries';
import { rebuildProjection } from '@rentals/projections/runner/rebuild';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import { indexChangesFor } from '@rentals/projections/search/listingDocuments';
import { ensureGeoData } from '../geo/build.ts';
import { seedListings } from '../seed/seed.ts';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';

const LISTINGS = 400;
/** Half a diagonal of the 0.01° grid the visitor positions snap to (a seeded run once needed 0.1 km of it). */
const GRID_ROUNDING_KM = 0.8;
const meili = () => ({ url: inject('meiliUrl'), key: inject('meiliKey') });
const placesIndex = `places_rf_${randomBytes(4).toString('hex')}`;

let db: TestDatabase;
let dir: string;
let running: RunningProjection[];
let geocoder: Geocoder;

type Listing = {
  id: string;
  city: string;
  pinCode: string;
  exact: { lat: number; lng: number };
  shown: { lat: number; lng: number };
};
let listings: Listing[];

/** Every listed listing a visitor sees on the map, with its exact position and PIN beside what visitors get. */
const readListings = async (): Promise<Listing[]> => {
  const rows = await db.sql<
    { id: string; city: string; pin_code: string; latitude: number; longitude: number }[]
  >`SELECT id, city, doc #>> '{location,pinCode}' AS pin_code, latitude, longitude
    FROM listing_read WHERE is_available AND latitude IS NOT NULL AND (doc ->> 'showOnMap')::boolean
    ORDER BY id`;
  const shown = new Map(
    (
      await publicListingsByIds(
        db.sql,
        rows.map((r) => r.id),
      )
    ).map((d) => [d._id, d.location.coordinates]),
  );
  return rows.map((r) => {
    const at = shown.get(r.id);
    if (!at) throw new Error(`no visitor position for ${r.id}`);
    return {
      id: r.id,
      city: r.city,
      pinCode: r.pin_code,
      exact: { lat: r.latitude, lng: r.longitude },
      shown: { lat: at.latitude, lng: at.longitude },
    };
  });
};

const caughtUp = () => Promise.all(running.map((r) => r.whenCaughtUp()));

/** How many positions the product's reverse geocoder turns into the listing's own PIN code. */
/**
 * Four lookups at a time: the geocoder keeps production's 1.5 s bound per request, and sixteen at
 * once beside the whole suite on two CPUs ran past it (a timeout here says nothing about PINs).
 */
const AT_ONCE = 4;
const pinsRecovered = async (positions: { at: { lat: number; lng: number }; pin: string }[]) => {
  let recovered = 0;
  for (let i = 0; i < positions.length; i += AT_ONCE)
    for (const hit of await Promise.all(
      positions.slice(i, i + AT_ONCE).map(async ({ at, pin }) => {
        const place = await geocoder.reverse(at.lat, at.lng);
        return place.kind === 'pin' && place.display_name.endsWith(` ${pin}`);
      }),
    ))
      if (hit) recovered += 1;
  return recovered;
};

beforeAll(async () => {
  db = await testDatabase();
  dir = await mkdtemp(join(tmpdir(), 'restricted-fields-'));
  await ensureGeoData(dir, silentLogger);
  await loadPlaces(meili(), dir, { index: placesIndex });
  geocoder = createGeocoder(meili(), placesIndex);
  await seedListings({
    sql: db.sql,
    media: localDiskStore(join(dir, 'media')),
    listings: LISTINGS,
    seed: 11,
  });
  running = [listingReadModel, publicListingModel].map((p) =>
    startProjection(db.sql, p, { batchSize: 500, pollIntervalMs: 20 }),
  );
  await caughtUp();
  listings = await readListings();
}, 300_000);

afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await new Meilisearch({ host: meili().url, apiKey: meili().key }).deleteIndexIfExists(
    placesIndex,
  );
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('visitor positions across the seed', () => {
  it('covers a realistic number of listings in every seed city', () => {
    expect(listings.length).toBeGreaterThan(LISTINGS * 0.7);
    expect(new Set(listings.map((l) => l.city)).size).toBeGreaterThanOrEqual(20);
  });

  it('the old 1 km rounding gave most PIN codes away (so this test can tell)', async () => {
    const round = (v: number) => Math.round(v * 100) / 100;
    const recovered = await pinsRecovered(
      listings.map((l) => ({
        at: { lat: round(l.exact.lat), lng: round(l.exact.lng) },
        pin: l.pinCode,
      })),
    );
    expect(recovered / listings.length).toBeGreaterThan(0.5);
  });

  it('reverse-geocoding a visitor position finds the true PIN for at most 1 listing in 10', async () => {
    const recovered = await pinsRecovered(listings.map((l) => ({ at: l.shown, pin: l.pinCode })));
    expect(recovered / listings.length).toBeLessThanOrEqual(0.1);
  });

  it('moves every listing 2 to 7 km, and never out of its city', () => {
    for (const l of listings) {
      const moved = kmBetween(l.exact, l.shown);
      expect(moved, l.id).toBeGreaterThan(2.2);
      expect(moved, l.id).toBeLessThan(6.8);
      const area = cityAreaOf(l.city)!;
      // Within the city's area as the seed places listings (its radius, give or take ~600 m of jitter):
      // never farther from the centre than the listing itself once beyond the city's core, but for
      // the rounding to the 0.01° grid (at most 0.8 km).
      const limit = Math.max(area.radiusKm, kmBetween(l.exact, area.centre));
      expect(kmBetween(l.shown, area.centre), `${l.id} in ${l.city}`).toBeLessThanOrEqual(
        limit + GRID_ROUNDING_KM,
      );
    }
  });

  it('gives the search index the same positions, so a visitor’s map area cannot locate a listing better', async () => {
    const { upserts } = await indexChangesFor(
      db.sql,
      listings.map((l) => l.id),
    );
    const byId = new Map(upserts.map((d) => [d.id, d]));
    for (const l of listings)
      expect({ lat: byId.get(l.id)?.coarseLat, lng: byId.get(l.id)?.coarseLng }, l.id).toEqual(
        l.shown,
      );
  });

  it('keeps each marker where it was through a rebuild of the visitor model (stable)', async () => {
    await running[1]!.stop();
    await rebuildProjection(db.sql, publicListingModel);
    running[1] = startProjection(db.sql, publicListingModel, { pollIntervalMs: 20 });
    await caughtUp();
    const again = await readListings();
    expect(again.map((l) => [l.id, l.shown])).toEqual(listings.map((l) => [l.id, l.shown]));
  });

  it('moves the visitor position along when the owner moves the listing', async () => {
    const l = listings[0]!;
    const to = { lat: l.exact.lat + 0.02, lng: l.exact.lng - 0.015 };
    const [created] = await db.sql<{ data: ListingCreated['data'] }[]>`
      SELECT data FROM events WHERE stream_id = ${listingStreamId(l.id)} AND type = 'ListingCreated'`;
    await createEventStore(db.sql).append(
      listingStreamId(l.id),
      LISTING_STREAM_TYPE,
      'any',
      [
        {
          type: 'ListingLocationChanged',
          data: {
            listingId: l.id,
            at: new Date().toISOString(),
            previousCity: l.city,
            location: {
              ...created!.data.location,
              coordinates: { latitude: to.lat, longitude: to.lng },
            },
          },
        },
      ],
      { userId: 'owner' },
    );
    await caughtUp();
    const [moved] = await publicListingsByIds(db.sql, [l.id]);
    const shown = moved!.location.coordinates!;
    const distance = kmBetween(to, { lat: shown.latitude, lng: shown.longitude });
    expect(distance).toBeGreaterThan(2.2);
    expect(distance).toBeLessThan(6.8);
  });
});
