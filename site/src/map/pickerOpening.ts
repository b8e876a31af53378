import { CITY_ZOOM, COUNTRY_ZOOM, INDIA_CENTER, PICKER_ZOOM } from './constants.ts';
import type { LatLng, MapView } from './types.ts';

/** What the opening needs of a geocoder hit (GET /api/geo/search). */
type Place = { lat: number; lon: number; kind?: string };

/**
 * Where the location picker opens, best first: the point the form already
 * has; the city typed in the form, found by our geocoder (the whole city in
 * view); the device's position when the user has already allowed it; else
 * all of India, to zoom into the right city. A lookup that fails falls
 * through to the next.
 */
export const pickerOpening = async (
  form: { initial?: LatLng | undefined; city?: string | undefined },
  lookup: {
    findPlace: (query: string) => Promise<Place | undefined>;
    grantedPosition: () => Promise<LatLng | undefined>;
  },
): Promise<MapView> => {
  if (form.initial) return { center: form.initial, zoom: PICKER_ZOOM };
  const city = form.city?.trim();
  if (city) {
    const place = await lookup.findPlace(city).catch(() => undefined);
    if (place)
      return {
        center: { latitude: place.lat, longitude: place.lon },
        zoom: place.kind === 'city' ? CITY_ZOOM : PICKER_ZOOM,
      };
  }
  const here = await lookup.grantedPosition().catch(() => undefined);
  if (here) return { center: here, zoom: PICKER_ZOOM };
  return { center: INDIA_CENTER, zoom: COUNTRY_ZOOM };
};
