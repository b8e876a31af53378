import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import type { Actor, ListingCommand, MarkListingLet } from './commands.ts';
import { decide } from './decide.ts';
import type { ListingEvent } from './events.ts';
import { recordedFields } from './facilityTerms.ts';
import { letMessages } from './let.ts';
import { sampleFields } from './sampleListing.ts';
import { fold } from './state.ts';

const owner: Actor = { id: 'u-owner', role: 'homeowner' };
const admin: Actor = { id: 'u-admin', role: 'admin' };
const stranger: Actor = { id: 'u-other', role: 'homeowner' };
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-10T00:00:00.000Z';
const T2 = '2026-02-10T00:00:00.000Z';
const base = { listingId: 'l-1' };

const created: ListingEvent = {
  type: 'ListingCreated',
  data: {
    ...base,
    at: T0,
    ...recordedFields(sampleFields),
    ownerId: owner.id,
    owner: { name: 'Asha', role: 'homeowner' },
    images: [],
    isAvailable: true,
    isVerified: false,
    createdAt: T0,
  },
};
const { city, area } = sampleFields.location;
const delisted: ListingEvent = { type: 'ListingDelisted', data: { ...base, at: T1, city } };
const expired: ListingEvent = {
  type: 'ListingExpired',
  data: { ...base, at: T1, city, lastConfirmedAt: T0 },
};
const deleted: ListingEvent = {
  type: 'ListingDeleted',
  data: { ...base, at: T1, city, imageIds: [] },
};

const mark = (over: Partial<MarkListingLet> = {}): ListingCommand => ({
  type: 'MarkListingLet',
  actor: owner,
  letId: 'let-1',
  to: { tenantId: 'u-tenant', conversationId: 'c-1' },
  rent: 24000,
  deposit: 100000,
  moveIn: '2026-03-01',
  at: T1,
  ...over,
});

const letEvent = (over: Record<string, unknown> = {}, at = T1): ListingEvent => ({
  type: 'ListingLet',
  data: {
    ...base,
    at,
    city,
    area,
    propertyType: sampleFields.propertyType,
    bedrooms: sampleFields.propertyDetails.bedrooms,
    letId: 'let-1',
    ownerId: owner.id,
    tenantId: 'u-tenant',
    conversationId: 'c-1',
    rent: 24000,
    deposit: 100000,
    moveIn: '2026-03-01',
    ...over,
  },
});

/** Every event decided must be one the event store accepts (its schema). */
const given = givenFor({
  decide,
  fold,
  assertValid: (e: ListingEvent) => appEventRegistry.assertValid(e),
});

describe('MarkListingLet', () => {
  it('delists a listed home and records the let to the tenant of the conversation', () => {
    given(created)
      .when(mark())
      .then([{ type: 'ListingDelisted', data: { ...base, at: T1, city } }, letEvent()]);
  });
  it('records a let to someone outside without a tenant', () => {
    given(created)
      .when(mark({ to: null }))
      .then(
        [
          { type: 'ListingDelisted', data: { ...base, at: T1, city } },
          letEvent({ tenantId: undefined, conversationId: undefined }),
        ].map((e) => JSON.parse(JSON.stringify(e)) as ListingEvent),
      );
  });
  it('records only the let for a home already delisted or expired (let through another channel)', () => {
    given(created, delisted)
      .when(mark({ at: T2 }))
      .then([letEvent({}, T2)]);
    given(created, expired)
      .when(mark({ at: T2 }))
      .then([letEvent({}, T2)]);
  });
  it('lets an admin mark it let', () => {
    given(created)
      .when(mark({ actor: admin }))
      .then([{ type: 'ListingDelisted', data: { ...base, at: T1, city } }, letEvent()]);
  });
  it('refuses someone else (403), a deleted or unknown listing (404)', () => {
    given(created)
      .when(mark({ actor: stranger }))
      .thenThrows(ForbiddenError);
    given(created, deleted).when(mark()).thenThrows(NotFoundError);
    given().when(mark()).thenThrows(NotFoundError);
  });
  it('refuses a second let before a relist, and allows one after it', () => {
    given(created, delisted, letEvent())
      .when(mark({ at: T2, letId: 'let-2' }))
      .thenThrows(IllegalStateError, letMessages.alreadyLet);
    const relisted: ListingEvent = {
      type: 'ListingRelisted',
      data: { ...base, at: T2, city, afterLet: true },
    };
    const state = fold([created, delisted, letEvent(), relisted]);
    const events = decide(mark({ at: T2, letId: 'let-2' }), state);
    expect(events.map((e) => e.type)).toEqual(['ListingDelisted', 'ListingLet']);
  });
  it('refuses figures out of bounds and a move-in more than a year away, all at once', () => {
    given(created)
      .when(mark({ rent: 0, deposit: -1, moveIn: '2027-03-01' }))
      .thenFieldErrors(['rent', 'deposit', 'moveIn']);
    given(created)
      .when(mark({ moveIn: '2024-12-01' }))
      .thenRefuses('moveIn', letMessages.moveIn);
    given(created)
      .when(mark({ moveIn: '2026-02-30' }))
      .thenRefuses('moveIn', letMessages.moveIn);
  });
  it('refuses the owner as their own tenant', () => {
    given(created)
      .when(mark({ to: { tenantId: owner.id, conversationId: 'c-1' } }))
      .thenRefuses('to', letMessages.ownTenant);
  });
});

describe('The let in the state, and the relist after it', () => {
  it('keeps the let until the relist, which says it follows a let', () => {
    const state = fold([created, delisted, letEvent()]);
    expect(state.status === 'active' && state.listing.currentLet).toEqual({
      letId: 'let-1',
      at: T1,
      rent: 24000,
      deposit: 100000,
      moveIn: '2026-03-01',
      tenantId: 'u-tenant',
    });
    given(created, delisted, letEvent())
      .when({ type: 'RelistListing', actor: owner, emailVerified: true, at: T2 })
      .then([{ type: 'ListingRelisted', data: { ...base, at: T2, city, afterLet: true } }]);
  });
  it('keeps createdAt (listed since) through the let and the relist', () => {
    const relisted: ListingEvent = {
      type: 'ListingRelisted',
      data: { ...base, at: T2, city, afterLet: true },
    };
    const state = fold([created, delisted, letEvent(), relisted]);
    expect(state.status === 'active' && state.listing.createdAt).toBe(T0);
    expect(state.status === 'active' && state.listing.currentLet).toBeNull();
  });
  it('a plain relist is not marked as one after a let', () => {
    given(created, delisted)
      .when({ type: 'RelistListing', actor: owner, emailVerified: true, at: T2 })
      .then([{ type: 'ListingRelisted', data: { ...base, at: T2, city } }]);
  });
});
