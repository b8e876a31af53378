import { describe, expect, it } from 'vitest';
import { cityNameIn } from './placeNames.ts';

describe('a city named in a language', () => {
  it('is the gazetteer’s own spelling in Devanagari and Kannada', () => {
    expect(cityNameIn('Bengaluru', 'kn')).toBe('ಬೆಂಗಳೂರು');
    expect(cityNameIn('Pune', 'hi')).toBe('पुणे');
    expect(cityNameIn('pune', 'hi')).toBe('पुणे');
  });

  it('stays as listings spell it in English, and where the gazetteer has no native name', () => {
    expect(cityNameIn('Bengaluru', 'en')).toBe('Bengaluru');
    expect(cityNameIn('Kallakurichi', 'hi')).toBe('Kallakurichi');
  });
});
