import { describe, expect, it } from 'vitest';
import { leftInEnglish } from '@rentals/core/i18n/writtenInScript';
import { fieldMessages } from '@rentals/core/listings/fields';
import { TOO_CHEAP_WARNING } from '@rentals/core/trust/tooCheap';
import {
  API_MESSAGE_TRANSLATIONS,
  ENGLISH_API_MESSAGES,
  localiseErrorBody,
  localiseMessage,
} from './apiErrors.ts';

const request = (acceptLanguage?: string) =>
  new Request('http://api.test/x', {
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

describe("the API's messages in Hindi and Kannada", () => {
  it.each(['hi', 'kn'] as const)('%s has every English id and no other', (locale) => {
    expect(Object.keys(API_MESSAGE_TRANSLATIONS[locale]).sort()).toEqual(
      Object.keys(ENGLISH_API_MESSAGES).sort(),
    );
  });

  it.each(['hi', 'kn'] as const)('%s is written in its script, never left in English', (locale) => {
    const untranslated = Object.entries(ENGLISH_API_MESSAGES)
      .filter(([id, english]) =>
        leftInEnglish(english, API_MESSAGE_TRANSLATIONS[locale][id] ?? '', locale),
      )
      .map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('keeps every number of the English message (a bound, a price, a count of days)', () => {
    const numbers = (text: string) => (text.match(/\d[\d,]*/g) ?? []).sort();
    for (const locale of ['hi', 'kn'] as const)
      for (const [id, english] of Object.entries(ENGLISH_API_MESSAGES))
        expect(numbers(API_MESSAGE_TRANSLATIONS[locale][id] ?? ''), `${locale} ${id}`).toEqual(
          numbers(english),
        );
  });
});

describe('an error body in the language the request asks for', () => {
  const body = {
    message: 'Validation failed',
    errors: [
      { path: 'title', msg: fieldMessages.titleRequired },
      { path: 'tenancy.x', msg: 'a message no table declares' },
    ],
  };

  it('is Hindi for Accept-Language: hi, keeping paths and untranslated messages', () => {
    expect(localiseErrorBody(body, request('hi'))).toEqual({
      message: 'जानकारी सही नहीं है',
      errors: [
        { path: 'title', msg: 'शीर्षक ज़रूरी है' },
        { path: 'tenancy.x', msg: 'a message no table declares' },
      ],
    });
  });

  it('is Kannada for a browser that prefers Kannada', () => {
    expect(localiseErrorBody({ message: fieldMessages.city }, request('kn-IN,en;q=0.8'))).toEqual({
      message: 'ನಗರ ಅಗತ್ಯ',
    });
  });

  it('is the specification’s English, unchanged, without the header or for a language we do not speak', () => {
    expect(localiseErrorBody(body, request())).toBe(body);
    expect(localiseErrorBody(body, request('ta-IN'))).toBe(body);
    expect(localiseErrorBody(body, request('en-IN,hi;q=0.9'))).toBe(body);
  });
});

describe('a sentence the API answers with besides errors', () => {
  it('is the too-cheap warning in the language asked for, English as the issue wrote it', () => {
    expect(localiseMessage(TOO_CHEAP_WARNING, 'kn')).toContain('ಟೋಕನ್');
    expect(localiseMessage(TOO_CHEAP_WARNING, 'hi')).toContain('टोकन');
    expect(localiseMessage(TOO_CHEAP_WARNING, 'en')).toBe(TOO_CHEAP_WARNING);
  });
});
