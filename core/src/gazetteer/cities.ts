import TABLE from './cities.json' with { type: 'json' };
import { normaliseLocality } from './normalise.ts';

/**
 * The gazetteer's one table (cities.json) of the cities the product knows by hand: their
 * other names, their extent and the seed's data (their neighbourhoods are in
 * popularLocalities.json). Everything that needs a city's other
 * names reads them here, so the listings search, the geocoder, the domain's
 * city list, the seed and the pages cannot drift apart:
 *
 * - `aliases`: old, local or short names. Each one finds the city in the
 *   listings search (Meilisearch synonyms and the locality matcher), in the
 *   geocoder (the places index's synonyms) and in the city list the listing
 *   rules accept (cityNames.ts, generated with them).
 * - `names`: how Hindi (Devanagari) and Kannada write the city, as newspapers and
 *   signboards do; shown in those languages and found by search (nativeNames.ts).
 * - `nativeAliases`: other spellings in those scripts ('बैंगलोर', 'बम्बई'), found
 *   by search, never shown.
 * - `geonamesName`: GeoNames' spelling where the product shows another.
 * - `centre`, `radiusKm`: where the city's neighbourhoods lie. Visitor
 *   positions of listings here never move out of the city (migration 0027).
 * - `seed`: a typical 1 BHK rent there in 2024–25 rupees; the seed lists
 *   in the city's popular localities (popularLocalities.json, which the
 *   geocoder also knows by name and other names; add to it when users miss a
 *   place).
 */
/** A place's name in each script the product speaks besides English. */
export type NativeNames = { hi: string; kn: string };

export type GazetteerCity = {
  name: string;
  aliases?: readonly string[];
  names: NativeNames;
  nativeAliases?: readonly string[];
  geonamesName?: string;
  centre?: { lat: number; lng: number };
  radiusKm?: number;
  seed?: { oneBhkRent: number };
};

export const CITIES: readonly GazetteerCity[] = TABLE;

/** A city's centre and the radius its neighbourhoods lie within. */
export type CityArea = { name: string; centre: { lat: number; lng: number }; radiusKm: number };

/** The cities whose extent we know. */
export const CITY_AREAS: readonly CityArea[] = CITIES.flatMap(({ name, centre, radiusKm }) =>
  centre && radiusKm !== undefined ? [{ name, centre, radiusKm }] : [],
);

/**
 * Each city's names in lower case, its own first: every name in a group finds
 * what is stored under any other ('bangalore' finds Bengaluru).
 */
export const CITY_SYNONYM_GROUPS: readonly (readonly string[])[] = CITIES.flatMap((c) =>
  c.aliases ? [[c.name.toLowerCase(), ...c.aliases]] : [],
);

/** Meilisearch's synonym setting (listings and places alike): each name maps to the other names of its group. */
export const meiliSynonyms = (): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const group of CITY_SYNONYM_GROUPS)
    for (const name of group) out[name] = group.filter((other) => other !== name);
  return out;
};

/** The names a normalised city input stands for (itself plus its group). */
export const cityAliases = (normalised: string): string[] => {
  const group = CITY_SYNONYM_GROUPS.find((g) => g.includes(normalised));
  return group ? [...group] : [normalised];
};

/** The name the city list shows for a GeoNames place whose spelling we do not use ('Gurgaon' → 'Gurugram'). */
export const PREFERRED_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  CITIES.flatMap((c) => (c.geonamesName ? [[c.geonamesName, c.name]] : [])),
);

const byKey = new Map(CITY_AREAS.map((c) => [normaliseLocality(c.name), c]));

/** The area of a listing's city as its owner spelt it ('bangalore', 'New Delhi'), if known. */
export const cityAreaOf = (city: string): CityArea | undefined => {
  for (const key of cityAliases(normaliseLocality(city))) {
    const area = byKey.get(key);
    if (area) return area;
  }
  return undefined;
};

/** The named city's area; for tables that build on this one (the seed). */
export const cityArea = (name: string): CityArea => {
  const area = cityAreaOf(name);
  if (!area) throw new Error(`no city area for ${name}`);
  return area;
};

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export const kmBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};
