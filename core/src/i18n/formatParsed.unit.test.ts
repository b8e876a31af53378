import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type MessageId } from './catalogues.ts';
import { INTL_TAGS, LOCALES, NUMBER_TAGS } from './locales.ts';
import { messageFormatters } from './translate.ts';
import { messageShape, parseMessage } from './messageShape.ts';
import { formatParsed } from './formatParsed.ts';

/**
 * The browser's formatter against FormatJS's, on every message of every
 * catalogue, with counts that meet each plural form and every select case.
 */
const COUNTS = [0, 1, 2, 5, 21, 1500, 150000];
const tags = (names: string[]) =>
  Object.fromEntries(
    names.map((name) => [name, (chunks: string[]) => `<${name}>${chunks.join('')}</${name}>`]),
  );

const samples = (message: string) => {
  const { values, tags: tagNames } = messageShape(message);
  const selects = [...message.matchAll(/\{(\w+),\s*select,((?:[^{}]|\{[^{}]*\})*)/g)].map(
    (m) => m[1]!,
  );
  return COUNTS.flatMap((n) =>
    ['yes', 'no', 'other'].map((choice) => ({
      ...Object.fromEntries(
        values.map((v) => [
          v,
          selects.includes(v)
            ? choice
            : v === 'n' || /count|minutes|days|total|shown/.test(v)
              ? n
              : `‹${v}›`,
        ]),
      ),
      ...tags(tagNames),
    })),
  );
};

describe('the browser’s formatter', () => {
  it.each(LOCALES)('formats every %s message as FormatJS does', (locale) => {
    const catalogue = CATALOGUES[locale];
    let compared = 0;
    let plurals = 0;
    for (const id of Object.keys(catalogue) as MessageId[]) {
      const message = catalogue[id];
      const reference = new IntlMessageFormat(message, INTL_TAGS[locale], undefined, {
        formatters: messageFormatters(locale),
      });
      if (/,\s*plural,/.test(message)) plurals += 1;
      for (const values of samples(message)) {
        const expected = reference.format<string>(values);
        const got = formatParsed<string>(
          parseMessage(message),
          INTL_TAGS[locale],
          values,
          NUMBER_TAGS[locale],
        );
        expect(got.join(''), `${locale} ${id} ${JSON.stringify(values)}`).toBe(
          Array.isArray(expected) ? expected.join('') : String(expected),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(plurals).toBeGreaterThan(15);
  });

  it('keeps a tag’s rendering as a part of its own', () => {
    const parts = formatParsed(
      parseMessage('Read <link>the {n, plural, one {# rule} other {# rules}}</link>.'),
      'en-IN',
      {
        n: 1500,
        link: (chunks) => ({ link: chunks.join('') }),
      },
    );
    expect(parts).toEqual(['Read ', { link: 'the 1,500 rules' }, '.']);
  });

  it('refuses what it cannot format rather than guess', () => {
    expect(() =>
      formatParsed(parseMessage('{d, date, short}'), 'en-IN', { d: new Date() }),
    ).toThrow(/does not format/);
  });
});
