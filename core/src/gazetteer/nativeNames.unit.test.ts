import { describe, expect, it } from 'vitest';
import { CITIES } from './cities.ts';
import { latinPlaces, nativeKey } from './nativeNames.ts';
import { POPULAR_LOCALITIES } from './popularLocalities.ts';

/**
 * Letters of one script, digits and single spaces between words, nothing else; in
 * Kannada also the ZWNJ that keeps the letters of a loanword apart ('ವೈಟ್‌ಫೀಲ್ಡ್').
 */
const DEVANAGARI = /^[\u0900-\u097F0-9]+( [\u0900-\u097F0-9]+)*$/;
const KANNADA =
  /^[\u0C80-\u0CFF0-9]+(\u200C[\u0C80-\u0CFF]+)*( [\u0C80-\u0CFF0-9]+(\u200C[\u0C80-\u0CFF]+)*)*$/;
const inOneScript = (name: string) => DEVANAGARI.test(name) || KANNADA.test(name);

const places = [
  ...CITIES.map((c) => ({ place: c.name, ...c, nativeAliases: c.nativeAliases ?? [] })),
  ...POPULAR_LOCALITIES.map((l) => ({ place: `${l.name}, ${l.city}`, ...l })),
];

describe('the gazetteer’s native names', () => {
  it('give every city and popular locality a Hindi name in Devanagari and a Kannada name in Kannada', () => {
    const wrong = places.filter((p) => !DEVANAGARI.test(p.names.hi) || !KANNADA.test(p.names.kn));
    expect(wrong.map((p) => `${p.place}: ${p.names.hi} / ${p.names.kn}`)).toEqual([]);
    expect(places).toHaveLength(CITIES.length + POPULAR_LOCALITIES.length);
  });

  it('write every native alias in one of the two scripts', () => {
    const wrong = places.flatMap((p) => p.nativeAliases.filter((a) => !inOneScript(a)));
    expect(wrong).toEqual([]);
  });

  it('read every name and alias back as its place', () => {
    const wrong = places.flatMap((p) =>
      [p.names.hi, p.names.kn, ...p.nativeAliases].flatMap((native) => {
        const latin = latinPlaces(native);
        // Two places may share a spelling ('इंदिरा नगर' is Lucknow's Indira Nagar and Bengaluru's Indiranagar).
        const same =
          latin.replace(/ /g, '').toLowerCase() === p.name.replace(/ /g, '').toLowerCase();
        return same ? [] : [`${native} → ${latin}, not ${p.name}`];
      }),
    );
    expect(wrong).toEqual([]);
  });
});

describe('places typed in Devanagari or Kannada', () => {
  it.each([
    ['बेंगलुरु', 'Bengaluru'],
    ['बैंगलोर', 'Bengaluru'],
    ['बंगलौर', 'Bengaluru'],
    ['ಬೆಂಗಳೂರು', 'Bengaluru'],
    ['मुंबई', 'Mumbai'],
    ['बम्बई', 'Mumbai'],
    ['दिल्ली', 'Delhi'],
    ['कोरमंगला', 'Koramangala'],
    ['ಕೋರಮಂಗಲ', 'Koramangala'],
    ['इंदिरानगर', 'Indiranagar'],
    ['अंधेरी पूर्व', 'Andheri East'],
    ['ಅಂಧೇರಿ ಪೂರ್ವ', 'Andheri East'],
    ['सेक्टर ६२', 'Sector 62'],
  ])('read %s as %s', (typed, latin) => {
    expect(latinPlaces(typed)).toBe(latin);
  });

  it.each([
    ['बेंगलूरु', 'Bengaluru'],
    ['हौज खास', 'Hauz Khas'],
    ['इन्दिरानगर', 'Indiranagar'],
    ['ಮಲ್ಲೇಶ್ವರಮ್', 'Malleswaram'],
    ['ವೈಟ್\u200cಫೀಲ್ಡ್', 'Whitefield'],
    ['बानेर', 'Baner'],
  ])('read the variant spelling %s as %s', (typed, latin) => {
    expect(latinPlaces(typed)).toBe(latin);
  });

  it('replace only the place in free text, and read unknown names word by word', () => {
    expect(latinPlaces('कोरमंगला 2 BHK 25 हज़ार तक')).toBe('Koramangala 2 BHK 25 हज़ार तक');
    expect(latinPlaces('ಇಂದಿರಾನಗರ ಬೆಂಗಳೂರು')).toBe('Indiranagar Bengaluru');
    expect(latinPlaces('अंधेरी (पश्चिम) में फ्लैट')).toBe('Andheri West) में फ्लैट');
    expect(latinPlaces('कोरमंगला ब्लॉक 4')).toBe('Koramangala Block 4');
  });

  it('leave Latin text as it is', () => {
    expect(latinPlaces('Koramangala 2 BHK')).toBe('Koramangala 2 BHK');
  });

  it('match long and short vowels, retroflex and dental n, and nasal spellings alike', () => {
    expect(nativeKey('बेंगलूरु')).toBe(nativeKey('बेंगलुरु'));
    expect(nativeKey('अडाजण')).toBe(nativeKey('अडाजन'));
    expect(nativeKey('कोयम्बटूर')).toBe(nativeKey('कोयंबटूर'));
    expect(nativeKey('इंदिरा नगर')).toBe(nativeKey('इंदिरानगर'));
    expect(nativeKey('अंधेरी पूर्व')).not.toBe(nativeKey('अंधेरी पश्चिम'));
  });
});
