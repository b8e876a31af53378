import { CITIES } from '@rentals/core/gazetteer/cities';
import { BENCH_CITIES } from '../bench/support/listingGenerator.ts';
import { citySlug, type Place } from './mix/places.ts';

/** The benchmark seed's cities with their localities and the names tenants type for them. */
export const benchPlaces = (): Place[] =>
  BENCH_CITIES.map(({ city, localities }) => ({
    name: city.name,
    slug: citySlug(city.name),
    spellings: [
      city.name,
      city.name.toLowerCase(),
      ...(CITIES.find((c) => c.name === city.name)?.aliases ?? []),
    ],
    oneBhkRent: city.oneBhkRent,
    centre: city.centre,
    radiusKm: city.radiusKm,
    localities: localities.map(({ name, pinCode, lat, lng }) => ({ name, pinCode, lat, lng })),
  }));
