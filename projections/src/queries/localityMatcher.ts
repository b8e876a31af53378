import { CITY_SYNONYM_GROUPS, cityAliases } from '@rentals/core/gazetteer/cities';
import { canonicalCity } from '@rentals/core/gazetteer/cityList';
import { LOCALITY_NAME_GROUPS, type LocalityNames } from '@rentals/core/gazetteer/localityNames';
import { latinPlaces } from '@rentals/core/gazetteer/nativeNames';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { foldedWords, pinCodeOf, placeKey, placeWords, typoBudget } from './placeSpelling.ts';

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
 * A place name as the matcher compares it: its folded words and their key
 * (no spaces), its numbers (which must match exactly) and the most typos any
 * one word may have (0 for names that must match as spelt).
 */
type Spelling = {
  words: string[];
  /** Each word's length as typed (folding shortens 'khaz' to 'kaz'; the budget follows what was typed). */
  lengths: number[];
  key: string;
  numbers: string;
  maxTypos: number;
};
/** A stored name: the whole of it, and its first words ('hsr' finds 'HSR Layout'). */
type Candidate = { whole: Spelling; heads: Spelling[] };

/** Typed places whose resolution a matcher remembers (a few MB at most). */
const REMEMBERED_PLACES = 10_000;

const spellingOf = (words: readonly string[], maxTypos = 2): Spelling => ({
  words: foldedWords(words),
  lengths: words.map((w) => w.length),
  key: placeKey(words),
  numbers: words
    .flatMap((w) => w.match(/\d+/g) ?? [])
    .map(Number)
    .join(' '),
  maxTypos,
});

const candidateOf = (name: string): Candidate => {
  const words = placeWords(name);
  return {
    whole: spellingOf(words),
    heads: words.slice(1).map((_, i) => spellingOf(words.slice(0, i + 1))),
  };
};

const wordClose = (typed: string, length: number, stored: string, maxTypos: number) => {
  if (typed === stored) return true;
  const budget = /\d/.test(typed) ? 0 : Math.min(maxTypos, typoBudget(length));
  // People know how a place begins: a typo never changes the first letter ('Ballygunj' is not Tollygunge).
  return budget > 0 && typed[0] === stored[0] && editDistance(typed, stored, budget) <= budget;
};

/**
 * Word by word, each within its own typo budget ('Andheri Wset' is Andheri
 * West, 'Kandivali W' never Kandivali East); with the words split otherwise
 * ('HSRLayout', 'White field'), the keys without spaces, with one typo only
 * in long names.
 */
const close = (input: Spelling, stored: Spelling) => {
  if (input.numbers !== stored.numbers) return false;
  if (input.key === stored.key) return true;
  if (input.words.length === stored.words.length)
    return input.words.every((w, i) =>
      wordClose(w, input.lengths[i]!, stored.words[i]!, input.maxTypos),
    );
  return (
    input.maxTypos > 0 &&
    input.key.length >= 9 &&
    input.key[0] === stored.key[0] &&
    editDistance(input.key, stored.key, 1) <= 1
  );
};

const matchesCandidate = (input: Spelling, c: Candidate) =>
  input.key.length > 0 && (close(input, c.whole) || c.heads.some((h) => close(input, h)));

/**
 * Whether what a tenant typed names this stored locality: the whole name, or
 * its first words ('hsr' → 'HSR Layout'), with short forms, spaces and
 * transliteration folded away (placeSpelling.ts), numbers exact ('Sector 62'
 * is not 'Sector 63') and within the typo budget of the input.
 */
export const localityMatches = (input: string, candidate: string): boolean =>
  matchesCandidate(spellingOf(placeWords(input)), candidateOf(candidate));

/** A city and area as stored (normalised keys), with the PIN code of the listings there. */
export type Locality = { city: string; area: string; pin?: string | null };

/** What a tenant typed in the place fields and the free text, before resolving. */
export type TypedPlaces = { city?: string; area?: string; q?: string };
/** The same, resolved: the stored keys to filter on (an empty list: no such place), and the rest of the text. */
export type ResolvedPlaces = { cities?: string[]; areas?: string[]; q?: string };

/** Words that name a part of a locality, not another one: dropped when only the whole is known. */
const DETAIL_WORDS = new Set([
  'block',
  'phase',
  'sector',
  'stage',
  'main',
  'road',
  'cross',
  'extension',
  'layout',
  'ph',
  'sec',
  'blk',
  'bk',
  'stg',
  'extn',
  'rd',
]);

const PIN_IN_TEXT = /(?<!\d)[1-9]\d{5}(?!\d)/g;

/** The places a matcher knows, indexed, and the answers it remembers. */
type MatcherIndex = {
  storedCities: Map<string, Candidate>;
  areasByCity: Map<string, Map<string, Candidate>>;
  allAreas: Map<string, Candidate>;
  /** PIN → the city/area keys seen with it (listings and the gazetteer). */
  pins: Map<string, { city: string; area: string }[]>;
  /** The gazetteer's groups of names of one locality. */
  groups: { cities: string[]; keys: string[]; candidates: Candidate[] }[];
  citySynonyms: { group: readonly string[]; candidates: Candidate[] }[];
  /** Resolved cities and areas by input. */
  cache: Map<string, string[]>;
  /** Resolved places by what was typed (see rememberedResolvePlaces). */
  remembered: Map<string, ResolvedPlaces>;
};

const addPin = (m: MatcherIndex, pin: string | null | undefined, city: string, area: string) => {
  if (!pin) return;
  let list = m.pins.get(pin);
  if (!list) m.pins.set(pin, (list = []));
  if (!list.some((p) => p.city === city && p.area === area)) list.push({ city, area });
};

const indexOf = (
  localities: readonly Locality[],
  names: readonly LocalityNames[],
): MatcherIndex => {
  const m: MatcherIndex = {
    storedCities: new Map(),
    areasByCity: new Map(),
    allAreas: new Map(),
    pins: new Map(),
    groups: names.map((g) => ({
      cities: cityAliases(normaliseLocality(g.city)),
      keys: g.names.map(normaliseLocality),
      candidates: g.names.map(candidateOf),
    })),
    citySynonyms: CITY_SYNONYM_GROUPS.map((group) => ({
      group,
      candidates: group.map(candidateOf),
    })),
    cache: new Map(),
    remembered: new Map(),
  };
  for (const { city, area, pin } of localities) {
    const c = normaliseLocality(city);
    const a = normaliseLocality(area);
    if (!m.storedCities.has(c)) m.storedCities.set(c, candidateOf(c));
    let areas = m.areasByCity.get(c);
    if (!areas) m.areasByCity.set(c, (areas = new Map<string, Candidate>()));
    const candidate = m.allAreas.get(a) ?? candidateOf(a);
    areas.set(a, candidate);
    m.allAreas.set(a, candidate);
    addPin(m, pin, c, a);
  }
  for (const g of names)
    for (const name of g.names)
      addPin(m, g.pinCode, normaliseLocality(g.city), normaliseLocality(name));
  return m;
};

const remember = (m: MatcherIndex, key: string, value: () => string[]) => {
  const hit = m.cache.get(key);
  if (hit) return hit;
  if (m.cache.size > 5000) m.cache.clear();
  const computed = value();
  m.cache.set(key, computed);
  return computed;
};

const resolveCities = (m: MatcherIndex, input: string): string[] =>
  remember(m, `c\u0000${input}`, () => {
    // One typo a word at most: city names two typos apart are other cities (Bengaluru, Mangaluru).
    const typed = spellingOf(placeWords(input), 1);
    const found = new Set<string>(cityAliases(normaliseLocality(input)));
    // Old and other spellings the city list knows ('Calcutta', 'Bengalooru'), exactly.
    const listed = canonicalCity(input);
    if (listed) for (const name of cityAliases(normaliseLocality(listed))) found.add(name);
    // The synonyms with typos ('Banglore').
    for (const { group, candidates } of m.citySynonyms)
      if (candidates.some((c) => close(typed, c.whole))) for (const name of group) found.add(name);
    const spellings = [typed, ...[...found].map((f) => spellingOf(placeWords(f), 1))];
    for (const [key, c] of m.storedCities)
      if (spellings.some((s) => matchesCandidate(s, c))) found.add(key);
    return [...found].filter((c) => c.length > 0);
  });

/** The stored areas (and the gazetteer's names) an input names, within `inCities` when given. */
const matchAreas = (m: MatcherIndex, input: string, inCities?: readonly string[]): Set<string> => {
  const typed = spellingOf(placeWords(input));
  const inScope = (groupCities: readonly string[]) =>
    !inCities || groupCities.some((c) => inCities.includes(c));
  const wanted = [typed];
  const found = new Set<string>();
  // A locality's other names: typed one, find all (the gazetteer's official and popular names).
  for (const g of m.groups)
    if (inScope(g.cities) && g.candidates.some((c) => matchesCandidate(typed, c))) {
      for (const key of g.keys) found.add(key);
      wanted.push(...g.keys.map((k) => spellingOf(placeWords(k), 0)));
    }
  const pool = inCities
    ? inCities.flatMap((c) => [...(m.areasByCity.get(c)?.entries() ?? [])])
    : [...m.allAreas.entries()];
  for (const [key, c] of pool) if (wanted.some((w) => matchesCandidate(w, c))) found.add(key);
  return found;
};

const resolveAreas = (m: MatcherIndex, input: string, inCities?: readonly string[]): string[] =>
  remember(m, `a\u0000${input}\u0000${inCities?.join('\u0001') ?? ''}`, () => {
    const pin = pinCodeOf(input);
    if (pin) return pinAreas(m, pin, inCities) ?? [pin];
    const wanted = normaliseLocality(input);
    let found = matchAreas(m, input, inCities);
    // 'Koramangala 5th Block' where listings say 'Koramangala': the part before the block, phase or number.
    const words = wanted.split(' ');
    for (let n = words.length - 1; found.size === 0 && n >= 1; n--)
      if (words.slice(n).some((w) => /\d/.test(w) || DETAIL_WORDS.has(w)))
        found = matchAreas(m, words.slice(0, n).join(' '), inCities);
    return [...new Set([wanted, ...found])].filter((a) => a.length > 0);
  });

/** The areas listings with this PIN are in (within `inCities` when given); undefined for an unknown PIN. */
const pinAreas = (
  m: MatcherIndex,
  pin: string,
  inCities?: readonly string[],
): string[] | undefined => {
  const places = m.pins.get(pin);
  if (!places) return undefined;
  return [
    ...new Set(places.filter((p) => !inCities || inCities.includes(p.city)).map((p) => p.area)),
  ];
};

const pinCities = (m: MatcherIndex, pin: string): string[] | undefined => {
  const places = m.pins.get(pin);
  return places && [...new Set(places.map((p) => p.city))];
};

/**
 * 'Koramangla Bangalore' typed as the area: a known city at either end of an
 * area that names no known locality as a whole is the city, the rest the area.
 */
const cityInArea = (m: MatcherIndex, area: string, inCities?: readonly string[]) => {
  const words = normaliseLocality(area).split(' ');
  if (words.length < 2 || matchAreas(m, area, inCities).size > 0) return undefined;
  for (const k of [2, 1].filter((n) => n < words.length))
    for (const [place, rest] of [
      [words.slice(-k), words.slice(0, -k)],
      [words.slice(0, k), words.slice(k)],
    ] as const) {
      const named = resolveCities(m, place.join(' ')).filter(
        (c) => m.storedCities.has(c) && (!inCities || inCities.includes(c)),
      );
      if (named.length > 0)
        return { area: rest.join(' '), cities: inCities ? [...inCities] : named };
    }
  return undefined;
};

/**
 * 'Bombay Andheri E' in the city field: a known city at either end and a known locality of it
 * in the rest. Only a known locality splits it, so any other text stays as typed.
 */
const localityInCity = (m: MatcherIndex, typed: string) => {
  const words = normaliseLocality(typed).split(' ');
  for (const k of [2, 1].filter((n) => n < words.length))
    for (const [place, rest] of [
      [words.slice(0, k), words.slice(k)],
      [words.slice(-k), words.slice(0, -k)],
    ] as const) {
      const named = resolveCities(m, place.join(' ')).filter((c) => m.storedCities.has(c));
      if (named.length > 0 && matchAreas(m, rest.join(' '), named).size > 0)
        return { area: rest.join(' '), cities: named };
    }
  return undefined;
};

const isStoredCity = (m: MatcherIndex, cities: readonly string[] | undefined) =>
  cities !== undefined && cities.some((c) => m.storedCities.has(c));

/** The listed cities an area input names as a whole, when it names no locality (within `inCities`). */
const cityOfArea = (m: MatcherIndex, area: string, inCities?: readonly string[]) => {
  if (pinCodeOf(area) || matchAreas(m, area, inCities).size > 0) return undefined;
  const named = resolveCities(m, area).filter(
    (c) => m.storedCities.has(c) && (!inCities || inCities.includes(c)),
  );
  return named.length > 0 ? named : undefined;
};

/** A resolution under way: the cities and areas so far (see resolvePlaces). */
type Resolving = { cities?: string[] | undefined; areas?: string[] | undefined };

/**
 * The city field: its PIN's cities, or the cities it names; a suburb with no
 * listings of its own ('Secunderabad', 'Thane', 'Mohali') is the cities
 * around its localities, and those localities the areas.
 */
const resolveCityField = (m: MatcherIndex, city: string, cityPin: string | undefined) => {
  const cities = cityPin ? (pinCities(m, cityPin) ?? [cityPin]) : resolveCities(m, city);
  if (cityPin || cities.some((c) => m.storedCities.has(c))) return { cities };
  const named = matchAreas(m, city);
  const around = [...m.areasByCity].flatMap(([c, inCity]) =>
    [...named].some((a) => inCity.has(a)) ? [c] : [],
  );
  return around.length > 0 ? { cities: around, suburb: [...named] } : { cities };
};

/**
 * The area typed (or split off the city field): a city at either end of it
 * is the city, a whole city is the city, a PIN names its cities too; the
 * rest resolves to the areas.
 */
const resolveAreaField = (
  m: MatcherIndex,
  r: Resolving,
  placeInArea: string | undefined,
  fallback: () => string[] | undefined,
) => {
  const split =
    placeInArea === undefined || pinCodeOf(placeInArea)
      ? undefined
      : cityInArea(m, placeInArea, r.cities);
  if (split) r.cities = split.cities;
  let typedArea = split?.area ?? placeInArea;
  // 'Gurgaon' typed as the area: a whole city that names no locality is the city.
  const areaCity =
    typedArea === undefined || split ? undefined : cityOfArea(m, typedArea, r.cities);
  if (areaCity) {
    r.cities = areaCity;
    typedArea = undefined;
  }
  // A PIN names its city too: Malviya Nagar 110017 is Delhi's, not Jaipur's.
  const areaPin = typedArea === undefined ? undefined : pinCodeOf(typedArea);
  if (areaPin && !r.cities) r.cities = pinCities(m, areaPin);
  r.areas = typedArea !== undefined ? resolveAreas(m, typedArea, r.cities) : fallback();
};

/** Known PIN codes in the free text narrow the places to theirs and leave the text. */
const pinsInText = (m: MatcherIndex, r: Resolving, q: string) => {
  let text = q;
  for (const pin of q.match(PIN_IN_TEXT) ?? []) {
    if (!m.pins.has(pin)) continue;
    r.cities ??= pinCities(m, pin);
    const covered = pinAreas(m, pin, r.cities) ?? [];
    r.areas = r.areas ? r.areas.filter((a) => covered.includes(a)) : covered;
    text = text.replace(pin, ' ');
  }
  return text;
};

/**
 * City, area and free text → the filters both engines apply. A PIN code may
 * stand in either place field or in the free text: it becomes the areas it
 * covers (and, typed as the city, its cities), and leaves the free text
 * (unless `pinsInText` is off: visitors' searches cannot filter by area).
 */
const resolvePlaces = (
  m: MatcherIndex,
  typed: TypedPlaces,
  options: { pinsInText: boolean },
): ResolvedPlaces => {
  // Places in Devanagari or Kannada ('बेंगलुरु', 'ಕೋರಮಂಗಲ 2 BHK') as their English names, in every field.
  const [city, area, q] = [typed.city, typed.area, typed.q].map((t) => t && latinPlaces(t));
  const cityPin = city === undefined ? undefined : pinCodeOf(city);
  const cityField = city === undefined ? undefined : resolveCityField(m, city, cityPin);
  const r: Resolving = { cities: cityField?.cities };
  const suburb = cityField?.suburb;
  // 'Bombay Andheri E' typed as the city: a known city at either end, the rest a locality of it.
  const localityField =
    city !== undefined && !cityPin && area === undefined && !suburb && !isStoredCity(m, r.cities)
      ? localityInCity(m, city)
      : undefined;
  if (localityField) r.cities = localityField.cities;
  resolveAreaField(m, r, localityField?.area ?? area, () =>
    cityPin ? (pinAreas(m, cityPin) ?? [cityPin]) : suburb,
  );
  let text = q;
  if (options.pinsInText && q) text = pinsInText(m, r, q);
  text = text?.replace(/\s+/g, ' ').trim();
  return {
    ...(r.cities ? { cities: r.cities } : {}),
    ...(r.areas ? { areas: r.areas } : {}),
    ...(text ? { q: text } : {}),
  };
};

// Tenants type the same few thousand places over and over, and matching one against every locality
// (word by word, typos, spellings) took 29% of the API's CPU per search. The answer depends only on
// what was typed and on this matcher's localities (a new list makes a new matcher), so it is
// remembered per matcher, the oldest forgotten first. Shared answers: read only.
const rememberedResolvePlaces = (
  m: MatcherIndex,
  typed: TypedPlaces,
  options: { pinsInText: boolean },
): ResolvedPlaces => {
  const key = JSON.stringify([typed.city, typed.area, typed.q, options.pinsInText]);
  let answer = m.remembered.get(key);
  if (!answer) {
    answer = resolvePlaces(m, typed, options);
    if (m.remembered.size >= REMEMBERED_PLACES)
      m.remembered.delete(m.remembered.keys().next().value!);
    m.remembered.set(key, answer);
  }
  return answer;
};

/**
 * Resolves the city and area a tenant typed to the spellings stored in the
 * listings, case-insensitively, with typos, short forms, spacing, city
 * synonyms and old names, the gazetteer's other names of a locality (official
 * and popular), places written in Devanagari or Kannada (the gazetteer's
 * native names) and PIN codes (in either field or in the free text). Both
 * search engines then filter on exactly these values, so Meilisearch and the
 * Postgres fallback agree. An input that matches nothing known stays as typed
 * (after normalising), so it still finds listings added since the list was
 * loaded.
 */
export const createLocalityMatcher = (
  localities: readonly Locality[],
  names: readonly LocalityNames[] = LOCALITY_NAME_GROUPS,
) => {
  const m = indexOf(localities, names);
  return {
    resolveCities: (input: string) => resolveCities(m, latinPlaces(input)),
    resolveAreas: (input: string, inCities?: readonly string[]) =>
      resolveAreas(m, latinPlaces(input), inCities),
    resolvePlaces: (
      typed: TypedPlaces,
      options: { pinsInText: boolean } = { pinsInText: true },
    ): ResolvedPlaces => rememberedResolvePlaces(m, typed, options),
    size: localities.length,
  };
};

export type LocalityMatcher = ReturnType<typeof createLocalityMatcher>;
