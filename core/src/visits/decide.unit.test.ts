import { describe, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import type { BookVisit, VisitCommand } from './commands.ts';
import { decide, visitMessages as messages } from './decide.ts';
import type { VisitEvent } from './events.ts';
import { visitReasonMessages } from './reason.ts';
import { fold } from './state.ts';
import type { VisitWindow } from './windows.ts';

// Monday 7 December 2026, 11:30 IST. Weekday evenings 18:00–20:00 IST are 12:30–14:30 UTC.
const NOW = '2026-12-07T06:00:00.000Z';
const SLOT_1 = '2026-12-07T12:30:00.000Z';
const SLOT_2 = '2026-12-07T13:00:00.000Z';
const TUESDAY = '2026-12-08T12:30:00.000Z';
const AFTER = '2026-12-07T13:05:00.000Z';
const listingId = 'l-1';
const owner = 'u-owner';
const tenant = 'u-tenant';
const other = 'u-other';
const stranger = 'u-stranger';
const evenings: VisitWindow[] = [{ days: [1, 2, 3, 4, 5], from: '18:00', to: '20:00' }];

const given = givenFor({ decide, fold, assertValid: (e) => appEventRegistry.assertValid(e) });

const hoursSet: VisitEvent = {
  type: 'VisitWindowsSet',
  data: { listingId, ownerId: owner, at: NOW, windows: evenings },
};
const bookedBy = (tenantId: string, start: string, visitId = 'v-1'): VisitEvent => ({
  type: 'VisitBooked',
  data: {
    listingId,
    visitId,
    at: NOW,
    conversationId: `c-${tenantId}`,
    tenantId,
    ownerId: owner,
    start,
  },
});
const conversationOf = (tenantId: string) => ({
  id: `c-${tenantId}`,
  listingId,
  tenantId,
  ownerId: owner,
});
const book = (over: Partial<BookVisit> = {}): VisitCommand => ({
  type: 'BookVisit',
  listingId,
  visitId: 'v-1',
  userId: tenant,
  conversation: conversationOf(tenant),
  start: SLOT_1,
  at: NOW,
  ...over,
});
const cancel = (userId: string, at = NOW, reason = 'Stuck at work'): VisitCommand => ({
  type: 'CancelVisit',
  visitId: 'v-1',
  userId,
  reason,
  at,
});
const reschedule = (
  userId: string,
  start: string,
  reason = 'Can we make it later?',
): VisitCommand => ({
  type: 'RescheduleVisit',
  visitId: 'v-1',
  userId,
  start,
  reason,
  at: NOW,
});

describe('SetVisitWindows', () => {
  it('records the owner’s visiting hours', () => {
    given()
      .when({
        type: 'SetVisitWindows',
        listingId,
        userId: owner,
        ownerId: owner,
        windows: evenings,
        at: NOW,
      })
      .then([hoursSet]);
  });

  it('refuses anyone but the owner, and windows that overlap', () => {
    given()
      .when({
        type: 'SetVisitWindows',
        listingId,
        userId: tenant,
        ownerId: owner,
        windows: evenings,
        at: NOW,
      })
      .thenThrows(ForbiddenError, messages.notOwner);
    const overlapping = [...evenings, { days: [5], from: '19:00', to: '21:00' }];
    given()
      .when({
        type: 'SetVisitWindows',
        listingId,
        userId: owner,
        ownerId: owner,
        windows: overlapping,
        at: NOW,
      })
      .thenThrows(ValidationError);
  });
});

describe('BookVisit', () => {
  it('books an offered slot for the tenant of a conversation about the listing', () => {
    given(hoursSet)
      .when(book())
      .then([bookedBy(tenant, SLOT_1)]);
  });

  it('records nothing when the same booking is sent again', () => {
    given(hoursSet, bookedBy(tenant, SLOT_1)).when(book()).then([]);
  });

  it('refuses a slot another tenant holds: one visit per slot', () => {
    given(hoursSet, bookedBy(other, SLOT_1, 'v-0'))
      .when(book())
      .thenThrows(IllegalStateError, messages.taken);
  });

  it('frees a cancelled visit’s slot for someone else', () => {
    const cancelled: VisitEvent = {
      type: 'VisitCancelled',
      data: { listingId, visitId: 'v-0', at: NOW, byUserId: other, reason: 'Found a place' },
    };
    given(hoursSet, bookedBy(other, SLOT_1, 'v-0'), cancelled)
      .when(book())
      .then([bookedBy(tenant, SLOT_1)]);
  });

  it('refuses a second upcoming visit by the same tenant', () => {
    given(hoursSet, bookedBy(tenant, SLOT_1, 'v-0'))
      .when(book({ start: SLOT_2 }))
      .thenThrows(IllegalStateError, messages.alreadyBooked);
  });

  it('refuses times that are not offered, too soon or too far ahead', () => {
    given(hoursSet)
      .when(book({ start: '2026-12-07T12:45:00.000Z' }))
      .thenThrows(ValidationError, messages.notASlot);
    given(hoursSet)
      .when(book({ at: '2026-12-07T12:00:00.000Z' }))
      .thenThrows(ValidationError, messages.outOfRange);
    given(hoursSet)
      .when(book({ start: '2026-12-22T12:30:00.000Z' }))
      .thenThrows(ValidationError, messages.outOfRange);
  });

  it('refuses without visiting hours, and for a conversation that is not the caller’s', () => {
    given().when(book()).thenThrows(IllegalStateError, messages.noWindows);
    given(hoursSet, { ...hoursSet, data: { ...hoursSet.data, windows: [] } })
      .when(book())
      .thenThrows(IllegalStateError, messages.noWindows);
    given(hoursSet)
      .when(book({ userId: stranger }))
      .thenThrows(NotFoundError, messages.notYourConversation);
    given(hoursSet)
      .when(book({ conversation: { ...conversationOf(tenant), listingId: 'l-2' } }))
      .thenThrows(NotFoundError, messages.notYourConversation);
  });
});

describe('RescheduleVisit', () => {
  it('moves the visit to a free slot, by either side, with the reason', () => {
    for (const by of [tenant, owner])
      given(hoursSet, bookedBy(tenant, SLOT_1))
        .when(reschedule(by, TUESDAY))
        .then([
          {
            type: 'VisitRescheduled',
            data: {
              listingId,
              visitId: 'v-1',
              at: NOW,
              byUserId: by,
              previousStart: SLOT_1,
              start: TUESDAY,
              reason: 'Can we make it later?',
            },
          },
        ]);
  });

  it('refuses a taken slot, an empty reason, and a stranger (who is told there is no such visit)', () => {
    given(hoursSet, bookedBy(tenant, SLOT_1), bookedBy(other, SLOT_2, 'v-2'))
      .when(reschedule(owner, SLOT_2))
      .thenThrows(IllegalStateError, messages.taken);
    given(hoursSet, bookedBy(tenant, SLOT_1))
      .when(reschedule(tenant, SLOT_2, '   '))
      .thenThrows(ValidationError, visitReasonMessages.required);
    given(hoursSet, bookedBy(tenant, SLOT_1))
      .when(reschedule(stranger, SLOT_2))
      .thenThrows(NotFoundError, messages.notAVisit);
  });
});

describe('CancelVisit', () => {
  it('calls an upcoming visit off with the reason, once', () => {
    const cancelled: VisitEvent = {
      type: 'VisitCancelled',
      data: { listingId, visitId: 'v-1', at: NOW, byUserId: tenant, reason: 'Stuck at work' },
    };
    given(hoursSet, bookedBy(tenant, SLOT_1)).when(cancel(tenant)).then([cancelled]);
    given(hoursSet, bookedBy(tenant, SLOT_1), cancelled).when(cancel(owner)).then([]);
  });

  it('refuses once the visit time has passed', () => {
    given(hoursSet, bookedBy(tenant, SLOT_1))
      .when(cancel(owner, AFTER))
      .thenThrows(IllegalStateError, messages.passed);
  });
});

describe('MarkNoShow', () => {
  const noShow = (userId: string, at: string): VisitCommand => ({
    type: 'MarkNoShow',
    visitId: 'v-1',
    userId,
    at,
  });

  it('is the owner’s, after the visit time', () => {
    given(hoursSet, bookedBy(tenant, SLOT_1))
      .when(noShow(owner, AFTER))
      .then([{ type: 'VisitNoShowMarked', data: { listingId, visitId: 'v-1', at: AFTER } }]);
    given(hoursSet, bookedBy(tenant, SLOT_1))
      .when(noShow(owner, NOW))
      .thenThrows(IllegalStateError, messages.notYet);
    given(hoursSet, bookedBy(tenant, SLOT_1))
      .when(noShow(tenant, AFTER))
      .thenThrows(ForbiddenError, messages.onlyOwner);
  });
});
