import { CITIES } from '@rentals/core/gazetteer/cities';
import type { PropertyType } from '@rentals/core/listings/listing';
import { createRandom, type Random } from '../../seed/random.ts';
import { BENCH_CITIES } from './listingGenerator.ts';

/** How tenants type a city: as listed, lower case, and its other names from the gazetteer. */
const spellingsOf = (name: string) => [
  name,
  name.toLowerCase(),
  ...(CITIES.find((c) => c.name === name)?.aliases ?? []),
];

/** A one-letter slip (dropped, doubled or swapped letter), as typed on a phone. */
const typo = (random: Random, word: string) => {
  if (word.length < 6) return word.toLowerCase();
  const i = random.int(1, word.length - 3);
  const kind = random.int(0, 2);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
};

const TYPES: PropertyType[] = ['flat', 'house', 'PG'];

/**
 * Realistic tenant searches over the benchmark's listings: a city (often an
 * old name or lower case), a locality (sometimes with a typo), one or two
 * types, a rent range around the city's level, a minimum of bedrooms, and
 * pages 1–5 (page 1 most often).
 */
export const tenantQueries = (count: number, seed = 42): URLSearchParams[] => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => {
    const q = new URLSearchParams();
    const { city, localities } = random.pick(BENCH_CITIES);
    q.set('city', random.pick(spellingsOf(city.name)));
    if (random.chance(0.5)) {
      const area = random.pick(localities).name;
      q.set('area', random.chance(0.3) ? typo(random, area) : area);
    }
    const roll = random.next();
    if (roll < 0.6) q.append('propertyType', random.pick(TYPES));
    else if (roll < 0.75) {
      q.append('propertyType', 'flat');
      q.append('propertyType', 'house');
    }
    const level = city.oneBhkRent * 1.5;
    if (random.chance(0.7)) {
      const low = Math.round((level * (0.3 + random.next() * 0.5)) / 1000) * 1000;
      q.set('minRent', String(low));
      q.set('maxRent', String(low + Math.round((level * (0.5 + random.next())) / 1000) * 1000));
    }
    if (random.chance(0.5)) q.set('bedrooms', String(random.int(1, 3)));
    const pageRoll = random.next();
    q.set(
      'page',
      String(
        pageRoll < 0.6 ? 1 : pageRoll < 0.75 ? 2 : pageRoll < 0.85 ? 3 : pageRoll < 0.93 ? 4 : 5,
      ),
    );
    if (random.chance(0.2)) q.set('sort', random.chance(0.5) ? 'rent_asc' : 'rent_desc');
    return q;
  });
};
