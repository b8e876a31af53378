import { CITY_NAMES } from './cityNames.ts';

/**
 * The cities a listing may be in: the gazetteer's Indian places (GeoNames,
 * with their other spellings and the search synonyms), committed as
 * cityNames.ts so the rules need no IO. A listing stores the list's name;
 * any other spelling of it is turned into that name ('Bangalore' →
 * 'Bengaluru', 'gurgaon' → 'Gurugram').
 */

/** 'Hyderābād' → 'Hyderabad'. */
export const asciiName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '');

/** How a typed city is compared: case, accents, dots and repeated spaces do not matter. */
export const cityKey = (name: string) =>
  asciiName(name)
    .toLowerCase()
    .replace(/[.\s]+/g, ' ')
    .trim();

type CityIndex = { names: Set<string>; byKey: Map<string, string> };
let index: CityIndex | undefined;

const cityIndex = (): CityIndex => {
  if (index) return index;
  const lines = CITY_NAMES.trim()
    .split('\n')
    .map((line) => line.split('|'));
  const names = new Set<string>();
  const byKey = new Map<string, string>();
  // A place's own name wins over another place's other spelling; the list is biggest first.
  for (const [name] of lines) {
    names.add(name!);
    if (!byKey.has(cityKey(name!))) byKey.set(cityKey(name!), name!);
  }
  for (const [name, ...keys] of lines)
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, name!);
  index = { names, byKey };
  return index;
};

/** The list's name for a typed city, or undefined when it is not a known Indian city. */
export const canonicalCity = (typed: string): string | undefined =>
  cityIndex().byKey.get(cityKey(typed));

/** True for a name exactly as the list spells it (what events and listings hold). */
export const isListedCity = (name: string): boolean => cityIndex().names.has(name);
