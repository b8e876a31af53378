import { kmBetween } from '@rentals/core/gazetteer/cities';
import { loadPostOffices, type PostOffice } from '../geo/sources/postOffices.ts';
import { SEED_CITIES, type SeedCity } from './cities.ts';

/** A real locality: a post office's name with its PIN and the PIN's centroid. */
export type Locality = { name: string; pinCode: string; lat: number; lng: number };

/** Offices that are institutions, not neighbourhoods people rent in. */
const NOT_A_LOCALITY =
  /court|complex|hospital|secretariat|legislat|raj ?bhavan|high ?court|assembly|office|bldg|building|corporation|exchange|camp\b|iaf|air ?force|army|naval|cantonment|university|institute|college|airport|station|mills?\b|factory|estate|collectorate|\bpo\b|\bs\.?o\b|\bb\.?o\b|h\.?o\b|\bgpo\b|\bmdg\b|\bpvt\b|\bltd\b|refinery|plant|port trust|sachivalaya|bhawan|bhavan|commission|bank|bureau|hotel|press|ag.s\b|police|electricity|sectt|kty|cpmg|campus|house\b|mpt|secretr?iate|sabha|bench|power|tiba|group/i;

const cleanName = (raw: string) =>
  raw
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const localitiesOf = (city: SeedCity, offices: readonly PostOffice[]): Locality[] => {
  const districts = new Set(city.districts.map((d) => d.toLowerCase()));
  const seen = new Set<string>();
  const out: Locality[] = [];
  for (const o of offices) {
    if (!districts.has(o.district.toLowerCase())) continue;
    if (kmBetween(city.centre, o) > city.radiusKm) continue;
    const name = cleanName(o.name);
    // Abbreviations such as 'M.P.T.' or 'V.W.T.C.' are offices, not places.
    if (name.length < 4 || /^([A-Z]\.\s?)+[A-Z]?\.?$/.test(name) || NOT_A_LOCALITY.test(name))
      continue;
    if (name.toLowerCase() === city.name.toLowerCase() || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ name, pinCode: o.pin, lat: o.lat, lng: o.lng });
  }
  // A stable order, whatever the data file's order: by PIN, then name.
  return out.sort((a, b) => a.pinCode.localeCompare(b.pinCode) || a.name.localeCompare(b.name));
};

/** Each seed city with its real localities (cities with fewer than 5 are dropped). */
export const loadSeedLocalities = (): { city: SeedCity; localities: Locality[] }[] => {
  const offices = loadPostOffices();
  return SEED_CITIES.map((city) => ({ city, localities: localitiesOf(city, offices) })).filter(
    (c) => c.localities.length >= 5,
  );
};
