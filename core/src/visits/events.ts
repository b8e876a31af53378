/**
 * Visit events (issue 44): one stream per listing (`visits-<listingId>`)
 * holding the owner's visiting hours and every visit booked on them, so that
 * "this slot is free" is decided on one stream and two tenants racing for the
 * same slot meet the event store's version check: one wins, the other is
 * told the slot was just taken.
 */
import type { TProperties } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';
import { VisitReasonSchema } from './reason.ts';
import { VisitWindowsSchema } from './windows.ts';

export const VISIT_STREAM_TYPE = 'visits';
export const visitStreamId = (listingId: string) => `visits-${listingId}`;

/** The owner set the listing's visiting hours (an empty list: no visits offered). */
const VisitWindowsSetData = eventData({
  listingId: IdSchema,
  ownerId: IdSchema,
  at: IsoTime,
  windows: VisitWindowsSchema,
});

const visitData = <P extends TProperties>(properties: P) =>
  eventData({ listingId: IdSchema, visitId: IdSchema, at: IsoTime, ...properties });

/** A tenant booked the slot starting at `start`, from their conversation about the listing. */
const VisitBookedData = visitData({
  conversationId: IdSchema,
  tenantId: IdSchema,
  ownerId: IdSchema,
  start: IsoTime,
});

/** `byUserId` (tenant or owner) moved the visit from `previousStart` to `start`. */
const VisitRescheduledData = visitData({
  byUserId: IdSchema,
  previousStart: IsoTime,
  start: IsoTime,
  reason: VisitReasonSchema,
});

/** `byUserId` (tenant or owner) called the visit off. */
const VisitCancelledData = visitData({ byUserId: IdSchema, reason: VisitReasonSchema });

/** The owner recorded that the tenant did not come. */
const VisitNoShowMarkedData = visitData({});

const schemas = {
  VisitWindowsSet: VisitWindowsSetData,
  VisitBooked: VisitBookedData,
  VisitRescheduled: VisitRescheduledData,
  VisitCancelled: VisitCancelledData,
  VisitNoShowMarked: VisitNoShowMarkedData,
};

export type VisitEvent = EventsOf<typeof schemas>;

const events = defineEvents(schemas);
export const visitEventDefinitions = events.definitions;
export const VISIT_EVENT_TYPES = events.types;
export const isVisitEvent = events.isOne;
