import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalCity, isListedCity } from '@rentals/core/gazetteer/cityList';
import { CITY_SYNONYM_GROUPS } from '@rentals/core/gazetteer/cities';
import { SEED_CITIES } from '../../seed/cities.ts';
import { loadCities } from '../sources/cities.ts';
import { buildCityNames } from './build.ts';
import { CITY_NAMES_MODULE } from './cli.ts';

describe('the committed city list', () => {
  it('is what the generator makes from GeoNames today (run `bun infra/src/geo/cityNames/cli.ts` after an update)', () => {
    expect(readFileSync(CITY_NAMES_MODULE, 'utf8')).toBe(buildCityNames(loadCities()));
  });

  it('lists every city the seed uses, under the name the seed stores', () => {
    for (const city of SEED_CITIES) expect(isListedCity(city.name), city.name).toBe(true);
  });

  it('reads every search synonym as a listed city, so search and listing agree', () => {
    for (const group of CITY_SYNONYM_GROUPS)
      for (const name of group) expect(canonicalCity(name), name).toBeDefined();
  });
});
