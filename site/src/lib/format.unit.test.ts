import { describe, expect, it } from 'vitest';
import { addressLine, countLabel, formatRent } from './format.ts';

describe('formatRent', () => {
  it.each([
    [0, '₹0'],
    [999, '₹999'],
    [12000, '₹12,000'],
    [100000, '₹1,00,000'],
    [1234567, '₹12,34,567'],
    [15000.6, '₹15,001'],
    [Number.NaN, '₹0'],
  ])('%d → %s', (amount, expected) => {
    expect(formatRent(amount)).toBe(expected);
  });
});

describe('addressLine', () => {
  it.each([
    [
      { address: '12 MG Road', area: 'Indiranagar', city: 'Bengaluru', pinCode: '560038' },
      '12 MG Road, Indiranagar, Bengaluru - 560038',
    ],
    [{ address: '', area: 'Bandra', city: 'Mumbai', pinCode: '' }, 'Bandra, Mumbai'],
  ])('%o', (loc, expected) => {
    expect(addressLine(loc)).toBe(expected);
  });
});

describe('countLabel', () => {
  it.each([
    [0, '0'],
    [99, '99'],
    [100, '99+'],
    [101, '99+'],
  ])('%d → %s', (n, expected) => {
    expect(countLabel(n)).toBe(expected);
  });
});
