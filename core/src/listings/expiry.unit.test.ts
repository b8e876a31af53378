import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import type { ListingCommand } from './commands.ts';
import { decide, messages } from './decide.ts';
import { toPropertyDocument } from './document.ts';
import type { ListingEvent } from './events.ts';
import { SAMPLE_T0, sampleCreated, sampleOwner } from './sampleListing.ts';
import { fold } from './state.ts';

const owner = sampleOwner;
const DAY = 24 * 60 * 60_000;
const T0 = SAMPLE_T0;
/** `n` days (and `ms` milliseconds) after T0. */
const day = (n: number, ms = 0) => new Date(Date.parse(T0) + n * DAY + ms).toISOString();

const created = sampleCreated();
const confirmed = (at: string): ListingEvent => ({
  type: 'ListingAvailabilityConfirmed',
  data: { listingId: 'l-1', at },
});
const reminded = (at: string, lastConfirmedAt = T0): ListingEvent => ({
  type: 'ListingExpiryReminded',
  data: {
    listingId: 'l-1',
    at,
    lastConfirmedAt,
    expiresAt: new Date(Date.parse(lastConfirmedAt) + 30 * DAY).toISOString(),
    ownerId: owner.id,
  },
});
const expired = (at: string, lastConfirmedAt = T0): ListingEvent => ({
  type: 'ListingExpired',
  data: { listingId: 'l-1', at, city: 'Bengaluru', lastConfirmedAt },
});
const relisted = (at: string): ListingEvent => ({
  type: 'ListingRelisted',
  data: { listingId: 'l-1', at, city: 'Bengaluru' },
});
const delisted = (at: string): ListingEvent => ({
  type: 'ListingDelisted',
  data: { listingId: 'l-1', at, city: 'Bengaluru' },
});

const given = givenFor({ decide, fold });

/** The sweep's commands refuse a listing delisted on day 1 (`onDelisted`) and one expired on day 30 (`onExpired`). */
const refusesUnlisted = (onDelisted: ListingCommand, onExpired: ListingCommand) => {
  given(created, delisted(day(1)))
    .when(onDelisted)
    .thenThrows(IllegalStateError, messages.notListed);
  given(created, expired(day(30)))
    .when(onExpired)
    .thenThrows(IllegalStateError, messages.alreadyExpired);
};

const confirm = (at: string, actor = owner): ListingCommand => ({
  type: 'ConfirmAvailability',
  actor,
  at,
});
const remind = (at: string): ListingCommand => ({ type: 'RemindExpiry', at });
const expire = (at: string): ListingCommand => ({ type: 'ExpireListing', at });

describe('lastConfirmedAt, derived from the event times (old logs need no migration)', () => {
  const lastConfirmed = (...events: ListingEvent[]) =>
    toPropertyDocument(fold([created, ...events]))?.lastConfirmedAt;
  it('is the creation time at first', () => {
    expect(lastConfirmed()).toBe(T0);
  });
  it('moves with an edit of details, rent, location or photos', () => {
    expect(
      lastConfirmed({
        type: 'ListingRentChanged',
        data: {
          listingId: 'l-1',
          at: day(3),
          rent: 24000,
          rentType: 'monthly',
          previousRent: 25000,
          previousRentType: 'monthly',
        },
      }),
    ).toBe(day(3));
    expect(
      lastConfirmed({
        type: 'ListingImagesReordered',
        data: { listingId: 'l-1', at: day(4), imageIds: [] },
      }),
    ).toBe(day(4));
  });
  it("moves with a relist and with 'Still available', not with a delist or an admin's verification", () => {
    expect(lastConfirmed(delisted(day(1)), relisted(day(2)))).toBe(day(2));
    expect(lastConfirmed(confirmed(day(5)))).toBe(day(5));
    expect(
      lastConfirmed(delisted(day(6)), {
        type: 'ListingVerified',
        data: { listingId: 'l-1', at: day(7) },
      }),
    ).toBe(T0);
  });
  it("'Still available' leaves updatedAt alone (nothing a tenant sees changed but the date)", () => {
    expect(toPropertyDocument(fold([created, confirmed(day(5))]))?.updatedAt).toBe(T0);
  });
});

describe("ConfirmAvailability ('Still available', the email link, 'Renew')", () => {
  it('confirms a listed listing', () => {
    given(created)
      .when(confirm(day(10)))
      .then([confirmed(day(10))]);
  });
  it('renews an expired listing with a relist', () => {
    given(created, expired(day(30)))
      .when(confirm(day(40)))
      .then([relisted(day(40))]);
  });
  it('leaves a listing its owner delisted delisted', () => {
    given(created, delisted(day(2)))
      .when(confirm(day(3)))
      .thenThrows(IllegalStateError, messages.confirmDelisted);
  });
  it("refuses someone else's listing and a deleted one", () => {
    given(created)
      .when(confirm(day(1), { id: 'u-other', role: 'homeowner' }))
      .thenThrows(ForbiddenError, messages.notOwner);
    given(created, {
      type: 'ListingDeleted',
      data: { listingId: 'l-1', at: day(1), city: 'Bengaluru', imageIds: [] },
    })
      .when(confirm(day(2)))
      .thenThrows(NotFoundError, messages.notFound);
  });
});

describe('RemindExpiry (day 25)', () => {
  it('reminds on day 25 of the confirmation period, naming the expiry', () => {
    given(created)
      .when(remind(day(25)))
      .then([reminded(day(25))]);
  });
  it('refuses before day 25', () => {
    given(created)
      .when(remind(day(25, -1)))
      .thenThrows(IllegalStateError, messages.reminderNotDue);
  });
  it('refuses a second reminder for the same confirmation period (a second sweep)', () => {
    given(created, reminded(day(25)))
      .when(remind(day(26)))
      .thenThrows(IllegalStateError, messages.alreadyReminded);
  });
  it('reminds again after a new confirmation, 25 days after it', () => {
    given(created, reminded(day(25)), confirmed(day(27)))
      .when(remind(day(51)))
      .thenThrows(IllegalStateError, messages.reminderNotDue);
    given(created, reminded(day(25)), confirmed(day(27)))
      .when(remind(day(52)))
      .then([reminded(day(52), day(27))]);
  });
  it('refuses delisted and expired listings', () => {
    refusesUnlisted(remind(day(26)), remind(day(31)));
  });
});

describe('ExpireListing (day 30)', () => {
  it('expires a listing unconfirmed for 30 days: unlisted, shown as expired', () => {
    given(created, reminded(day(25)))
      .when(expire(day(30)))
      .then([expired(day(30))]);
    const doc = toPropertyDocument(fold([created, expired(day(30))]));
    expect(doc).toMatchObject({ isAvailable: false, isExpired: true, updatedAt: day(30) });
  });
  it('expires without a reminder too (the scheduler was down on day 25)', () => {
    given(created)
      .when(expire(day(31)))
      .then([expired(day(31))]);
  });
  it('refuses a listing confirmed within 30 days', () => {
    given(created)
      .when(expire(day(30, -1)))
      .thenThrows(IllegalStateError, messages.confirmedRecently);
    given(created, confirmed(day(10)))
      .when(expire(day(35)))
      .thenThrows(IllegalStateError, messages.confirmedRecently);
  });
  it('refuses a listing already expired (a second sweep) and a delisted one', () => {
    refusesUnlisted(expire(day(31)), expire(day(31)));
  });
  it('refuses a listing that does not exist', () => {
    given()
      .when(expire(day(31)))
      .thenThrows(NotFoundError, messages.notFound);
  });
});

describe('renew', () => {
  it('a relist of an expired listing makes it live and confirmed again, with a fresh period', () => {
    const state = fold([created, reminded(day(25)), expired(day(30)), relisted(day(33))]);
    expect(toPropertyDocument(state)).toMatchObject({
      isAvailable: true,
      isExpired: false,
      lastConfirmedAt: day(33),
    });
    expect(() => decide(expire(day(62)), state)).toThrow(messages.confirmedRecently);
    expect(decide(remind(day(58)), state)).toEqual([reminded(day(58), day(33))]);
  });
  it('the toggle (RelistListing) renews an expired listing too; DelistListing says it is not listed', () => {
    given(created, expired(day(30)))
      .when({ type: 'RelistListing', actor: owner, emailVerified: true, at: day(31) })
      .then([relisted(day(31))]);
    given(created, expired(day(30)))
      .when({ type: 'DelistListing', actor: owner, at: day(31) })
      .thenThrows(IllegalStateError, messages.alreadyDelisted);
  });
});
