import { describe, expect, it } from 'vitest';
import { findingBasis } from './rentCheckQueue.ts';
import { fairRentText, type FairRentBasis } from './rentMarket.ts';

const flat = { propertyType: 'flat', bedrooms: 2 };
const hint = { verdict: 'below' as const, median: 25_000, sample: 8 };

describe('a too-cheap finding said again in the admin’s language', () => {
  it.each<FairRentBasis>([
    { basis: 'locality', place: 'Aundh' },
    { basis: 'nearby', km: 3 },
    { basis: 'nearby', km: 5 },
  ])('reads the basis %o back from the sentence the sweep stored', (basis) => {
    const stored = fairRentText(hint, flat, basis, 'en');
    expect(findingBasis(stored, 'Aundh')).toEqual(basis);
    expect(fairRentText(hint, flat, findingBasis(stored, 'Aundh'), 'en')).toBe(stored);
  });

  it('says it in Hindi with the same figures', () => {
    const stored = fairRentText(hint, flat, { basis: 'nearby', km: 3 }, 'en');
    expect(stored).toBe('Below the median of ₹25,000 for 8 comparable 2 BHK flats within 3 km');
    expect(fairRentText(hint, flat, findingBasis(stored, 'Aundh'), 'hi')).toBe(
      '3 किमी के अंदर 8 मिलती-जुलती 2 BHK फ़्लैट के मीडियन ₹25,000 से कम',
    );
  });
});
