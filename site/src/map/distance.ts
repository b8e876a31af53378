import { EARTH_RADIUS_KM } from './constants.ts';
import type { LatLng } from './types.ts';

/** Great-circle distance in km (haversine, earth radius 6371 km as SPEC §9 fixes it). */
export const distanceKm = (a: LatLng, b: LatLng): number => {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** Metres under 1 km ('850 m'), otherwise km with one decimal ('12.3 km'). */
export const formatDistance = (km: number): string => {
  if (km < 1) {
    const metres = Math.round(km * 1000);
    // 999.6 m rounds to 1000 m: say 1.0 km rather than "1000 m".
    return metres >= 1000 ? '1.0 km' : `${metres} m`;
  }
  return `${km.toFixed(1)} km`;
};

/** Coordinates as shown to people and as the reverse-geocoding fallback: 6 decimals. */
export const formatCoordinates = (p: LatLng): string =>
  `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`;
