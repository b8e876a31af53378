import type { LatLng } from './types.ts';

/**
 * A link that hands the trip to the device's maps app for turn-by-turn
 * directions. Apple devices open Apple Maps; everything else gets the
 * universal Google Maps URL, which opens the app on Android. Only followed
 * when the user taps it: the product itself calls no routing service.
 */
export const deviceDirectionsLink = (from: LatLng, to: LatLng, userAgent = ''): string => {
  const pair = (p: LatLng) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`;
  if (/iPhone|iPad|iPod|Macintosh/.test(userAgent))
    return `https://maps.apple.com/?saddr=${pair(from)}&daddr=${pair(to)}&dirflg=d`;
  return `https://www.google.com/maps/dir/?api=1&origin=${pair(from)}&destination=${pair(to)}&travelmode=driving`;
};

export type Route = {
  coordinates: [number, number][];
  distanceKm: number;
  durationMin?: number;
  kind: 'road' | 'straight';
};

export const straightLine = (from: LatLng, to: LatLng, distanceKm: number): Route => ({
  coordinates: [
    [from.longitude, from.latitude],
    [to.longitude, to.latitude],
  ],
  distanceKm,
  kind: 'straight',
});

type OsrmResponse = {
  code: string;
  routes?: { distance: number; duration: number; geometry: { coordinates: [number, number][] } }[];
};

/** A driving route from an OSRM-compatible service (the operator's OSRM_URL). */
export const fetchRoute = async (
  routingUrl: string,
  from: LatLng,
  to: LatLng,
  signal?: AbortSignal,
): Promise<Route> => {
  const path = `${from.longitude},${from.latitude};${to.longitude},${to.latitude}`;
  const response = await fetch(
    `${routingUrl}/route/v1/driving/${path}?overview=full&geometries=geojson`,
    signal ? { signal } : {},
  );
  if (!response.ok) throw new Error(`routing service answered ${response.status}`);
  const body = (await response.json()) as OsrmResponse;
  const route = body.routes?.[0];
  if (body.code !== 'Ok' || !route)
    throw new Error(`routing service found no route (${body.code})`);
  return {
    coordinates: route.geometry.coordinates,
    distanceKm: route.distance / 1000,
    durationMin: route.duration / 60,
    kind: 'road',
  };
};
