import { describe, expect, it } from 'vitest';
import { localePath, negotiateLocale, pathLocale } from './locales.ts';

describe('the language of a first visit', () => {
  it.each([
    ['hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7', 'hi'],
    ['kn-IN,kn;q=0.9,en;q=0.8', 'kn'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    // A language we do not speak first: the next one we do.
    ['ta-IN,ta;q=0.9,hi;q=0.8,en;q=0.7', 'hi'],
    ['ta-IN,ta;q=0.9', 'en'],
    // Quality values order the list, whatever the order written.
    ['en;q=0.5,kn;q=0.9', 'kn'],
    ['hi;q=0,en', 'en'],
    ['HI-in', 'hi'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
    ['hi;q=abc,kn;q=0.2', 'kn'],
  ])('%s → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('reads no more than the head of an oversized header', () => {
    expect(negotiateLocale(`${'xx,'.repeat(1000)}hi`)).toBe('en');
  });
});

describe('paths in a language', () => {
  it.each([
    ['en', '/login', '/login'],
    ['hi', '/login', '/hi/login'],
    ['kn', '/', '/kn'],
    ['hi', '/properties/abc?x=1', '/hi/properties/abc?x=1'],
  ] as const)('%s %s → %s, and back', (locale, path, localised) => {
    expect(localePath(locale, path)).toBe(localised);
    expect(pathLocale(localised.split('?')[0]!)).toEqual({ locale, path: path.split('?')[0] });
  });

  it.each(['/history', '/hindi', '/en/login', '/ta/login', '/hi-x'])(
    '%s is an English path',
    (pathname) => expect(pathLocale(pathname)).toEqual({ locale: 'en', path: pathname }),
  );
});
