import { describe, expect, it } from 'vitest';
import { CITIES } from '@rentals/core/gazetteer/cities';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { createLocalityMatcher, localityMatches } from './localityMatcher.ts';
import { pinCodeOf, placeKey, placeWords } from './placeSpelling.ts';

const LISTED = [
  { city: 'Bengaluru', area: 'Koramangala', pin: '560034' },
  { city: 'Bengaluru', area: 'HSR Layout', pin: '560102' },
  { city: 'Bengaluru', area: 'Whitefield', pin: '560066' },
  { city: 'Bengaluru', area: 'Malleshwaram', pin: '560003' },
  { city: 'Mumbai', area: 'Andheri East', pin: '400069' },
  { city: 'Mumbai', area: 'Andheri West', pin: '400053' },
  { city: 'Kolkata', area: 'Salt Lake', pin: '700091' },
  { city: 'Kolkata', area: 'Lake Town', pin: '700089' },
  { city: 'Noida', area: 'Sector 62', pin: '201309' },
  { city: 'Noida', area: 'Sector 63', pin: '201301' },
  { city: 'Delhi', area: 'Laxmi Nagar', pin: '110092' },
  { city: 'Gurugram', area: 'DLF Phase 3', pin: '122002' },
];
const NAMES = [
  { city: 'Kolkata', names: ['Salt Lake', 'Bidhannagar', 'Salt Lake City'], pinCode: '700091' },
  { city: 'Gurugram', names: ['Cyber City', 'DLF Cyber City'], pinCode: '122002' },
];
const matcher = () => createLocalityMatcher(LISTED, NAMES);

describe('place spelling', () => {
  it('spells out short forms and Hindi direction words', () => {
    expect(placeWords('Andheri (E)')).toEqual(['andheri', 'east']);
    expect(placeWords('Andheri Poorv')).toEqual(['andheri', 'east']);
    expect(placeWords('DLF Ph-3')).toEqual(['dlf', 'phase', '3']);
    expect(placeWords('Sec. 62')).toEqual(['sector', '62']);
    expect(placeWords('Scheme No. 54')).toEqual(['scheme', '54']);
  });

  it('gives spellings of one place one key: spaces, doubled letters, transliteration', () => {
    const key = (s: string) => placeKey(placeWords(s));
    expect(key('HSRLayout')).toBe(key('HSR Layout'));
    expect(key('White field')).toBe(key('Whitefield'));
    expect(key('Malleswaram')).toBe(key('Malleshwaram'));
    expect(key('Lakshmi Nagar')).toBe(key('Laxmi Nagar'));
    expect(key('Bengalooru')).toBe(key('Bengaluru'));
    expect(key('Sector 11')).not.toBe(key('Sector 1'));
  });

  it('reads six-digit PIN codes, spaces allowed', () => {
    expect(pinCodeOf('560034')).toBe('560034');
    expect(pinCodeOf(' 560 034 ')).toBe('560034');
    expect(pinCodeOf('56003')).toBeUndefined();
    expect(pinCodeOf('060034')).toBeUndefined();
    expect(pinCodeOf('Koramangala')).toBeUndefined();
  });
});

describe('localityMatches', () => {
  it.each([
    ['koramangla', 'koramangala'],
    ['hsr', 'hsr layout'],
    ['hsrlayout', 'hsr layout'],
    ['white field', 'whitefield'],
    ['andheri e', 'andheri east'],
    ['andheri purv', 'andheri east'],
    ['sec 62', 'sector 62'],
    ['dlf ph 3', 'dlf phase 3'],
    ['r s puram', 'rs puram'],
    ['c s pur', 'cs pur'],
    ['hauz khaz', 'hauz khas'],
    ['citylight', 'city light'],
    ['ballygunj', 'ballygunge'],
    ['andheri wset', 'andheri west'],
  ])('%s names %s', (input, stored) => {
    expect(localityMatches(input, stored)).toBe(true);
  });

  it.each([
    ['sector 62', 'sector 63'],
    ['andheri east', 'andheri west'],
    ['lake town', 'salt lake'],
    ['kandivali w', 'kandivali east'],
    ['ballygunj', 'tollygunge'],
    ['t nagar', 'kk nagar'],
  ])('%s does not name %s', (input, stored) => {
    expect(localityMatches(input, stored)).toBe(false);
  });
});

describe('the locality matcher', () => {
  it('finds an area under an old city name with a misspelt locality', () => {
    expect(matcher().resolvePlaces({ city: 'Bangalore', area: 'Koramangla' })).toEqual({
      cities: expect.arrayContaining(['bengaluru']) as unknown,
      areas: expect.arrayContaining(['koramangala']) as unknown,
    });
    // Old names the city list knows, and old names with a typo.
    expect(matcher().resolveCities('Calcutta')).toContain('kolkata');
    expect(matcher().resolveCities('Banglore')).toContain('bengaluru');
    expect(matcher().resolveAreas('Malleswaram', matcher().resolveCities('banglore'))).toContain(
      'malleshwaram',
    );
  });

  it('reads a PIN code typed as the area, as the city, or in the free text', () => {
    const m = matcher();
    expect(m.resolvePlaces({ area: '560034' })).toEqual({
      cities: ['bengaluru'],
      areas: ['koramangala'],
    });
    expect(m.resolvePlaces({ city: 'Bengaluru', area: '560 102' })).toMatchObject({
      areas: ['hsr layout'],
    });
    expect(m.resolvePlaces({ city: '400069' })).toEqual({
      cities: ['mumbai'],
      areas: ['andheri east'],
    });
    expect(m.resolvePlaces({ q: 'flat 560066' })).toEqual({
      cities: ['bengaluru'],
      areas: ['whitefield'],
      q: 'flat',
    });
    // A PIN outside the typed city finds nothing; an unknown one stays text.
    expect(m.resolvePlaces({ city: 'Mumbai', area: '560034' }).areas).toEqual([]);
    expect(m.resolvePlaces({ q: '999999' })).toEqual({ q: '999999' });
    // Visitors cannot filter by area: their text stays as typed.
    expect(m.resolvePlaces({ q: 'flat 560066' }, { pinsInText: false })).toEqual({
      q: 'flat 560066',
    });
  });

  it('remembers what it resolved, by everything typed and whether PINs in the text count', () => {
    const m = matcher();
    const typed = { city: 'Bangalore', area: 'Koramangla', q: 'flat' };
    expect(m.resolvePlaces(typed)).toBe(m.resolvePlaces({ ...typed }));
    expect(m.resolvePlaces({ ...typed, q: 'house' })).not.toBe(m.resolvePlaces(typed));
    expect(m.resolvePlaces({ q: 'flat 560066' })).not.toEqual(
      m.resolvePlaces({ q: 'flat 560066' }, { pinsInText: false }),
    );
  });

  it('reads a locality with a space put in or left out', () => {
    expect(matcher().resolveAreas('HSRLayout')).toContain('hsr layout');
    expect(matcher().resolveAreas('White field', ['bengaluru'])).toContain('whitefield');
  });

  it("finds a locality under the gazetteer's other names, official or popular", () => {
    const areas = matcher().resolveAreas('Bidhannagar', matcher().resolveCities('Kolkata'));
    expect(areas).toContain('salt lake');
    expect(areas).not.toContain('lake town');
    expect(matcher().resolveAreas('DLF Cyber City', ['gurugram'])).toContain('cyber city');
  });

  it('keeps numbered sectors and the two sides of a locality apart', () => {
    expect(matcher().resolveAreas('Sec 62', ['noida'])).toEqual(['sec 62', 'sector 62']);
    expect(matcher().resolveAreas('Andheri (E)', ['mumbai'])).toEqual([
      'andheri e',
      'andheri east',
    ]);
  });

  it("finds the locality of a block or phase listings do not name ('Koramangala 5th Block')", () => {
    expect(matcher().resolveAreas('Koramangala 5th Block', ['bengaluru'])).toContain('koramangala');
    // …but not another locality that shares a word.
    expect(matcher().resolveAreas('Andheri Central', ['mumbai'])).toEqual(['andheri central']);
  });

  it('reads a city typed after the locality in the area field', () => {
    expect(matcher().resolvePlaces({ area: 'Koramangla Bangalore' })).toEqual({
      cities: ['bengaluru'],
      areas: expect.arrayContaining(['koramangala']) as unknown,
    });
  });

  it('reads a locality typed after the city in the city field', () => {
    expect(matcher().resolvePlaces({ city: 'bombay andheri e' })).toEqual({
      cities: ['mumbai'],
      areas: expect.arrayContaining(['andheri east']) as unknown,
    });
    expect(matcher().resolvePlaces({ city: 'HSR Layout Bangalore' })).toEqual({
      cities: ['bengaluru'],
      areas: expect.arrayContaining(['hsr layout']) as unknown,
    });
    // Only a known locality splits it: other words keep the whole text as typed.
    expect(matcher().resolvePlaces({ city: 'Mumbai" OR cityKey = "pune' }).cities).toEqual([
      'mumbai or citykey pune',
    ]);
  });

  it('reads a city typed in the area field as the city', () => {
    expect(matcher().resolvePlaces({ area: 'gurgaon' })).toEqual({ cities: ['gurugram'] });
    expect(matcher().resolvePlaces({ city: 'Gurugram', area: 'Gurgaon' })).toEqual({
      cities: ['gurugram'],
    });
    // A locality that shares a city's name stays a locality.
    const m = createLocalityMatcher([...LISTED, { city: 'Mumbai', area: 'Delhi Darwaza' }], NAMES);
    expect(m.resolvePlaces({ area: 'Delhi Darwaza' }).areas).toContain('delhi darwaza');
  });

  it('reads a suburb typed as the city as its localities in the city listings name', () => {
    const m = createLocalityMatcher(
      [...LISTED, { city: 'Mumbai', area: 'Thane West', pin: '400601' }],
      NAMES,
    );
    expect(m.resolvePlaces({ city: 'Thane' })).toEqual({
      cities: ['mumbai'],
      areas: ['thane west'],
    });
    expect(m.resolvePlaces({ city: 'Salt Lake City' })).toEqual({
      cities: ['kolkata'],
      areas: expect.arrayContaining(['salt lake']) as unknown,
    });
  });

  it('keeps what it does not know as typed', () => {
    expect(matcher().resolvePlaces({ city: 'Atlantis', area: 'Nowhere' })).toEqual({
      cities: ['atlantis'],
      areas: ['nowhere'],
    });
  });
});

describe('places typed in Devanagari or Kannada', () => {
  const everywhere = createLocalityMatcher(
    POPULAR_LOCALITIES.map((l) => ({ city: l.city, area: l.name, pin: l.pinCode })),
  );
  const cityNames = new Map(CITIES.map((c) => [c.name, c.names]));

  it('finds every popular locality by its Hindi and Kannada names, in its city so named', () => {
    const missed = POPULAR_LOCALITIES.flatMap((l) =>
      (['hi', 'kn'] as const).flatMap((lang) => {
        const typed = { city: cityNames.get(l.city)![lang], area: l.names[lang] };
        const found = everywhere.resolvePlaces(typed);
        return found.cities?.includes(normaliseLocality(l.city)) &&
          found.areas?.includes(normaliseLocality(l.name))
          ? []
          : [`${JSON.stringify(typed)} → ${JSON.stringify(found)}`];
      }),
    );
    expect(missed).toEqual([]);
  });

  it('reads other spellings, and native names beside English ones', () => {
    expect(everywhere.resolvePlaces({ city: 'बैंगलोर', area: 'इंदिरानगर' })).toMatchObject({
      cities: expect.arrayContaining(['bengaluru']) as unknown,
      areas: expect.arrayContaining(['indiranagar']) as unknown,
    });
    expect(everywhere.resolvePlaces({ city: 'Mumbai', area: 'अंधेरी पूर्व' }).areas).toEqual([
      'andheri east',
    ]);
    expect(everywhere.resolveCities('ಬೆಂಗಳೂರು')).toContain('bengaluru');
  });

  it('reads a place in the free text as its English name and leaves the rest as typed', () => {
    expect(everywhere.resolvePlaces({ q: 'कोरमंगला 2 BHK' })).toEqual({ q: 'Koramangala 2 BHK' });
    expect(everywhere.resolvePlaces({ city: 'ಬೆಂಗಳೂರು', q: 'ಎಚ್ಎಸ್ಆರ್ ಲೇಔಟ್' })).toMatchObject({
      cities: expect.arrayContaining(['bengaluru']) as unknown,
      q: 'HSR Layout',
    });
  });
});
