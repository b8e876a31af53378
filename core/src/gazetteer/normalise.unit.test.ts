import { describe, expect, it } from 'vitest';
import { normaliseLocality } from './normalise.ts';

describe('normaliseLocality', () => {
  it.each([
    ['Koramangala, 4th Block', 'koramangala 4th block'],
    ['Hyderābād', 'hyderabad'],
    ['Dehra  Dūn', 'dehra dun'],
    ['Çà va', 'ca va'],
    ['HSR-Layout (Sector 2)', 'hsr layout sector 2'],
  ])('folds Latin %s to %s as before', (typed, key) => {
    expect(normaliseLocality(typed)).toBe(key);
  });

  it.each([
    ['कोरमंगला', 'कोरमंगला'],
    ['अंधेरी (पूर्व)', 'अंधेरी पूर्व'],
    ['ಕೋರಮಂಗಲ', 'ಕೋರಮಂಗಲ'],
    ['ಮಲ್ಲೇಶ್ವರಂ', 'ಮಲ್ಲೇಶ್ವರಂ'],
  ])('keeps the vowel signs, virama and anusvara of %s', (typed, key) => {
    expect(normaliseLocality(typed)).toBe(key);
  });

  it('reads nukta and chandrabindu spellings as one', () => {
    expect(normaliseLocality('हौज़ ख़ास')).toBe(normaliseLocality('हौज खास'));
    expect(normaliseLocality('हज़ार')).toBe(normaliseLocality('हजार'));
    expect(normaliseLocality('गुड़गाँव')).toBe(normaliseLocality('गुडगांव'));
  });

  it('drops the joiners Kannada uses for drawing and reads Indic digits as digits', () => {
    expect(normaliseLocality('ವೈಟ್\u200cಫೀಲ್ಡ್')).toBe('ವೈಟ್ಫೀಲ್ಡ್');
    expect(normaliseLocality('सेक्टर ६२')).toBe('सेक्टर 62');
    expect(normaliseLocality('ಸೆಕ್ಟರ್ ೬೨')).toBe('ಸೆಕ್ಟರ್ 62');
  });
});
