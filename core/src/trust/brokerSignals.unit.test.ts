import { describe, expect, it } from 'vitest';
import {
  brokerSignals,
  signalStrength,
  type ListerFacts,
  ASK_TO_CONFIRM_AT,
} from './brokerSignals.ts';

const honest: ListerFacts = {
  listings: 2,
  addresses: 2,
  cities: ['Pune'],
  brokerageMentions: [],
  sharedContacts: [],
};
const kinds = (role: string, f: ListerFacts) => brokerSignals(role, f).map((s) => s.kind);

describe('broker signals of a homeowner account', () => {
  it("given a seeded homeowner's two homes in one city, then there is no signal", () => {
    expect(brokerSignals('homeowner', honest)).toEqual([]);
    expect(
      brokerSignals('homeowner', {
        ...honest,
        listings: 3,
        addresses: 3,
        cities: ['Pune', 'Mumbai'],
      }),
    ).toEqual([]);
  });
  it('given listings at four different addresses, then many addresses, with the counts in words', () => {
    const [signal] = brokerSignals('homeowner', { ...honest, listings: 6, addresses: 4 });
    expect(signal).toMatchObject({ kind: 'many-addresses', weight: 25 });
    expect(signal?.reason).toBe(
      '6 listings at 4 different addresses (an owner rarely lets more than 3 homes)',
    );
  });
  it('given an admin reading Hindi or Kannada, then the reasons are in it, the counts kept', () => {
    const facts = { ...honest, listings: 6, addresses: 4 };
    expect(brokerSignals('homeowner', facts, 'hi')[0]?.reason).toBe(
      '4 अलग-अलग पतों पर 6 लिस्टिंग (कोई मालिक शायद ही 3 से ज़्यादा घर किराये पर देता है)',
    );
    const shared = { ...honest, sharedContacts: [{ kind: 'phone' as const, otherAccounts: 2 }] };
    expect(brokerSignals('homeowner', shared, 'kn')[0]?.reason).toBe('2 ಬೇರೆ ಖಾತೆಗಳ ಅದೇ ಫೋನ್ ನಂಬರ್');
  });
  it('given listings in three cities, then many cities, naming them', () => {
    const signals = brokerSignals('homeowner', { ...honest, cities: ['Pune', 'Delhi', 'Agra'] });
    expect(signals[0]?.reason).toBe('Listings in 3 cities: Agra, Delhi, Pune');
  });
  it('given a listing that charges a brokerage, then the phrase and the listing are the evidence', () => {
    const signals = brokerSignals('homeowner', {
      ...honest,
      brokerageMentions: [{ listingId: 'l-1', title: '2 BHK Baner', phrase: 'brokerage 1 month' }],
    });
    expect(signals).toEqual([
      {
        kind: 'brokerage-text',
        weight: 35,
        reason:
          "Listing text mentions a brokerage or commission: 'brokerage 1 month' in '2 BHK Baner'",
      },
    ]);
  });
  it('given the same phone as two other accounts, then a shared contact', () => {
    const signals = brokerSignals('homeowner', {
      ...honest,
      sharedContacts: [{ kind: 'phone', otherAccounts: 2 }],
    });
    expect(signals[0]).toMatchObject({ kind: 'shared-contact', weight: 35 });
    expect(signals[0]?.reason).toBe('The same phone number as 2 other accounts');
  });
  it('given a broker account, then nothing: it already says it is a broker', () => {
    expect(kinds('broker', { ...honest, addresses: 40, listings: 40 })).toEqual([]);
  });
  it('given several signals, then the strongest first and the strength adds them up to 100', () => {
    const signals = brokerSignals('homeowner', {
      listings: 30,
      addresses: 30,
      cities: ['A', 'B', 'C', 'D'],
      brokerageMentions: [
        { listingId: 'l-1', title: 'x', phrase: 'commission' },
        { listingId: 'l-2', title: 'y', phrase: 'brokerage' },
      ],
      sharedContacts: [{ kind: 'email', otherAccounts: 1 }],
    });
    expect(signals.map((s) => s.weight)).toEqual([45, 45, 30, 30]);
    expect(signalStrength(signals)).toBe(100);
    expect(signalStrength([])).toBe(0);
  });
  it('given one signal alone, then the owner is not yet asked; two are enough', () => {
    const one = brokerSignals('homeowner', { ...honest, listings: 4, addresses: 4 });
    expect(signalStrength(one)).toBeLessThan(ASK_TO_CONFIRM_AT);
    const two = brokerSignals('homeowner', {
      ...honest,
      listings: 4,
      addresses: 4,
      cities: ['A', 'B', 'C'],
    });
    expect(signalStrength(two)).toBeGreaterThanOrEqual(ASK_TO_CONFIRM_AT);
  });
});
