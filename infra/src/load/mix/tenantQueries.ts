import type { Random } from '../../seed/random.ts';

/** What the query mix reads of a place (mix/places.ts). */
type Searched = {
  spellings: readonly string[];
  oneBhkRent: number;
  localities: readonly { name: string }[];
};

/** A one-letter slip (dropped, doubled or swapped letter), as typed on a phone. */
const typo = (random: Random, word: string) => {
  if (word.length < 6) return word.toLowerCase();
  const i = random.int(1, word.length - 3);
  const kind = random.int(0, 2);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
};

const TYPES = ['flat', 'house', 'PG'] as const;

/**
 * One realistic tenant search over the places, as query pairs: a city (often
 * an old name or lower case), a locality (sometimes with a typo), one or two
 * types, a rent range around the city's level, a minimum of bedrooms, and
 * pages 1–5 (page 1 most often). `bench:search` and the tenant-search load
 * scenario draw from this one mix.
 */
export const tenantQuery = (random: Random, places: readonly Searched[]): [string, string][] => {
  const q: [string, string][] = [];
  const place = random.pick(places);
  q.push(['city', random.pick(place.spellings)]);
  if (random.chance(0.5)) {
    const area = random.pick(place.localities).name;
    q.push(['area', random.chance(0.3) ? typo(random, area) : area]);
  }
  const roll = random.next();
  if (roll < 0.6) q.push(['propertyType', random.pick(TYPES)]);
  else if (roll < 0.75) q.push(['propertyType', 'flat'], ['propertyType', 'house']);
  const level = place.oneBhkRent * 1.5;
  if (random.chance(0.7)) {
    const low = Math.round((level * (0.3 + random.next() * 0.5)) / 1000) * 1000;
    q.push(['minRent', String(low)]);
    q.push(['maxRent', String(low + Math.round((level * (0.5 + random.next())) / 1000) * 1000)]);
  }
  if (random.chance(0.5)) q.push(['bedrooms', String(random.int(1, 3))]);
  const pageRoll = random.next();
  q.push([
    'page',
    String(
      pageRoll < 0.6 ? 1 : pageRoll < 0.75 ? 2 : pageRoll < 0.85 ? 3 : pageRoll < 0.93 ? 4 : 5,
    ),
  ]);
  if (random.chance(0.2)) q.push(['sort', random.chance(0.5) ? 'rent_asc' : 'rent_desc']);
  return q;
};
