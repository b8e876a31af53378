import type { ApiResponse } from '@rentals/core/contract/routes';
import { formatCoordinates } from '../../map/distance.ts';

/** A place of our own geocoder, as the contract has it (plain fetch: public, no token, no retries). */
export type GeocodeResult = ApiResponse<'GET /geo/search'>[number];

/** Forward search on our own geocoder (GET /api/geo/search): at most 5 places. Throws on failure. */
export const searchPlaces = async (query: string): Promise<GeocodeResult[]> => {
  const response = await fetch(`/api/geo/search?q=${encodeURIComponent(query)}&limit=5`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()) as GeocodeResult[];
};

/** The nearest locality's name; SPEC §8: on any failure, silently the coordinates ('lat, lng', 6 decimals). */
export const reverseGeocode = async (latitude: number, longitude: number): Promise<string> => {
  try {
    const response = await fetch(`/api/geo/reverse?lat=${latitude}&lng=${longitude}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`reverse answered ${response.status}`);
    return ((await response.json()) as ApiResponse<'GET /geo/reverse'>).display_name;
  } catch {
    return formatCoordinates({ latitude, longitude });
  }
};
