import { CITIES, cityArea } from '@rentals/core/gazetteer/cities';

/**
 * The cities the seed lists properties in: the gazetteer's cities with seed
 * data, each with its centre and radius (its popular localities lie within
 * it) and a typical monthly rent for a 1 BHK flat there, the city's median
 * that each locality's `rentLevel` scales.
 */
export type SeedCity = {
  name: string;
  centre: { lat: number; lng: number };
  radiusKm: number;
  oneBhkRent: number;
};

export const SEED_CITIES: readonly SeedCity[] = CITIES.flatMap((c) =>
  c.seed ? [{ ...cityArea(c.name), ...c.seed }] : [],
);
