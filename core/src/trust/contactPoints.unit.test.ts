import { describe, expect, it } from 'vitest';
import { contactPointsIn, emailKey, phoneKey } from './contactPoints.ts';

describe('contact points', () => {
  it('given a phone written with +91, spaces or dashes, then its ten digits', () => {
    expect(phoneKey('+91 98765 43210')).toBe('9876543210');
    expect(phoneKey('098765-43210')).toBe('9876543210');
    expect(phoneKey('12345')).toBeUndefined();
  });
  it('given a Gmail address with dots and a +tag, then the address Gmail delivers to', () => {
    expect(emailKey('Asha.Rao+flats@Gmail.com')).toBe('asharao@gmail.com');
    expect(emailKey('a.b+x@example.in')).toBe('a.b@example.in');
  });
  it('given listing text with numbers and an email, then each once', () => {
    expect(
      contactPointsIn(
        'Call +91 98765 43210 or 9876543210, or write to Rent.Desk@gmail.com. Rent 25000, 2 BHK.',
      ),
    ).toEqual(['email:rentdesk@gmail.com', 'phone:9876543210']);
  });
  it('given rents, areas and PIN codes, then no phone', () => {
    expect(contactPointsIn('Rent 25000, 1200 sq ft, PIN 560034, deposit 150000')).toEqual([]);
  });
});
