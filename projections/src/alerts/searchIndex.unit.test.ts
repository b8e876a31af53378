import { expect, it } from 'vitest';
import { SearchIndex, type IndexedSearch, type MatchedListing } from './searchIndex.ts';

const search = (no: number, filters: Partial<IndexedSearch> = {}): IndexedSearch => ({
  no,
  searchId: `s-${no}`,
  userId: `u-${no % 7}`,
  quiet: false,
  paused: false,
  cityKeys: ['pune'],
  areaKeys: null,
  propertyTypes: null,
  minRent: null,
  maxRent: null,
  bedrooms: null,
  bathrooms: null,
  bbox: null,
  terms: null,
  ownersOnly: false,
  textQuery: null,
  drawnArea: null,
  ...filters,
});

const listing = (rent: number, broker = false): MatchedListing => ({
  available: true,
  propertyType: 'flat',
  rent,
  cityKey: 'pune',
  areaKey: 'kothrud',
  bedrooms: 2,
  bathrooms: 1,
  latitude: null,
  longitude: null,
  terms: null,
  broker,
});

const matched = (index: SearchIndex, rent: number) =>
  index
    .match(listing(rent), () => null)
    .sure.map((s) => s.no)
    .sort((a, b) => a - b);

// Ceilings and floors spread around the rents asked below, some searches with none.
const ceilingOf = (n: number) => (n % 5 === 0 ? null : 5_000 + ((n * 7919) % 50) * 1_000);
const floorOf = (n: number) => (n % 3 === 0 ? 8_000 + ((n * 104729) % 30) * 1_000 : null);
const searches = Array.from({ length: 400 }, (_, i) =>
  search(i + 1, { maxRent: ceilingOf(i + 1), minRent: floorOf(i + 1) }),
);
const RENTS = [0, 4_999, 5_000, 12_345, 27_000, 54_000, 60_000, 1_000_000];

it('finds every search whose rent range holds the rent, whether built at once or search by search', () => {
  const atOnce = SearchIndex.of(searches);
  // One by one in a shuffled order, some saved twice (an edit replaces the first version).
  const oneByOne = new SearchIndex();
  for (const s of [...searches].sort((a, b) => ((a.no * 31) % 97) - ((b.no * 31) % 97))) {
    if (s.no % 4 === 0) oneByOne.put({ ...s, maxRent: 1 });
    oneByOne.put(s);
  }
  for (const rent of RENTS) {
    const expected = searches
      .filter((s) => (s.maxRent ?? Infinity) >= rent && (s.minRent ?? -Infinity) <= rent)
      .map((s) => s.no);
    expect(matched(atOnce, rent), `rent ${rent}`).toEqual(expected);
    expect(matched(oneByOne, rent), `rent ${rent}`).toEqual(expected);
  }
});

it('forgets a removed search and files an edited one by its new ceiling', () => {
  const index = SearchIndex.of(searches);
  index.remove('s-2');
  index.put({ ...searches[2]!, maxRent: 100 });
  const found = matched(index, 50_000);
  expect(found).not.toContain(2);
  expect(found).not.toContain(3);
  index.put({ ...searches[2]!, maxRent: null });
  expect(matched(index, 50_000)).toContain(3);
});

it("keeps a broker's listing from an 'Owners only' search, and an owner's in it", () => {
  const index = SearchIndex.of([search(1, { ownersOnly: true }), search(2)]);
  const nos = (broker: boolean) =>
    index
      .match(listing(20000, broker), () => null)
      .sure.map((s) => s.no)
      .sort();
  expect(nos(true)).toEqual([2]);
  expect(nos(false)).toEqual([1, 2]);
});
