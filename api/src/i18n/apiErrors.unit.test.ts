import { describe, expect, it } from 'vitest';
import { messageShape, messageTexts } from '@rentals/core/i18n/messageShape';
import { leftInEnglish } from '@rentals/core/i18n/writtenInScript';
import { messages as listingMessages } from '@rentals/core/listings/decide';
import { fieldMessages } from '@rentals/core/listings/fields';
import { TOO_CHEAP_WARNING } from '@rentals/core/trust/tooCheap';
import {
  API_MESSAGE_TRANSLATIONS,
  ENGLISH_API_MESSAGES,
  localiseErrorBody,
  localiseMessage,
  VALUED_IDS,
} from './apiErrors.ts';
import { limitMessages } from '../conversations/limits.ts';
import { photoMessages } from '../media/photoRules.ts';
import { searchRateMessage } from '../properties/searchRate.ts';

/** The words a reader meets: a valued message's literal parts (its values' names are no words). */
const words = (id: string, message: string) =>
  VALUED_IDS.has(id) ? messageTexts(message).join(' ') : message;

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
        leftInEnglish(
          words(id, english),
          words(id, API_MESSAGE_TRANSLATIONS[locale][id] ?? ''),
          locale,
        ),
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

describe('a message built with values', () => {
  it.each([...VALUED_IDS])('%s asks the same values in every language', (id) => {
    const shape = messageShape(ENGLISH_API_MESSAGES[id]!);
    for (const locale of ['hi', 'kn'] as const)
      expect(messageShape(API_MESSAGE_TRANSLATIONS[locale][id]!), locale).toEqual(shape);
  });

  it('is the specification’s English, byte for byte', () => {
    expect(photoMessages.tooLarge('flat.jpg')).toBe(
      'flat.jpg - File too large. Maximum size is 5MB.',
    );
    expect(listingMessages.tooManyImages(3)).toBe(
      'Maximum 10 images allowed. You can add 3 more images.',
    );
    expect(searchRateMessage(1)).toBe('Too many searches; try again in 1 second.');
    expect(searchRateMessage(12)).toBe('Too many searches; try again in 12 seconds.');
    expect(limitMessages.starts(20, 3601)).toBe(
      'You can start at most 20 new conversations a day. Try again in 2 hours.',
    );
    expect(limitMessages.starts(1, 3600)).toBe(
      'You can start at most 1 new conversation a day. Try again in 1 hour.',
    );
    expect(limitMessages.messages(20, 61)).toBe(
      'You are sending messages too fast (at most 20 a minute). Try again in 2 minutes.',
    );
    expect(limitMessages.messages(20, 1)).toBe(
      'You are sending messages too fast (at most 20 a minute). Try again in 1 second.',
    );
  });

  it('is said again in the language asked for, with the values of its English text', () => {
    expect(localiseMessage(photoMessages.tooLarge('Kitchen photo.jpg'), 'hi')).toBe(
      'Kitchen photo.jpg - फ़ाइल बहुत बड़ी है। ज़्यादा से ज़्यादा 5MB।',
    );
    expect(localiseMessage(limitMessages.messages(20, 150), 'kn')).toBe(
      'ನೀವು ತುಂಬಾ ವೇಗವಾಗಿ ಮೆಸೇಜ್ ಕಳುಹಿಸುತ್ತಿದ್ದೀರಿ (ನಿಮಿಷಕ್ಕೆ ಗರಿಷ್ಠ 20). 3 ನಿಮಿಷಗಳ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
    );
    expect(localiseMessage(limitMessages.starts(20, 7200), 'hi')).toBe(
      'आप एक दिन में ज़्यादा से ज़्यादा 20 नई बातचीत शुरू कर सकते हैं। 2 घंटे में फिर से कोशिश करें।',
    );
    expect(localiseMessage(searchRateMessage(1), 'kn')).toBe(
      'ತುಂಬಾ ಹುಡುಕಾಟಗಳಾಗಿವೆ; 1 ಸೆಕೆಂಡಿನ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
    );
    expect(localiseMessage(listingMessages.unknownImage('img-1'), 'hi')).toBe(
      'फ़ोटो img-1 इस प्रॉपर्टी की नहीं है',
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
