/** Visits as the API answers them (issue 44): response validation, OpenAPI and the site's type. */
import { Type, type Static } from '@sinclair/typebox';
import { VisitWindowsSchema } from '../visits/windows.ts';

export const VisitSlotSchema = Type.Object({
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  free: Type.Boolean({ description: 'false: another tenant holds it' }),
});

export const VisitTimesResponse = Type.Object({
  listingId: Type.String(),
  windows: VisitWindowsSchema,
  slots: Type.Array(VisitSlotSchema, {
    description: 'Every bookable slot from an hour ahead to two weeks ahead, India Standard Time',
  }),
});

export const VisitSchema = Type.Object({
  visitId: Type.String(),
  listingId: Type.String(),
  conversationId: Type.String(),
  listingTitle: Type.String(),
  area: Type.String(),
  city: Type.String(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('booked'), Type.Literal('cancelled'), Type.Literal('noShow')]),
  /** The caller's side of the visit. */
  role: Type.Union([Type.Literal('tenant'), Type.Literal('owner')]),
  /** The other side's name. */
  withName: Type.String(),
  /** Who last moved or called it off ('you', 'them'), and why; null if neither happened. */
  changedBy: Type.Union([Type.Literal('you'), Type.Literal('them'), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type VisitDocument = Static<typeof VisitSchema>;

export const VisitResponse = Type.Object({ visit: VisitSchema });
export const VisitsResponse = Type.Object({
  visits: Type.Array(VisitSchema, {
    description: 'Visits from twelve hours ago on, soonest first (cancelled ones included)',
  }),
});
