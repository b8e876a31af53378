import { cityAliases } from '@rentals/core/gazetteer/cities';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';

/** Typos allowed for a word of this length, as Meilisearch's defaults: 1 from 5 letters, 2 from 9. */
const typoBudget = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/** Optimal-string-alignment distance (a swap of neighbours is one typo), stopping once over `max`. */
export const editDistance = (a: string, b: string, max: number): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
};

/**
 * Whether what a tenant typed names this stored locality: the whole name, or
 * its first words ('hsr' → 'HSR Layout'), within the typo budget of the input.
 */
export const localityMatches = (input: string, candidate: string): boolean => {
  if (input === candidate) return true;
  const budget = typoBudget(input.length);
  if (editDistance(input, candidate, budget) <= budget) return true;
  const inputWords = input.split(' ').length;
  const words = candidate.split(' ');
  if (words.length <= inputWords) return false;
  const head = words.slice(0, inputWords).join(' ');
  return head === input || editDistance(input, head, budget) <= budget;
};

export type Locality = { city: string; area: string };

/**
 * Resolves the city and area a tenant typed to the spellings stored in the
 * listings, case-insensitively, with typos and city synonyms. Both search
 * engines then filter on exactly these values, so Meilisearch and the Postgres
 * fallback agree. An input that matches nothing known stays as typed (after
 * normalising), so it still finds listings added since the list was loaded.
 */
export const createLocalityMatcher = (localities: readonly Locality[]) => {
  const cities = new Map<string, string>();
  const areasByCity = new Map<string, Map<string, string>>();
  const allAreas = new Map<string, string>();
  for (const { city, area } of localities) {
    const c = normaliseLocality(city);
    const a = normaliseLocality(area);
    cities.set(c, c);
    allAreas.set(a, a);
    let areas = areasByCity.get(c);
    if (!areas) areasByCity.set(c, (areas = new Map<string, string>()));
    areas.set(a, a);
  }
  const cache = new Map<string, string[]>();
  const remember = (key: string, value: string[]) => {
    if (cache.size > 5000) cache.clear();
    cache.set(key, value);
    return value;
  };

  const resolveCities = (input: string): string[] => {
    const key = `c\u0000${input}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const aliases = cityAliases(normaliseLocality(input));
    const found = new Set<string>(aliases);
    for (const alias of aliases)
      for (const c of cities.keys()) if (localityMatches(alias, c)) found.add(c);
    return remember(
      key,
      [...found].filter((c) => c.length > 0),
    );
  };

  const resolveAreas = (input: string, inCities?: readonly string[]): string[] => {
    const key = `a\u0000${input}\u0000${inCities?.join('\u0001') ?? ''}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const wanted = normaliseLocality(input);
    const pool = inCities
      ? inCities.flatMap((c) => [...(areasByCity.get(c)?.keys() ?? [])])
      : [...allAreas.keys()];
    const found = new Set<string>([wanted]);
    for (const a of pool) if (localityMatches(wanted, a)) found.add(a);
    return remember(
      key,
      [...found].filter((a) => a.length > 0),
    );
  };

  return { resolveCities, resolveAreas, size: localities.length };
};

export type LocalityMatcher = ReturnType<typeof createLocalityMatcher>;
