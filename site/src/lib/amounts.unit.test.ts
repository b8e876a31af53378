import { beforeEach, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from './i18n.ts';
import { amountEcho, rentFilterValue, rupeesOrNaN, rupeesOrZero } from './amounts.ts';
import { validateProperty } from './propertyRules.ts';
import { emptyForm, toFormData, valuesOf } from './propertyForm.ts';

describe('a money input', () => {
  it.each<[string, number]>([
    ['25000', 25000],
    ['25,000', 25000],
    ['₹25,000', 25000],
    ['25k', 25000],
    ['1.5 lakh', 150000],
    ['೨೫k', 25000],
    ['२५ हज़ार', 25000],
    // Plain numbers read as before, so the rules keep their own messages for them.
    ['-5', -5],
    ['1500.5', 1500.5],
  ])('reads %s as %d', (typed, rupees) => {
    expect(rupeesOrNaN(typed)).toBe(rupees);
  });

  it('reads what is not an amount as NaN, and blank as 0', () => {
    expect(rupeesOrNaN('abc')).toBeNaN();
    expect(rupeesOrNaN('-15k')).toBeNaN();
    expect(rupeesOrZero('  ')).toBe(0);
  });

  it.each<[string, string | undefined]>([
    ['25000', undefined],
    [' 25000 ', undefined],
    ['', undefined],
    ['abc', undefined],
    ['25,000', '₹25,000'],
    ['೨೫k', '₹25,000'],
    ['1.5 lakh', '₹1,50,000'],
  ])('echoes %s as %s', (typed, echo) => {
    expect(amountEcho(typed)).toBe(echo);
  });

  it.each<[string, string | undefined]>([
    ['150000', '150000'],
    ['1.5 lakh', '150000'],
    ['२५ हज़ार', '25000'],
    ['-5', undefined],
    ['1.5', undefined],
    ['abc', undefined],
  ])('gives the search %s as %s', (typed, value) => {
    expect(rentFilterValue(typed)).toBe(value);
  });
});

describe('the property form with a rent typed as people write it', () => {
  beforeEach(() => setPageMessages(pageMessages('en', ['propertyForm'])));

  it('sends whole rupees and keeps the rules and their messages', () => {
    const form = { ...emptyForm(), rent: '೨೫k' };
    expect(valuesOf(form).rent).toBe(25000);
    expect(toFormData(form, []).get('rent')).toBe('25000');
    const rent = (typed: string) =>
      validateProperty(valuesOf({ ...emptyForm(), rent: typed })).rent;
    expect(rent('1.5 lakh')).toBeUndefined();
    expect(rent('2 crore')).toBe('Rent cannot exceed ₹1,00,00,000');
    expect(rent('25 bucks')).toBe('Rent must be a valid number');
    expect(rent('-5')).toBe('Rent must be greater than 0');
    expect(rent('1500.5')).toBe('Rent must be a whole number of rupees');
  });

  it.each([
    ['kn', '೨೫k'],
    ['hi', '२५ हज़ार'],
  ] as const)(
    'on a %s page reads %s as 25000 and says its rules in that language',
    (locale, typed) => {
      setPageMessages(pageMessages(locale, ['propertyForm']));
      const form = { ...emptyForm(), rent: typed };
      expect(valuesOf(form).rent).toBe(25000);
      expect(validateProperty(valuesOf(form)).rent).toBeUndefined();
      expect(toFormData(form, []).get('rent')).toBe('25000');
      const refused = validateProperty(valuesOf({ ...emptyForm(), rent: '2 crore' })).rent;
      expect(refused).toBe(
        locale === 'kn' ? 'ಬಾಡಿಗೆ ₹1,00,00,000 ಮೀರಬಾರದು' : 'किराया ₹1,00,00,000 से ज़्यादा नहीं हो सकता',
      );
    },
  );
});
