import { describe, expect, it } from 'vitest';
import { HIDDEN_EMAIL, HIDDEN_PHONE, isMasked, maskContacts } from './contactMask.ts';

describe('maskContacts', () => {
  it.each([
    ['Call me on 9876543210', `Call me on ${HIDDEN_PHONE}`],
    ['+91 98765 43210 anytime', `${HIDDEN_PHONE} anytime`],
    ['+91-98765-43210.', `${HIDDEN_PHONE}.`],
    ['landline (080) 2345 6789', `landline ${HIDDEN_PHONE}`],
    ['mail asha.k+flat@example.co.in please', `mail ${HIDDEN_EMAIL} please`],
  ])('hides %j', (text, masked) => {
    expect(maskContacts(text)).toBe(masked);
  });
  it.each([
    'Rent 25,000 for a 2BHK, 1100 sqft, 3rd floor',
    'Can I visit on 12/03 at 5pm?',
    'Pin code 560038',
  ])('leaves %j alone', (text) => {
    expect(maskContacts(text)).toBe(text);
  });
});

describe('isMasked', () => {
  const tenantMessage = { senderId: 't' };
  it('hides the tenant’s contacts from the owner until the owner has replied', () => {
    expect(isMasked(tenantMessage, { ownerId: 'o', ownerReplied: false }, 'o')).toBe(true);
    expect(isMasked(tenantMessage, { ownerId: 'o', ownerReplied: true }, 'o')).toBe(false);
  });
  it('never hides anything from the tenant, nor the owner’s own messages', () => {
    expect(isMasked(tenantMessage, { ownerId: 'o', ownerReplied: false }, 't')).toBe(false);
    expect(isMasked({ senderId: 'o' }, { ownerId: 'o', ownerReplied: false }, 'o')).toBe(false);
  });
});
