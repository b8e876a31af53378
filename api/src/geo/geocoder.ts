import { latinPlaces } from '@rentals/core/gazetteer/nativeNames';
import { createMeili } from '@rentals/projections/queries/meili';
import { PLACE_KINDS_FILTER, PLACES_INDEX } from './placesIndex.ts';

/** The shape of a third-party geocoder's answer (SPEC §7), so clients written for one work unchanged. */
export type GeoResult = {
  lat: number;
  lon: number;
  display_name: string;
  kind: 'city' | 'locality' | 'pin' | 'coordinates';
};

type PlaceHit = {
  displayName: string;
  kind: 'city' | 'locality' | 'pin';
  _geo: { lat: number; lng: number };
};

export const MAX_RESULTS = 5;
/** Beyond this, the nearest PIN or town says little about where a point is, so reverse answers with the coordinates. */
const REVERSE_RADIUS_M = 30_000;

const toResult = (hit: PlaceHit): GeoResult => ({
  lat: hit._geo.lat,
  lon: hit._geo.lng,
  display_name: hit.displayName,
  kind: hit.kind,
});

/** SPEC §7: the reverse-geocoding fallback is 'lat, lng' with 6 decimals. */
export const coordinatesLabel = (lat: number, lng: number) =>
  `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/** The longest a location search waits for Meilisearch; then it is a 503 (reverse: the coordinates). */
export const GEOCODER_TIMEOUT_MS = 1500;

export const createGeocoder = (meili: { url: string; key: string }, index = PLACES_INDEX) => {
  const places = createMeili(meili, GEOCODER_TIMEOUT_MS).index<PlaceHit>(index);
  return {
    search: async (query: string, limit = MAX_RESULTS): Promise<GeoResult[]> => {
      // A place typed in Devanagari or Kannada is looked up by its English name, which the index holds.
      const { hits } = await places.search(latinPlaces(query), {
        limit: Math.min(limit, MAX_RESULTS),
        filter: PLACE_KINDS_FILTER,
      });
      return hits.map(toResult);
    },
    /** The nearest PIN locality or town; the coordinates themselves when nothing is near. */
    reverse: async (lat: number, lng: number): Promise<GeoResult> => {
      const { hits } = await places.search('', {
        limit: 1,
        filter: [`kind IN [city, pin]`, `_geoRadius(${lat}, ${lng}, ${REVERSE_RADIUS_M})`],
        sort: [`_geoPoint(${lat}, ${lng}):asc`],
      });
      const nearest = hits[0];
      return nearest
        ? { ...toResult(nearest), lat, lon: lng }
        : { lat, lon: lng, display_name: coordinatesLabel(lat, lng), kind: 'coordinates' };
    },
  };
};

export type Geocoder = ReturnType<typeof createGeocoder>;
