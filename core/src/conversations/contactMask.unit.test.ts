import { describe, expect, it } from 'vitest';
import { HIDDEN_EMAIL, HIDDEN_PHONE, isMasked, maskContacts, maskMessages } from './contactMask.ts';

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

  // Given a tenant who disguises a number or address, when the owner reads it before replying, then it is hidden.
  it.each([
    ['Devanagari digits', 'फोन ९८७६५४३२१०', `फोन ${HIDDEN_PHONE}`],
    ['Kannada digits', 'ಕರೆ ೯೮೭೬೫೪೩೨೧೦ ಮಾಡಿ', `ಕರೆ ${HIDDEN_PHONE} ಮಾಡಿ`],
    ['Bengali digits', '৯৮৭৬৫ ৪৩২১০', HIDDEN_PHONE],
    ['full-width digits', 'call ９８７６５４３２１０', `call ${HIDDEN_PHONE}`],
    ['an underscore', 'call 98765_43210', `call ${HIDDEN_PHONE}`],
    ['a slash', 'call 98765/43210', `call ${HIDDEN_PHONE}`],
    ['a line break', 'call 98765\n43210', `call ${HIDDEN_PHONE}`],
    ['mixed separators', 'call 98 765 * 432 # 10', `call ${HIDDEN_PHONE}`],
    ['zero-width spaces', 'call 98765\u200b43\u200c210', `call ${HIDDEN_PHONE}`],
    ['zero-width joiners in an email', 'asha\u200d@exa\u200bmple.com', HIDDEN_EMAIL],
    ['(at) and (dot)', 'asha (at) example (dot) com', HIDDEN_EMAIL],
    ['[at] and [dot]', 'asha[at]example[dot]com ok', `${HIDDEN_EMAIL} ok`],
    ['at and dot in words', 'write to asha at example dot com', `write to ${HIDDEN_EMAIL}`],
    ['AT and DOT in capitals', 'asha AT example DOT co DOT in', HIDDEN_EMAIL],
    ['a full-width at sign', 'asha＠example.com', HIDDEN_EMAIL],
    ['full-width letters', 'ａｓｈａ＠ｅｘａｍｐｌｅ．ｃｏｍ', HIDDEN_EMAIL],
    ['an at with spaces', 'asha @ example.com', HIDDEN_EMAIL],
  ])('hides a contact written with %s', (_, text, masked) => {
    expect(maskContacts(text)).toBe(masked);
  });

  it.each([
    'Rent 25,000 for a 2BHK, 1100 sqft, 3rd floor',
    'Can I visit on 12/03 at 5pm?',
    'Can I visit on 12/03/2026?',
    'Free 10:30-11:30 tomorrow',
    'Budget ₹25,000 - 30,000',
    'Pin code 560038',
    'I am at Koramangala. Thanks',
    'We can meet at the station dot',
  ])('leaves %j alone', (text) => {
    expect(maskContacts(text)).toBe(text);
  });

  it('hides a mobile number even when written as rupees', () => {
    expect(maskContacts('Rs 98765 43210')).toBe(`Rs ${HIDDEN_PHONE}`);
  });
});

describe('a number split over messages', () => {
  // Given a tenant's consecutive messages, when their digit runs read together are a phone number, then each part is hidden.
  it.each([
    [
      ['My number is 98765', '43210'],
      [`My number is ${HIDDEN_PHONE}`, HIDDEN_PHONE],
    ],
    [
      ['98765', 'hello', '43210'],
      [HIDDEN_PHONE, 'hello', HIDDEN_PHONE],
    ],
    [
      ['call +91', '98765', '43210'],
      [`call ${HIDDEN_PHONE}`, HIDDEN_PHONE, HIDDEN_PHONE],
    ],
    [
      ['९८७६५', '४३२१०'],
      [HIDDEN_PHONE, HIDDEN_PHONE],
    ],
    [
      ['987', '654', '3210'],
      [HIDDEN_PHONE, HIDDEN_PHONE, HIDDEN_PHONE],
    ],
  ])('hides the parts of %j', (bodies, masked) => {
    expect(maskMessages(bodies)).toEqual(masked);
  });

  it('hides the completing part given the earlier messages', () => {
    expect(maskContacts('43210', ['Hi', 'My number is 98765'])).toBe(HIDDEN_PHONE);
    expect(maskContacts('My number is 98765', [], ['43210'])).toBe(`My number is ${HIDDEN_PHONE}`);
  });

  it('looks only across a few consecutive messages', () => {
    const bodies = ['98765', 'a', 'b', 'c', '43210'];
    expect(maskMessages(bodies)).toEqual(bodies);
  });

  it('leaves parts alone that do not make a phone number', () => {
    const bodies = ['2 BHK please', 'rent 25000?', 'visit on 12/03 at 5'];
    expect(maskMessages(bodies)).toEqual(bodies);
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
