import { describe, expect, it } from 'vitest';
import { displayPhone, emailBreakParts, mailtoHref, telHref } from './contactLinks.ts';

describe('contact links', () => {
  it('dials a 10-digit number with the country code', () => {
    expect(telHref('9876543210')).toBe('tel:+919876543210');
    expect(displayPhone('9876543210')).toBe('98765 43210');
  });

  it('names the listing in the mail subject, encoded so a title cannot add headers', () => {
    expect(mailtoHref('asha@example.in', '2BHK & balcony?cc=x')).toBe(
      'mailto:asha@example.in?subject=Enquiry%20about%20your%20listing%3A%202BHK%20%26%20balcony%3Fcc%3Dx',
    );
  });

  it('lets an address wrap only before the @ and after a dot', () => {
    expect(emailBreakParts('ravi.deshpande@mail.example.in')).toEqual([
      'ravi.',
      'deshpande',
      '@mail.',
      'example.',
      'in',
    ]);
    expect(emailBreakParts('asha@example.in').join('')).toBe('asha@example.in');
  });
});
