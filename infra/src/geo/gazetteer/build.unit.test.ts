import { describe, expect, it } from 'vitest';
import type { City } from '../sources/cities.ts';
import type { PostOffice } from '../sources/postOffices.ts';
import { buildGazetteer, primaryName } from './build.ts';
import { CITY_IMPORTANCE_BASE } from './place.ts';

const city = (
  name: string,
  lat: number,
  lng: number,
  population: number,
  alternateNames: string[] = [],
): City => ({
  geonameId: name.toLowerCase(),
  name,
  alternateNames,
  lat,
  lng,
  population,
});
const office = (
  name: string,
  pin: string,
  district: string,
  state: string,
  lat: number,
  lng: number,
): PostOffice => ({
  name,
  pin,
  district,
  state,
  lat,
  lng,
});

describe('primaryName', () => {
  it('prefers a name that starts the others, then a non-institution, then the shortest', () => {
    expect(
      primaryName(['Agara', 'Koramangala', 'Koramangala I Block', "St. John's Medical College"]),
    ).toBe('Koramangala');
    expect(primaryName(['Parliament House', 'Janpath', 'Krishi Bhawan'])).toBe('Janpath');
    expect(primaryName(['Wakad', 'Marunji'])).toBe('Wakad');
  });
});

describe('buildGazetteer', () => {
  const cities = [
    city('Mumbai', 19.07, 72.88, 12_691_836, ['Bombay']),
    city('Nahan', 30.56, 77.3, 28_899),
  ];
  const offices = [
    office('Andheri', '400053', 'Mumbai', 'Maharashtra', 19.112, 72.861),
    office('Azad Nagar (Mumbai)', '400053', 'Mumbai', 'Maharashtra', 19.112, 72.861),
    office('Andheri', '173023', 'Sirmaur', 'Himachal Pradesh', 30.6, 77.35),
    office('Koramangala', '560034', 'Bangalore', 'Karnataka', 12.926, 77.622),
  ];
  const { places, pins } = buildGazetteer(cities, offices);
  const byId = (id: string) => places.find((p) => p.id === id);

  it('ranks a locality by the biggest city near it, and every city above every locality', () => {
    const mumbaiAndheri = places.find((p) => p.name === 'Andheri' && p.pin === '400053');
    const sirmaurAndheri = places.find((p) => p.name === 'Andheri' && p.pin === '173023');
    expect(mumbaiAndheri!.importance).toBe(12_691_836);
    expect(sirmaurAndheri!.importance).toBe(28_899);
    expect(byId('cnahan')!.importance).toBeGreaterThan(mumbaiAndheri!.importance);
    expect(byId('cmumbai')!.importance).toBe(CITY_IMPORTANCE_BASE + 12_691_836);
  });

  it('gives each PIN an entry named by its locality, grouped with its offices', () => {
    expect(byId('p400053')).toMatchObject({
      kind: 'pin',
      name: '400053',
      displayName: 'Andheri West, Mumbai, Maharashtra 400053',
      group: 'p400053',
    });
    expect(places.filter((p) => p.group === 'p400053').map((p) => p.kind)).toEqual([
      'pin',
      'locality',
      'locality',
      'locality',
    ]);
    expect(pins.find((p) => p.pin === '560034')).toMatchObject({
      name: 'Koramangala',
      importance: 0,
    });
  });

  it('adds the hand-kept aliases at their PIN and names cities with their state and other names', () => {
    expect(places.find((p) => p.name === 'Andheri West')).toMatchObject({
      kind: 'locality',
      pin: '400053',
      _geo: { lat: 19.112, lng: 72.861 },
    });
    expect(byId('cmumbai')).toMatchObject({
      displayName: 'Mumbai, Maharashtra',
      aliases: ['Bombay'],
      state: 'Maharashtra',
    });
    expect(byId('cnahan')!.displayName).toBe('Nahan, Sirmaur, Himachal Pradesh');
  });
});
