import { describe, expect, it } from 'vitest';
import {
  accountsSharingPhotos,
  addressKey,
  duplicateInWords,
  duplicateListing,
  jaccard,
  listingShingles,
  metresBetween,
  pairKey,
  recycledPhoto,
  SAME_TEXT_JACCARD,
  textShingles,
  type ListingTraits,
} from './duplicates.ts';

const TEXT =
  'Spacious 2BHK flat near Indiranagar metro. Sunny balcony, modular kitchen, covered parking and 24x7 water. Family preferred.';

const listing = (over: Partial<ListingTraits> = {}): ListingTraits => ({
  listingId: 'l-1',
  ownerId: 'u-1',
  city: 'Bengaluru',
  addressKey: addressKey({
    address: '12, 5th Cross, HAL 2nd Stage',
    city: 'Bengaluru',
    pinCode: '560038',
  }),
  position: { latitude: 12.9784, longitude: 77.6408 },
  shingles: listingShingles('Spacious 2BHK', TEXT),
  ...over,
});

describe('text similarity (three-word shingles, Jaccard)', () => {
  it('ignores case, punctuation and spacing', () => {
    expect(
      jaccard(textShingles(TEXT), textShingles(TEXT.toUpperCase().replaceAll(',', ' ;'))),
    ).toBe(1);
  });

  it('keeps a lightly edited copy above the threshold', () => {
    const edited = TEXT.replace('Sunny balcony', 'Big sunny balcony').replace(
      'Family preferred.',
      '',
    );
    const j = jaccard(textShingles(TEXT), textShingles(edited));
    expect(j).toBeGreaterThanOrEqual(SAME_TEXT_JACCARD);
    expect(j).toBeLessThan(1);
  });

  it('puts different texts about the same kind of home far apart', () => {
    const other =
      '2BHK in a gated society off Old Airport Road, semi furnished, lift and power backup. Bachelors welcome.';
    expect(jaccard(textShingles(TEXT), textShingles(other))).toBeLessThan(0.1);
  });

  it('compares a listing by its title’s and description’s shingles together', () => {
    expect(listingShingles('Spacious 2BHK', TEXT)).toEqual(
      [...new Set([...textShingles('Spacious 2BHK'), ...textShingles(TEXT)])].sort((a, b) => a - b),
    );
  });

  it('is 0 for two empty texts, and a short text is one shingle', () => {
    expect(jaccard([], [])).toBe(0);
    expect(textShingles('Nice flat')).toHaveLength(1);
  });
});

describe('duplicate listing', () => {
  const copy = listing({ listingId: 'l-2', ownerId: 'u-2' });

  it('same address and text from two accounts is a duplicate', () => {
    const found = duplicateListing(listing(), { ...copy, position: null });
    expect(found).toEqual({ similarity: 1, metres: null, sameAddress: true });
    expect(duplicateInWords(found!)).toBe('Same address; title and description 100 % the same');
  });

  it('positions within 50 m count as one address', () => {
    const nearby = {
      ...copy,
      addressKey: 'elsewhere',
      position: { latitude: 12.9787, longitude: 77.6408 },
    };
    const found = duplicateListing(listing(), nearby);
    expect(found?.metres).toBeCloseTo(33, 0);
    expect(
      duplicateListing(listing(), {
        ...nearby,
        position: { latitude: 12.979, longitude: 77.6408 },
      }),
    ).toBeNull();
  });

  it('one owner listing twice, or different text, is no duplicate', () => {
    expect(duplicateListing(listing(), { ...copy, ownerId: 'u-1' })).toBeNull();
    expect(
      duplicateListing(listing(), { ...copy, shingles: textShingles('Studio flat for students') }),
    ).toBeNull();
  });

  it('measures distance on the ground', () => {
    expect(
      metresBetween({ latitude: 12, longitude: 77 }, { latitude: 12.001, longitude: 77 }),
    ).toBeCloseTo(111.2, 0);
  });
});

describe('recycled photo', () => {
  const photo = {
    hash: '00ff00ff00ff00ff',
    mirrored: 'ff00ff00ff00ff00',
    centre: '00ff00ff00ff00ff',
    centreMirrored: 'ff00ff00ff00ff00',
  };
  it('flags the same photo across accounts or across cities', () => {
    expect(
      recycledPhoto(
        { ownerId: 'u-1', city: 'Pune', photo },
        { ownerId: 'u-2', city: 'Pune', photo },
      ),
    ).toEqual({
      distance: 0,
      mirrored: false,
    });
    expect(
      recycledPhoto(
        { ownerId: 'u-1', city: 'Pune', photo },
        { ownerId: 'u-1', city: 'Mumbai', photo },
      ),
    ).not.toBeNull();
  });

  it('lets one owner reuse a photo within one city', () => {
    expect(
      recycledPhoto(
        { ownerId: 'u-1', city: 'Pune', photo },
        { ownerId: 'u-1', city: 'Pune', photo },
      ),
    ).toBeNull();
  });
});

describe('for the broker signals', () => {
  it('names the other accounts an account shares photos with', () => {
    const pairs = [
      { ownerA: 'u-1', ownerB: 'u-2', kind: 'photo' as const },
      { ownerA: 'u-3', ownerB: 'u-1', kind: 'photo' as const },
      { ownerA: 'u-1', ownerB: 'u-4', kind: 'text' as const },
      { ownerA: 'u-1', ownerB: 'u-1', kind: 'photo' as const },
    ];
    expect(accountsSharingPhotos('u-1', pairs)).toEqual(['u-2', 'u-3']);
    expect(pairKey('b', 'a')).toEqual(['a', 'b']);
  });
});
