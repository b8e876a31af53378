import { describe, expect, it } from 'vitest';
import { appEventDefinitions } from '../eventRegistry.ts';
import { leftInEnglish } from '../i18n/writtenInScript.ts';
import { describeEvent, hasSentence } from './describeEvent.ts';

const at = '2026-01-02T03:04:05.000Z';

describe('describeEvent', () => {
  it.each(Object.keys(appEventDefinitions))('has a sentence for %s', (type) => {
    expect(hasSentence(type)).toBe(true);
    const sentence = describeEvent({ type, data: { listingId: 'l1', at } });
    expect(sentence).not.toContain(type);
    expect(sentence).toMatch(/^[A-Z0-9₹]/);
  });

  it('says what the review did, in words', () => {
    expect(
      describeEvent({ type: 'ListingHiddenForReview', data: { reason: 'Fake or scam' } }),
    ).toBe('Hidden for review after 3 reports');
    expect(describeEvent({ type: 'ListingVerified', data: {} })).toBe('Verified by an admin');
    expect(
      describeEvent({
        type: 'ListingFixRequested',
        data: { reason: 'The photos are of another flat' },
      }),
    ).toBe('Owner asked to fix it: The photos are of another flat');
    expect(
      describeEvent({
        type: 'ListingReported',
        data: { reason: 'Fake or scam', note: 'No such flat' },
      }),
    ).toBe('Reported as ‘Fake or scam’ (“No such flat”)');
  });

  it('gives rents in rupees with Indian grouping and the period', () => {
    const data = {
      rent: 22000,
      rentType: 'monthly',
      previousRent: 20000,
      previousRentType: 'monthly',
    };
    expect(describeEvent({ type: 'ListingRentChanged', data })).toBe(
      'Rent changed from ₹20,000 to ₹22,000 per month',
    );
    expect(
      describeEvent({
        type: 'ListingRentChanged',
        data: { ...data, rent: 250000, rentType: 'yearly' },
      }),
    ).toBe('Rent changed from ₹20,000 per month to ₹2,50,000 per year');
  });

  it.each(['hi', 'kn'] as const)('says every event in %s, never in English', (locale) => {
    for (const type of Object.keys(appEventDefinitions)) {
      const sentence = describeEvent(
        { type, data: { listingId: 'l1', at, images: [1, 2] } },
        locale,
      );
      expect(leftInEnglish(describeEvent({ type, data: {} }), sentence, locale), type).toBe(false);
    }
  });

  it('keeps the numbers and people’s own words in Hindi and Kannada', () => {
    const data = {
      rent: 250000,
      rentType: 'yearly',
      previousRent: 20000,
      previousRentType: 'monthly',
    };
    expect(describeEvent({ type: 'ListingRentChanged', data }, 'hi')).toBe(
      'किराया ₹20,000 प्रति माह से बदलकर ₹2,50,000 प्रति वर्ष किया गया',
    );
    expect(
      describeEvent(
        { type: 'ListingReported', data: { reason: 'Fake or scam', note: 'No such flat' } },
        'kn',
      ),
    ).toBe('‘ನಕಲಿ ಅಥವಾ ವಂಚನೆ’ ಎಂದು ದೂರು ನೀಡಲಾಗಿದೆ (“No such flat”)');
    expect(describeEvent({ type: 'ListingFixRequested', data: { reason: 'Photos' } }, 'hi')).toBe(
      'मालिक से इसे ठीक करने को कहा गया: Photos',
    );
    expect(describeEvent({ type: 'SomethingNew', data: {} }, 'kn')).toBe('ಒಂದು ಬದಲಾವಣೆ ದಾಖಲಾಗಿದೆ');
  });

  it('never shows a type name, even for a type it does not know', () => {
    expect(describeEvent({ type: 'SomethingNew', data: {} })).toBe('A change was recorded');
  });
});
