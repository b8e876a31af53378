import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { loadPinCentroids } from '../geo/sources/postOffices.ts';
import { SEED_CITIES, type SeedCity } from './cities.ts';

/**
 * A neighbourhood tenants search for (the gazetteer's popular localities),
 * at its PIN's centroid, with its rent relative to the city's median.
 */
export type Locality = {
  name: string;
  pinCode: string;
  lat: number;
  lng: number;
  rentLevel: number;
};

/**
 * Each seed city with its popular localities, in the table's order. Every
 * PIN has a centroid (popularLocalities.unit.test.ts holds that), so a
 * missing one is a broken table and fails here rather than seeding nowhere.
 */
export const loadSeedLocalities = (): { city: SeedCity; localities: Locality[] }[] => {
  const centroids = loadPinCentroids();
  return SEED_CITIES.map((city) => ({
    city,
    localities: POPULAR_LOCALITIES.filter((l) => l.city === city.name).map(
      ({ name, pinCode, rentLevel }) => {
        const at = centroids.get(pinCode);
        if (!at) throw new Error(`no PIN centroid for ${name}, ${city.name} (${pinCode})`);
        return { name, pinCode, lat: at.lat, lng: at.lng, rentLevel };
      },
    ),
  }));
};
