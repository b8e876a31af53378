import { describe, expect, it } from 'vitest';
import { canonicalCity, cityKey, isListedCity } from './cityList.ts';

describe('the city list', () => {
  it.each([
    ['Mumbai', 'Mumbai'],
    ['bombay', 'Mumbai'],
    ['Bangalore', 'Bengaluru'],
    ['BLR', 'Bengaluru'],
    ['Gurgaon', 'Gurugram'],
    ['gurugram', 'Gurugram'],
    ['Calcutta', 'Kolkata'],
    ['Madras', 'Chennai'],
    ['Poona', 'Pune'],
    ['Trivandrum', 'Thiruvananthapuram'],
    ['Vizag', 'Visakhapatnam'],
    ['Allahabad', 'Prayagraj'],
    ['Mysore', 'Mysuru'],
    ['Dehra Dūn', 'Dehradun'],
    ['hyderābād', 'Hyderabad'],
    ['New Delhi', 'New Delhi'],
    ['delhi', 'Delhi'],
    ['Koramangala', undefined],
    ['Wonderland', undefined],
    ['New York', undefined],
    ['', undefined],
  ])('reads %s as %s', (typed, listed) => {
    expect(canonicalCity(typed)).toBe(listed);
  });

  it('gives a place its own name before another place’s other spelling (Surat is Surat)', () => {
    expect(canonicalCity('Surat')).toBe('Surat');
  });

  it('accepts only the list’s own spelling as a stored city', () => {
    expect(isListedCity('Bengaluru')).toBe(true);
    expect(isListedCity('Bangalore')).toBe(false);
    expect(isListedCity('bengaluru')).toBe(false);
  });

  it('compares without case, accents, dots or repeated spaces', () => {
    expect(cityKey('  Dehra   Dūn. ')).toBe('dehra dun');
  });
});
