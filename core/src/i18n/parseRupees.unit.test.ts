import { describe, expect, it } from 'vitest';
import { formatRupees } from './numbers.ts';
import {
  MAX_PARSED_RUPEES,
  maxRentInText,
  parseRupees,
  toLatinDigits,
  type RupeesFailure,
} from './parseRupees.ts';

describe('toLatinDigits', () => {
  it.each([
    ['२५०००', '25000'],
    ['೨೫,೦೦೦', '25,000'],
    ['₹ १.५ लाख', '₹ 1.5 लाख'],
    ['೦೧೨೩೪೫೬೭೮೯ ०१२३४५६७८९', '0123456789 0123456789'],
    ['no digits', 'no digits'],
  ])('%s → %s', (text, latin) => {
    expect(toLatinDigits(text)).toBe(latin);
  });
});

describe('parseRupees', () => {
  it.each<[string, number]>([
    ['15000', 15000],
    [' 15000 ', 15000],
    ['15,000', 15000],
    ['150,000', 150000],
    ['1,50,000', 150000],
    ['12,34,567', 1234567],
    ['1,00,00,000', 10_000_000],
    ['₹15,000', 15000],
    ['₹ 15,000', 15000],
    ['Rs. 15000', 15000],
    ['Rs 15000', 15000],
    ['rs.15000', 15000],
    ['INR 15000', 15000],
    ['15,000/-', 15000],
    ['Rs. 15,000/-', 15000],
    ['15000.00', 15000],
    ['15k', 15000],
    ['15K', 15000],
    ['15 k', 15000],
    ['1.5k', 1500],
    ['15 thousand', 15000],
    ['1.5 lakh', 150000],
    ['1.5 lakhs', 150000],
    ['1.5 Lakh', 150000],
    ['1.5L', 150000],
    ['1.5l', 150000],
    ['1.5 lac', 150000],
    ['2 lacs', 200000],
    ['1.15 lakh', 115000],
    ['1.23456 lakh', 123456],
    ['2 crore', 20_000_000],
    ['2 crores', 20_000_000],
    ['2cr', 20_000_000],
    ['2 Cr', 20_000_000],
    ['0.5 cr', 5_000_000],
    ['25 हज़ार', 25000],
    // ज़ as ज + nukta (U+091C U+093C), as some keyboards type it.
    ['25 \u0939\u091c\u093c\u093e\u0930', 25000],
    ['25 हजार', 25000],
    ['1.5 लाख', 150000],
    ['2 करोड़', 20_000_000],
    ['2 करोड', 20_000_000],
    ['रु. 15000', 15000],
    ['25 ಸಾವಿರ', 25000],
    ['1.5 ಲಕ್ಷ', 150000],
    ['2 ಕೋಟಿ', 20_000_000],
    ['ರೂ. 15000', 15000],
    ['२५k', 25000],
    ['२५ हज़ार', 25000],
    ['१.५ लाख', 150000],
    ['೨೫k', 25000],
    ['೨೫,೦೦೦', 25000],
    ['೧.೫ ಲಕ್ಷ', 150000],
    ['₹२५,०००', 25000],
    ['0', 0],
    ['007', 7],
  ])('%s → %d', (text, rupees) => {
    expect(parseRupees(text)).toEqual({ ok: true, rupees });
  });

  it.each<[string, RupeesFailure]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notAnAmount'],
    ['fifteen thousand', 'notAnAmount'],
    ['15 bucks', 'notAnAmount'],
    ['15kk', 'notAnAmount'],
    ['k', 'notAnAmount'],
    ['lakh', 'notAnAmount'],
    ['1e5', 'notAnAmount'],
    ['0x10', 'notAnAmount'],
    ['1,5', 'notAnAmount'],
    ['1,5000', 'notAnAmount'],
    ['15,00', 'notAnAmount'],
    [',15000', 'notAnAmount'],
    ['15000,', 'notAnAmount'],
    ['1.5.0', 'notAnAmount'],
    ['.5 lakh', 'notAnAmount'],
    ['1 lakh 50 thousand', 'notAnAmount'],
    ['15 000', 'notAnAmount'],
    ['₹', 'notAnAmount'],
    ['$15000', 'notAnAmount'],
    ['15000 per month', 'notAnAmount'],
    ['Infinity', 'notAnAmount'],
    ['NaN', 'notAnAmount'],
    ['1'.repeat(41), 'notAnAmount'],
    ['-15000', 'negative'],
    ['−15000', 'negative'],
    ['-₹15,000', 'negative'],
    ['₹-15,000', 'negative'],
    ['-1.5 lakh', 'negative'],
    ['15000.5', 'notWhole'],
    ['1.234567 lakh', 'notWhole'],
    ['1.5555k', 'notWhole'],
    ['1001 crore', 'tooLarge'],
    ['99999999999', 'tooLarge'],
    ['9'.repeat(30), 'tooLarge'],
  ])('%s is refused: %s', (text, failure) => {
    expect(parseRupees(text)).toEqual({ ok: false, failure });
  });

  it('takes amounts up to its ceiling, a hundred crore', () => {
    expect(parseRupees('100 crore')).toEqual({ ok: true, rupees: MAX_PARSED_RUPEES });
    expect(parseRupees(String(MAX_PARSED_RUPEES + 1))).toEqual({ ok: false, failure: 'tooLarge' });
  });

  it('reads back every amount it formats', () => {
    for (const amount of [0, 1, 999, 15000, 150000, 1234567, 10_000_000, MAX_PARSED_RUPEES])
      expect(parseRupees(formatRupees(amount))).toEqual({ ok: true, rupees: amount });
  });
});

describe('maxRentInText', () => {
  it.each<[string, number, string]>([
    ['कोरमंगला 2 BHK 25 हज़ार तक', 25000, 'कोरमंगला 2 BHK'],
    ['कोरमंगला 2 BHK २५ हजार तक', 25000, 'कोरमंगला 2 BHK'],
    ['ಕೋರಮಂಗಲ 2 BHK 25 ಸಾವಿರ ವರೆಗೆ', 25000, 'ಕೋರಮಂಗಲ 2 BHK'],
    ['ಕೋರಮಂಗಲ ೨೫k ವರೆಗೆ', 25000, 'ಕೋರಮಂಗಲ'],
    ['2bhk indiranagar under 30k', 30000, '2bhk indiranagar'],
    ['flat below ₹30,000 in Baner', 30000, 'flat in Baner'],
    ['Up to 1.5 lakh, Bandra', 150000, ', Bandra'],
    ['max 20000', 20000, ''],
    ['1.5 लाख तक', 150000, ''],
  ])('%s → at most %d, %s', (text, maxRent, rest) => {
    expect(maxRentInText(text)).toEqual({ maxRent, rest });
  });

  it.each([
    'कोरमंगला 2 BHK',
    '2bhk indiranagar',
    'under construction',
    'below 2 BHK', // not an amount: a room count
    'under -5k',
    'under 25 bucks',
  ])('finds no limit in %s', (text) => {
    expect(maxRentInText(text)).toBeNull();
  });
});
