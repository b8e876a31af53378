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
    office('Chandigarh Sector 61', '160062', 'Mohali', 'Punjab', 30.684, 76.731),
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

  it('adds the popular localities with their other names at their PIN, and names the PIN by the first', () => {
    expect(places.find((p) => p.name === 'Andheri West')).toMatchObject({
      kind: 'locality',
      pin: '400053',
      _geo: { lat: 19.112, lng: 72.861 },
    });
    // Mohali's phases are sectors to the post office: the popular name and the official one both find it.
    expect(places.find((p) => p.name === 'Mohali Phase 7')).toMatchObject({
      kind: 'locality',
      aliases: ['Sector 61 Mohali'],
      pin: '160062',
      displayName: 'Mohali Phase 7, Mohali, Punjab 160062',
      group: 'p160062',
    });
    expect(pins.find((p) => p.pin === '160062')!.name).toBe('Mohali Phase 7');
  });

  it('names cities with their state and other names', () => {
    expect(byId('cmumbai')).toMatchObject({
      displayName: 'Mumbai, Maharashtra',
      aliases: ['Bombay'],
      state: 'Maharashtra',
    });
    expect(byId('cnahan')!.displayName).toBe('Nahan, Sirmaur, Himachal Pradesh');
  });
});
