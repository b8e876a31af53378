import type { PropertyType } from '@rentals/core/listings/listing';
import { CITIES, random } from './listingGenerator.ts';

/** Old names and casual spellings tenants type for our seeded cities. */
const CITY_SPELLINGS: Record<string, string[]> = {
  Bengaluru: ['Bengaluru', 'bangalore', 'Bangalore', 'bengaluru'],
  Mumbai: ['Mumbai', 'bombay', 'mumbai'],
  Delhi: ['Delhi', 'new delhi', 'delhi'],
  Pune: ['Pune', 'poona', 'pune'],
  Hyderabad: ['Hyderabad', 'hyderabad', 'Hyderbad'],
  Chennai: ['Chennai', 'madras', 'chennai'],
  Kolkata: ['Kolkata', 'calcutta', 'kolkata'],
  Gurugram: ['Gurugram', 'gurgaon', 'Gurgaon'],
  Ahmedabad: ['Ahmedabad', 'ahmedabad'],
  Jaipur: ['Jaipur', 'jaipur'],
  Kochi: ['Kochi', 'cochin'],
  Noida: ['Noida', 'noida'],
};

/** A one-letter slip (dropped, doubled or swapped letter), as typed on a phone. */
const typo = (rnd: () => number, word: string) => {
  if (word.length < 6) return word.toLowerCase();
  const i = 1 + Math.floor(rnd() * (word.length - 3));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
};

const TYPES: PropertyType[] = ['flat', 'house', 'PG'];

/**
 * Realistic tenant searches: city (often an old name or lower case), a
 * locality (sometimes with a typo), one or two types, a rent range around the
 * city's level, a minimum of bedrooms, and pages 1–5 (page 1 most often).
 */
export const tenantQueries = (count: number, seed = 42): URLSearchParams[] => {
  const rnd = random(seed);
  return Array.from({ length: count }, () => {
    const q = new URLSearchParams();
    const place = CITIES[Math.floor(rnd() * CITIES.length)]!;
    const spellings = CITY_SPELLINGS[place.city]!;
    q.set('city', spellings[Math.floor(rnd() * spellings.length)]!);
    if (rnd() < 0.5) {
      const area = place.areas[Math.floor(rnd() * place.areas.length)]!;
      q.set('area', rnd() < 0.3 ? typo(rnd, area) : area);
    }
    const roll = rnd();
    if (roll < 0.6) q.append('propertyType', TYPES[Math.floor(rnd() * 3)]!);
    else if (roll < 0.75) {
      q.append('propertyType', 'flat');
      q.append('propertyType', 'house');
    }
    if (rnd() < 0.7) {
      const low = Math.round((place.rent * (0.3 + rnd() * 0.5)) / 1000) * 1000;
      q.set('minRent', String(low));
      q.set('maxRent', String(low + Math.round((place.rent * (0.5 + rnd())) / 1000) * 1000));
    }
    if (rnd() < 0.5) q.set('bedrooms', String(1 + Math.floor(rnd() * 3)));
    const pageRoll = rnd();
    q.set(
      'page',
      String(
        pageRoll < 0.6 ? 1 : pageRoll < 0.75 ? 2 : pageRoll < 0.85 ? 3 : pageRoll < 0.93 ? 4 : 5,
      ),
    );
    if (rnd() < 0.2) q.set('sort', rnd() < 0.5 ? 'rent_asc' : 'rent_desc');
    return q;
  });
};
