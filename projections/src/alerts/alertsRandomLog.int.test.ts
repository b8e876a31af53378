import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '@rentals/core/listings/events';
import { PROPERTY_TYPES } from '@rentals/core/listings/listing';
import { FACINGS, FURNISHINGS, type Tenancy } from '@rentals/core/listings/tenancy';
import {
  SAVED_SEARCH_STREAM_TYPE,
  savedSearchStreamId,
  type SavedSearchCreated,
  type SavedSearchEvent,
} from '@rentals/core/savedSearches/events';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { appendListingEvents, listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import type { SqlProjection } from '../runner/projection.ts';
import { alertsProjection } from './alertsProjection.ts';
import { recordFromZero } from './recordedAlerts.ts';

/**
 * The in-memory matcher against the SQL one on a random log: searches with
 * every kind of filter (places, types, rents, rooms, a map box, a drawn area,
 * free text, tenancy terms), edited, paused, resumed, unsubscribed and
 * deleted between listing events of every kind, with gaps of more than a day
 * (the re-alert rule). The log goes through `evolve` event by event (the
 * reference) and through the in-memory path in big and small batches; all
 * must record the same matches and alerts.
 */
const env = testDatabaseWithStore();
const T0 = Date.parse('2026-10-01T08:00:00.000Z');

const { evolveBatch: _batch, inMemory: _memory, ...eventByEvent } = alertsProjection;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
const generator = (seed: number) => {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
};

const PLACES = [
  { city: 'Bengaluru', area: 'Koramangala', lat: 12.9345, lon: 77.6268 },
  { city: 'Bengaluru', area: 'Indiranagar', lat: 12.9719, lon: 77.6412 },
  { city: 'Pune', area: 'Baner', lat: 18.559, lon: 73.7868 },
];
const WORDS = ['sunny', 'metro', 'balcony', 'garden', 'quiet', 'corner', 'lake'];
const TYPES = PROPERTY_TYPES;

const rebuildWith = async (projection: SqlProjection, batchSize: number) => {
  const { parked, ...recorded } = await recordFromZero(env.db.sql, projection, batchSize);
  expect(parked).toBe(0);
  return recorded;
};

describe('saved-search matching in memory', () => {
  it.each([17, 42, 99])(
    'a random log (seed %i) records the same in memory as event by event in SQL',
    async (seed) => {
      const r = generator(seed);
      let now = T0;
      const tick = () =>
        new Date((now += r.chance(0.05) ? 26 * 3600_000 : r.int(1, 600) * 1000)).toISOString();
      const tenancy = (): Tenancy => ({
        ...(r.chance(0.6) ? { furnishing: r.pick(FURNISHINGS) } : {}),
        ...(r.chance(0.5)
          ? r.chance(0.5)
            ? { depositRupees: r.int(1, 30) * 10_000 }
            : { depositMonths: r.int(1, 10) }
          : {}),
        ...(r.chance(0.5) ? { petsAllowed: r.chance(0.5) } : {}),
        ...(r.chance(0.5) ? { facing: r.pick(FACINGS) } : {}),
        ...(r.chance(0.4) ? { food: r.pick(['any', 'vegetarian'] as const) } : {}),
      });
      const users = ['u-1', 'u-2', 'u-3', 'u-4'];
      const withText = new Set<string>();
      const withDrawnArea = new Set<string>();
      const searchIds: string[] = [];
      const searchEvent = (): SavedSearchEvent => {
        const userId = r.pick(users);
        const mine = searchIds.filter((id) => id.startsWith(`${userId}-s`));
        const at = tick();
        if (mine.length > 0 && r.chance(0.35)) {
          const searchId = r.pick(mine);
          const type = r.pick([
            'SavedSearchPaused',
            'SavedSearchResumed',
            'SavedSearchUnsubscribed',
            'SavedSearchDeleted',
            'SavedSearchSeen',
            'SavedSearchEdited',
          ] as const);
          if (type !== 'SavedSearchEdited') {
            if (type === 'SavedSearchDeleted') searchIds.splice(searchIds.indexOf(searchId), 1);
            return { type, data: { searchId, userId, at } };
          }
          return { type, data: definition(searchId, userId, at).data };
        }
        const searchId = `${userId}-s${seed}-${searchIds.length}`;
        searchIds.push(searchId);
        return definition(searchId, userId, at);
      };
      const definition = (searchId: string, userId: string, at: string): SavedSearchCreated => {
        const place = r.pick(PLACES);
        const word = r.chance(0.3) ? r.pick(WORDS) : undefined;
        const box = r.chance(0.2);
        const drawn = !box && r.chance(0.3);
        if (word) withText.add(searchId);
        if (drawn) withDrawnArea.add(searchId);
        const d = 0.01 * r.int(1, 8);
        return {
          type: 'SavedSearchCreated',
          data: {
            searchId,
            userId,
            name: searchId.slice(0, 60),
            filters: {
              city: place.city,
              ...(r.chance(0.5) ? { propertyType: [r.pick(TYPES)] } : {}),
              ...(r.chance(0.3) ? { minRent: r.int(5, 20) * 1000 } : {}),
              ...(r.chance(0.5) ? { maxRent: r.int(10, 40) * 1000 } : {}),
              ...(r.chance(0.3) ? { bedrooms: r.int(1, 3) } : {}),
              ...(word ? { q: word } : {}),
              ...(r.chance(0.2) ? { furnishing: r.pick(FURNISHINGS) } : {}),
              ...(r.chance(0.15) ? { maxDepositMonths: r.int(2, 6) } : {}),
              ...(r.chance(0.15) ? { petsAllowed: r.chance(0.5) } : {}),
              ...(r.chance(0.1) ? { facing: [r.pick(FACINGS), r.pick(FACINGS)] } : {}),
            },
            places: {
              ...(r.chance(0.9) ? { cities: [normaliseLocality(place.city)] } : {}),
              ...(r.chance(0.4) ? { areas: [normaliseLocality(place.area)] } : {}),
              ...(word ? { q: word } : {}),
            },
            ...(box
              ? {
                  area: {
                    kind: 'bbox' as const,
                    west: place.lon - d,
                    south: place.lat - d,
                    east: place.lon + d,
                    north: place.lat + d,
                  },
                }
              : {}),
            ...(drawn
              ? {
                  area: {
                    kind: 'polygon' as const,
                    points: [
                      [place.lon - d, place.lat - d],
                      [place.lon + d, place.lat - d],
                      [place.lon, place.lat + d],
                    ] as [number, number][],
                  },
                }
              : {}),
            alert: r.pick(['instant', 'daily', 'off'] as const),
            at,
          },
        };
      };
      const listings: string[] = [];
      const gone = new Set<string>();
      const listingEvent = (): ListingEvent => {
        const live = listings.filter((id) => !gone.has(id));
        const at = tick();
        const place = r.pick(PLACES);
        const position = {
          city: place.city,
          area: place.area,
          pinCode: '560034',
          address: `${r.int(1, 99)}, ${r.pick(WORDS)} road`,
          coordinates: {
            latitude: place.lat + r.int(-60, 60) / 1000,
            longitude: place.lon + r.int(-60, 60) / 1000,
          },
        };
        if (live.length === 0 || r.chance(0.35)) {
          const listingId = `l${seed}-${listings.length}`;
          listings.push(listingId);
          return listingCreated(listingId, {
            at,
            fields: testFields({
              // Some texts only Postgres' parser can split (a host, a decimal): free text is then its to test.
              title: r.chance(0.2)
                ? `${r.pick(WORDS)}.${r.pick(WORDS)} flat, ${r.int(1, 9)}.5 km to the ${r.pick(WORDS)}`
                : `${r.pick(['Sunny', 'Quiet', 'Corner', 'Big'])} ${r.int(1, 3)}BHK near ${r.pick(WORDS)}`,
              propertyType: r.pick(TYPES),
              rent: r.int(5, 45) * 1000,
              rentType: r.chance(0.1) ? 'yearly' : 'monthly',
              location: position,
              propertyDetails: {
                bedrooms: r.int(1, 4),
                bathrooms: r.int(1, 3),
                area: 900,
                floor: 1,
                totalFloors: 4,
              },
              ...(r.chance(0.6) ? { tenancy: tenancy() } : {}),
            }),
          });
        }
        const listingId = r.pick(live);
        const kind = r.int(0, 9);
        if (kind <= 3)
          return {
            type: 'ListingRentChanged',
            data: {
              listingId,
              at,
              rent: r.int(5, 45) * 1000,
              rentType: 'monthly',
              previousRent: 0,
              previousRentType: 'monthly',
            },
          };
        if (kind === 4)
          return {
            type: 'ListingDetailsRevised',
            data: {
              listingId,
              at,
              ...(r.chance(0.5) ? { title: `Lovely ${r.pick(WORDS)} home` } : {}),
              ...(r.chance(0.3) ? { propertyType: r.pick(TYPES) } : {}),
              ...(r.chance(0.4) ? { tenancy: tenancy() } : {}),
            },
          };
        if (kind === 5)
          return {
            type: 'ListingLocationChanged',
            data: { listingId, at, location: position, previousCity: 'Bengaluru' },
          };
        if (kind === 6)
          return { type: 'ListingDelisted', data: { listingId, at, city: place.city } };
        if (kind === 7)
          return { type: 'ListingRelisted', data: { listingId, at, city: place.city } };
        if (kind === 8)
          return {
            type: 'ListingExpired',
            data: { listingId, at, city: place.city, lastConfirmedAt: at },
          };
        gone.add(listingId);
        return {
          type: 'ListingDeleted',
          data: { listingId, at, city: place.city, imageIds: [] },
        };
      };

      for (let i = 0; i < 400; i++) {
        if (i < 30 || r.chance(0.15)) {
          const event = searchEvent();
          await env.store.append(
            savedSearchStreamId(event.data.userId),
            SAVED_SEARCH_STREAM_TYPE,
            'any',
            [event],
            {
              userId: event.data.userId,
            },
          );
        } else {
          const event = listingEvent();
          await appendListingEvents(env.store, event.data.listingId, [event]);
        }
      }

      const reference = await rebuildWith(eventByEvent, 1);
      // Enough happened for agreement to mean something: alerts of quiet and loud searches, of free
      // text and drawn areas, and a listing announced to a search twice (apart by over a day).
      const mine = reference.alerts.filter((a) => String(a.listing_id).startsWith(`l${seed}-`));
      expect(mine.length).toBeGreaterThan(50);
      expect(reference.matches.length).toBeGreaterThan(20);
      expect(mine.some((a) => !a.notify)).toBe(true);
      expect(mine.some((a) => withText.has(String(a.search_id)))).toBe(true);
      expect(mine.some((a) => withDrawnArea.has(String(a.search_id)))).toBe(true);
      const pairs = mine.map((a) => `${a.search_id} ${a.listing_id}`);
      expect(new Set(pairs).size).toBeLessThan(pairs.length);
      expect(await rebuildWith(alertsProjection, 1000)).toEqual(reference);
      expect(await rebuildWith(alertsProjection, 7)).toEqual(reference);
    },
  );
});
