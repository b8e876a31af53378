import { Elysia, t } from 'elysia';
import type { AppDeps } from '../deps.ts';
import { RetryLaterError } from '../shared/retryLater.ts';
import { coordinatesLabel, createGeocoder } from './geocoder.ts';
import { parseReverseQuery, parseSearchQuery } from './query.ts';
import { GeoPlaceSchema, GeoSearchResponse } from '@rentals/core/contract/geo';

/** Our own geocoder over the gazetteer in the `places` index: no request leaves for a third-party service. */
export const geoRoutes = (deps: Pick<AppDeps, 'meili' | 'log'> & { placesIndex?: string }) => {
  const geocoder = createGeocoder(deps.meili, deps.placesIndex);
  return new Elysia({ name: 'geo' })
    .get(
      '/geo/search',
      async ({ query }) => {
        const { q, limit } = parseSearchQuery(query);
        try {
          return await geocoder.search(q, limit);
        } catch (error) {
          deps.log.error('geocoder search failed', { error: (error as Error).message });
          throw new RetryLaterError(503, 'Location search is unavailable. Please try again.', 5);
        }
      },
      {
        query: t.Object({ q: t.Optional(t.String()), limit: t.Optional(t.String()) }),
        response: { 200: GeoSearchResponse },
        detail: {
          summary:
            'Find Indian cities, localities and PIN codes by name (typo-tolerant); at most 5 results',
          tags: ['Geo'],
        },
      },
    )
    .get(
      '/geo/reverse',
      async ({ query }) => {
        const { lat, lng } = parseReverseQuery(query);
        try {
          return await geocoder.reverse(lat, lng);
        } catch (error) {
          // SPEC §8: reverse geocoding falls back silently to the coordinates.
          deps.log.warn('reverse geocoding failed; answering with the coordinates', {
            error: (error as Error).message,
          });
          return {
            lat,
            lon: lng,
            display_name: coordinatesLabel(lat, lng),
            kind: 'coordinates' as const,
          };
        }
      },
      {
        query: t.Object({ lat: t.Optional(t.String()), lng: t.Optional(t.String()) }),
        response: { 200: GeoPlaceSchema },
        detail: {
          summary:
            "The nearest locality's name for a point; 'lat, lng' with 6 decimals when none is near",
          tags: ['Geo'],
        },
      },
    );
};
