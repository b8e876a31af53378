import type { City } from '../sources/cities.ts';
import type { PostOffice } from '../sources/postOffices.ts';
import { kmBetween } from '@rentals/core/gazetteer/cities';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { CITY_IMPORTANCE_BASE, type Place } from './place.ts';

const CELL = 0.25; // degrees; about 28 km, so a 3×3 block covers every city within 25 km
const NEAR_KM = 25;

/** Buckets points by grid cell so "what is near here" looks at nine cells instead of every point. */
class Grid<T extends { lat: number; lng: number }> {
  private cells = new Map<string, T[]>();
  constructor(items: T[]) {
    for (const item of items) {
      const key = this.key(Math.floor(item.lat / CELL), Math.floor(item.lng / CELL));
      const cell = this.cells.get(key);
      if (cell) cell.push(item);
      else this.cells.set(key, [item]);
    }
  }
  private key = (row: number, col: number) => `${row}:${col}`;
  near(at: { lat: number; lng: number }): T[] {
    const row = Math.floor(at.lat / CELL);
    const col = Math.floor(at.lng / CELL);
    const out: T[] = [];
    for (let r = row - 1; r <= row + 1; r++)
      for (let c = col - 1; c <= col + 1; c++) out.push(...(this.cells.get(this.key(r, c)) ?? []));
    return out;
  }
}

const INSTITUTIONAL =
  /\b(college|court|bhawan|bhavan|house|station|camp|secretariat|hospital|university|office|complex|iit|ho|so|bo|gpo|market|cantt?)\b/i;

/**
 * The name a PIN is known by, for map labels and PIN results: a name that
 * starts others in the same PIN (Koramangala, Koramangala I Block) first,
 * then one that is not an institution, then the shortest.
 */
export const primaryName = (names: string[]): string => {
  const lower = names.map((n) => n.toLowerCase());
  const scored = names.map((n, i) => {
    const startsOthers = lower.some((o, j) => j !== i && o.startsWith(`${lower[i]} `));
    return { n, score: (startsOthers ? 0 : 2) + (INSTITUTIONAL.test(n) ? 1 : 0) };
  });
  scored.sort((a, b) => a.score - b.score || a.n.length - b.n.length || a.n.localeCompare(b.n));
  return scored[0]?.n ?? '';
};

/** "Powai, Mumbai, Maharashtra" but "Pune, Maharashtra", and not "Bengaluru, Bangalore, …". */
const districtUnlessSame = (city: City, district: string | undefined) => {
  if (!district) return undefined;
  const same = [city.name, ...city.alternateNames].some(
    (n) => n.toLowerCase() === district.toLowerCase(),
  );
  return same ? undefined : district;
};

export type Gazetteer = {
  places: Place[];
  pins: { pin: string; name: string; lat: number; lng: number; importance: number }[];
};

export const buildGazetteer = (cities: City[], offices: PostOffice[]): Gazetteer => {
  const cityGrid = new Grid(cities);
  // A locality matters as much as the biggest city within reach: Andheri in Mumbai outranks Andheri in Sirmaur.
  const nearbyPopulation = (at: { lat: number; lng: number }) =>
    cityGrid
      .near(at)
      .reduce((max, c) => (kmBetween(at, c) <= NEAR_KM ? Math.max(max, c.population) : max), 0);

  const byPin = new Map<string, PostOffice[]>();
  for (const o of offices) {
    const list = byPin.get(o.pin);
    if (list) list.push(o);
    else byPin.set(o.pin, [o]);
  }

  // The name tenants search names its PIN better than any heuristic (Connaught Place for 110001, HSR Layout for 560102).
  const popularByPin = new Map<string, string>();
  for (const l of POPULAR_LOCALITIES)
    if (!popularByPin.has(l.pinCode)) popularByPin.set(l.pinCode, l.name);

  const places: Place[] = [];
  const pins: Gazetteer['pins'] = [];
  const pinInfo = new Map<string, { primary: string; importance: number; first: PostOffice }>();
  for (const [pin, list] of byPin) {
    const first = list[0]!;
    const primary = popularByPin.get(pin) ?? primaryName(list.map((o) => o.name));
    const importance = nearbyPopulation(first);
    pinInfo.set(pin, { primary, importance, first });
    pins.push({ pin, name: primary, lat: first.lat, lng: first.lng, importance });
    places.push({
      id: `p${pin}`,
      kind: 'pin',
      name: pin,
      aliases: [],
      pin,
      district: first.district,
      state: first.state,
      displayName: `${primary}, ${first.district}, ${first.state} ${pin}`,
      _geo: { lat: first.lat, lng: first.lng },
      importance,
      group: `p${pin}`,
    });
    list.forEach((o, i) =>
      places.push({
        id: `o${pin}-${i}`,
        kind: 'locality',
        name: o.name,
        aliases: [],
        pin,
        district: o.district,
        state: o.state,
        displayName: `${o.name}, ${o.district}, ${o.state} ${pin}`,
        _geo: { lat: o.lat, lng: o.lng },
        importance,
        group: `p${pin}`,
      }),
    );
  }

  // The popular localities, with their other names ('Sector 61 Mohali'), beside the post offices of their PIN.
  POPULAR_LOCALITIES.forEach((locality, i) => {
    const info = pinInfo.get(locality.pinCode);
    if (!info) return;
    const { first, importance } = info;
    places.push({
      id: `a${i}`,
      kind: 'locality',
      name: locality.name,
      aliases: [...locality.aliases],
      pin: locality.pinCode,
      district: first.district,
      state: first.state,
      displayName: `${locality.name}, ${first.district}, ${first.state} ${locality.pinCode}`,
      _geo: { lat: first.lat, lng: first.lng },
      importance,
      group: `p${locality.pinCode}`,
    });
  });

  // GeoNames gives a state code, not a name; the nearest PIN says which state a city is in.
  const firsts = [...pinInfo.values()].map((p) => p.first);
  const pinGrid = new Grid(firsts);
  const nearestOffice = (at: { lat: number; lng: number }) => {
    const candidates = pinGrid.near(at);
    // Remote towns (Ladakh, islands) can be beyond the neighbouring cells: look at every PIN then.
    return (candidates.length > 0 ? candidates : firsts).reduce<{ o?: PostOffice; d: number }>(
      (best, o) => {
        const d = kmBetween(at, o);
        return d < best.d ? { o, d } : best;
      },
      { d: Infinity },
    ).o;
  };
  for (const c of cities) {
    const nearest = nearestOffice(c);
    const state = nearest?.state ?? '';
    places.push({
      id: `c${c.geonameId}`,
      kind: 'city',
      name: c.name,
      aliases: c.alternateNames,
      ...(nearest ? { district: nearest.district } : {}),
      state,
      displayName: [c.name, districtUnlessSame(c, nearest?.district), state]
        .filter(Boolean)
        .join(', '),
      _geo: { lat: c.lat, lng: c.lng },
      importance: CITY_IMPORTANCE_BASE + c.population,
      group: `c${c.geonameId}`,
    });
  }
  return { places, pins };
};
