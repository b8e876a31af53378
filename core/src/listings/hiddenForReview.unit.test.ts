import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { IllegalStateError } from '../errors.ts';
import type { ListingCommand } from './commands.ts';
import { decide, messages } from './decide.ts';
import { toPropertyDocument } from './document.ts';
import type { ListingEvent } from './events.ts';
import { noFacilities } from './listing.ts';
import { SAMPLE_T0, sampleCreated, sampleOwner } from './sampleListing.ts';
import { fold } from './state.ts';

const owner = sampleOwner;
const T0 = SAMPLE_T0;
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const created = sampleCreated;
const hidden = (minute = 1): ListingEvent => ({
  type: 'ListingHiddenForReview',
  data: { listingId: 'l-1', at: at(minute), city: 'Bengaluru', reason: 'Fake or scam' },
});
const cleared = (isAvailable: boolean, minute = 2): ListingEvent => ({
  type: 'ListingReviewCleared',
  data: { listingId: 'l-1', at: at(minute), city: 'Bengaluru', adminId: 'u-admin', isAvailable },
});
const delisted = (minute: number): ListingEvent => ({
  type: 'ListingDelisted',
  data: { listingId: 'l-1', at: at(minute), city: 'Bengaluru' },
});
const deleted: ListingEvent = {
  type: 'ListingDeleted',
  data: { listingId: 'l-1', at: at(1), city: 'Bengaluru', imageIds: [] },
};

const hide: ListingCommand = { type: 'HideForReview', reason: 'Fake or scam', at: at(1) };
const dismiss: ListingCommand = {
  type: 'ClearReview',
  adminId: 'u-admin',
  relist: true,
  at: at(2),
};
const keepOut: ListingCommand = { ...dismiss, relist: false };

const given = givenFor({ decide, fold });

describe('hiding a listing pending review (issue 17)', () => {
  it('hides a listed listing with the reason', () => given(created()).when(hide).then([hidden()]));

  it('hides a delisted one too (so that its owner cannot relist it meanwhile)', () =>
    given(created(false)).when(hide).then([hidden()]));

  it('does nothing to a listing already hidden, deleted or never created', () => {
    given(created(), hidden()).when(hide).then([]);
    given(created(), deleted).when(hide).then([]);
    given().when(hide).then([]);
  });

  it('takes the listing out of every listed view and shows its owner why', () => {
    const state = fold([created(), hidden()]);
    const doc = toPropertyDocument(state)!;
    expect(doc.isAvailable).toBe(false);
    expect(doc.hiddenForReview).toEqual({ reason: 'Fake or scam', since: at(1) });
    expect(doc.updatedAt).toBe(at(1));
    expect(toPropertyDocument(fold([created()]))).not.toHaveProperty('hiddenForReview');
  });
});

describe('while hidden', () => {
  const relist: ListingCommand = {
    type: 'RelistListing',
    actor: owner,
    emailVerified: true,
    at: at(3),
  };
  const confirm: ListingCommand = { type: 'ConfirmAvailability', actor: owner, at: at(3) };
  const delist: ListingCommand = { type: 'DelistListing', actor: owner, at: at(3) };

  it('refuses relisting, renewing and "Still available" with the reason', () => {
    given(created(), hidden()).when(relist).thenThrows(IllegalStateError, messages.hiddenForReview);
    given(created(), hidden())
      .when(confirm)
      .thenThrows(IllegalStateError, messages.hiddenForReview);
    given(created(false), hidden())
      .when(relist)
      .thenThrows(IllegalStateError, messages.hiddenForReview);
    const expired: ListingEvent = {
      type: 'ListingExpired',
      data: { listingId: 'l-1', at: at(1), city: 'Bengaluru', lastConfirmedAt: T0 },
    };
    given(created(), expired, hidden(2))
      .when(confirm)
      .thenThrows(IllegalStateError, messages.hiddenForReview);
  });

  it('lets the owner edit (the fix), which does not list it again', () => {
    const {
      listingId: _id,
      at: _at,
      ownerId: _owner,
      owner: _who,
      images: _images,
      isAvailable: _available,
      isVerified: _verified,
      createdAt: _created,
      ...fields
    } = (created() as Extract<ListingEvent, { type: 'ListingCreated' }>).data;
    const edited: ListingEvent = {
      type: 'ListingDetailsRevised',
      data: { listingId: 'l-1', at: at(3), title: 'Sunny 2BHK, photos fixed' },
    };
    given(created(), hidden())
      .when({
        type: 'ReviseListing',
        actor: owner,
        fields: {
          ...fields,
          facilities: { ...noFacilities(), ...fields.facilities },
          title: 'Sunny 2BHK, photos fixed',
        },
        keepImages: undefined,
        newImages: [],
        at: at(3),
      })
      .then([edited]);
    const doc = toPropertyDocument(fold([created(), hidden(), edited]))!;
    expect(doc.title).toBe('Sunny 2BHK, photos fixed');
    expect(doc.isAvailable).toBe(false);
    expect(doc.hiddenForReview).toBeDefined();
  });

  it('lets the owner delist a listing that was listed: then it stays delisted after the review', () => {
    given(created(), hidden())
      .when(delist)
      .then([delisted(3)]);
    given(created(), hidden(), delisted(3))
      .when({ ...dismiss, at: at(4) })
      .then([cleared(false, 4)]);
    given(created(false), hidden())
      .when(delist)
      .thenThrows(IllegalStateError, messages.alreadyDelisted);
  });
});

describe('ending the review', () => {
  it('dismissing lists it again as it was when hidden', () => {
    given(created(), hidden())
      .when(dismiss)
      .then([cleared(true)]);
    given(created(false), hidden())
      .when(dismiss)
      .then([cleared(false)]);
  });

  it('delisting or suspending keeps it out', () =>
    given(created(), hidden())
      .when(keepOut)
      .then([cleared(false)]));

  it('does nothing to a listing that is not hidden', () => {
    given(created()).when(dismiss).then([]);
    given(created(), hidden(), cleared(true)).when(dismiss).then([]);
    given().when(dismiss).then([]);
  });

  it('a cleared listing is back, without the mark, and can be hidden again', () => {
    const doc = toPropertyDocument(fold([created(), hidden(), cleared(true)]))!;
    expect(doc.isAvailable).toBe(true);
    expect(doc).not.toHaveProperty('hiddenForReview');
    given(created(), hidden(), cleared(true))
      .when({ ...hide, at: at(5) })
      .then([hidden(5)]);
    const out = toPropertyDocument(fold([created(), hidden(), cleared(false)]))!;
    expect(out.isAvailable).toBe(false);
    given(created(), hidden(), cleared(false))
      .when({ type: 'RelistListing', actor: owner, emailVerified: true, at: at(3) })
      .then([
        { type: 'ListingRelisted', data: { listingId: 'l-1', at: at(3), city: 'Bengaluru' } },
      ]);
  });
});
