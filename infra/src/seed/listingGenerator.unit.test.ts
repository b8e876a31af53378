import { kmBetween } from '@rentals/core/gazetteer/cities';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { describe, expect, it } from 'vitest';
import { LANDMARKS } from './landmarks.ts';
import { generateListing, placePicker, type GeneratedListing } from './listingGenerator.ts';
import { loadSeedLocalities } from './localities.ts';
import { createRandom } from './random.ts';

const cities = loadSeedLocalities();
const bengaluru = cities.find((c) => c.city.name === 'Bengaluru')!;
const localityNamed = (name: string) => bengaluru.localities.find((l) => l.name === name)!;

const many = (count: number, make: (n: number) => GeneratedListing) =>
  Array.from({ length: count }, (_, n) => make(n).fields);

describe('the seed listings', () => {
  const random = createRandom(7);
  const pick = placePicker(cities);
  const listings = many(3000, () => {
    const { city, locality } = pick(random);
    return generateListing(random, city, locality, []);
  });

  it('lie in every seed city, each in one of its popular localities at that PIN', () => {
    expect(new Set(listings.map((l) => l.location.city)).size).toBe(cities.length);
    const popular = new Set(POPULAR_LOCALITIES.map((l) => `${l.city}|${l.name}|${l.pinCode}`));
    const elsewhere = listings.filter(
      (l) => !popular.has(`${l.location.city}|${l.location.area}|${l.location.pinCode}`),
    );
    expect(elsewhere).toEqual([]);
  });

  it('sit within a kilometre of their PIN centroid', () => {
    const at = new Map(cities.flatMap((c) => c.localities).map((l) => [l.pinCode, l]));
    for (const { location } of listings) {
      if (!location.coordinates) continue;
      const { latitude: lat, longitude: lng } = location.coordinates;
      expect(kmBetween({ lat, lng }, at.get(location.pinCode)!)).toBeLessThan(1);
    }
  });

  it('have varied titles that name the locality or a place near it, never filler text', () => {
    const titles = listings.map((l) => l.title);
    expect(new Set(titles).size).toBeGreaterThan(titles.length * 0.6);
    for (const { title, location } of listings) {
      const near = LANDMARKS[`${location.city}/${location.area}`] ?? [];
      expect(
        [location.area, ...near].some((place) => title.includes(place)),
        title,
      ).toBe(true);
      expect(title).not.toMatch(/lorem|ipsum|undefined|null|\s{2}|Road Main Road/i);
      expect(title.length).toBeLessThanOrEqual(100);
    }
    // Owners' words: furnishing, BHK and the kinds of home Indian portals list.
    expect(titles.some((t) => / semi-furnished /.test(t))).toBe(true);
    expect(titles.some((t) => /builder floor/.test(t))).toBe(true);
    expect(titles.some((t) => /^PG /.test(t))).toBe(true);
  });

  it('name only landmarks of popular localities', () => {
    const popular = new Set(POPULAR_LOCALITIES.map((l) => `${l.city}/${l.name}`));
    expect(Object.keys(LANDMARKS).filter((key) => !popular.has(key))).toEqual([]);
  });
});

describe('seed rents', () => {
  // Same city, same draws: only the locality differs.
  const monthlyFlatRents = (localityName: string) =>
    many(400, (n) =>
      generateListing(createRandom(n), bengaluru.city, localityNamed(localityName), []),
    )
      .filter((l) => l.propertyType === 'flat' && l.rentType === 'monthly')
      .map((l) => l.rent / (1 + 0.65 * (l.propertyDetails.bedrooms - 1)));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it("follow the locality's rent level within its city", () => {
    const koramangala = mean(monthlyFlatRents('Koramangala')); // rent level 1.6
    const yelahanka = mean(monthlyFlatRents('Yelahanka')); // rent level 0.9
    expect(koramangala / yelahanka).toBeGreaterThan(1.7);
    expect(koramangala / yelahanka).toBeLessThan(1.85);
    // A 1 BHK-equivalent in a median locality is near the city's typical 1 BHK rent.
    const median = mean(monthlyFlatRents('Rajajinagar')); // rent level 1.1
    expect(median / (bengaluru.city.oneBhkRent * 1.1)).toBeGreaterThan(0.85);
    expect(median / (bengaluru.city.oneBhkRent * 1.1)).toBeLessThan(1.2);
  });
});
