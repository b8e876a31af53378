import { kmBetween } from '@rentals/core/gazetteer/cities';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { describe, expect, it } from 'vitest';
import { loadPostOffices } from '../geo/sources/postOffices.ts';
import { SEED_CITIES } from './cities.ts';

// Every office of a PIN sits at the PIN's centroid, so any one stands for all.
const officeAt = new Map(loadPostOffices().map((o) => [o.pin, o]));
const cityByName = new Map(SEED_CITIES.map((c) => [c.name, c]));

describe('popularLocalities.json', () => {
  it('names only seed cities and gives every seed city at least 12 localities', () => {
    expect(POPULAR_LOCALITIES.filter((l) => !cityByName.has(l.city))).toEqual([]);
    const thin = SEED_CITIES.filter(
      (c) => POPULAR_LOCALITIES.filter((l) => l.city === c.name).length < 12,
    ).map((c) => c.name);
    expect(thin).toEqual([]);
  });

  it('places every locality at a PIN of the gazetteer within its city', () => {
    const misplaced = POPULAR_LOCALITIES.flatMap((l) => {
      const office = officeAt.get(l.pinCode);
      if (!office) return [`${l.city}/${l.name}: no post office at ${l.pinCode}`];
      const city = cityByName.get(l.city)!;
      const km = kmBetween(city.centre, office);
      return km > city.radiusKm ? [`${l.city}/${l.name}: ${km.toFixed(1)} km from the centre`] : [];
    });
    expect(misplaced).toEqual([]);
  });

  it('lists each name once per city, with aliases that differ from every name there', () => {
    const problems: string[] = [];
    for (const city of SEED_CITIES) {
      const names = new Set<string>();
      for (const l of POPULAR_LOCALITIES.filter((p) => p.city === city.name))
        for (const n of [l.name, ...l.aliases].map((s) => s.toLowerCase())) {
          if (names.has(n)) problems.push(`${city.name}: '${n}' twice`);
          names.add(n);
        }
    }
    expect(problems).toEqual([]);
  });

  it('keeps rent levels within what Indian cities show (a third to three times the median)', () => {
    const outliers = POPULAR_LOCALITIES.filter((l) => !(l.rentLevel >= 0.33 && l.rentLevel <= 3));
    expect(outliers).toEqual([]);
  });
});
