/**
 * The report events. A stream holds every report about one listing and every
 * review decision taken on them (`listing-reports-<listingId>`): the rules
 * that span reports ("one report per user per listing", "the third 'Already
 * rented' report marks the listing") live in that set, so it is the
 * consistency boundary. Reports about different listings never contend.
 *
 * Facts in past tense, never edited once released (see listings/events.ts).
 * A review decision carries the admin's id; the owner's id is repeated so
 * that a notifier needs no second read.
 */
import { Type } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';
import { multiLineText } from '../textFormats.ts';

export const REPORTS_STREAM_TYPE = 'listing-reports';
export const reportsStreamId = (listingId: string) => `listing-reports-${listingId}`;

/** The reasons a user may give, exactly as SPEC names them. */
export const REPORT_REASONS = [
  'Broker posing as owner',
  'Already rented',
  'Wrong price or details',
  'Fake or scam',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX = 500;
export const REVIEW_REASON_MAX = 500;

export const ReportReasonSchema = Type.Union(REPORT_REASONS.map((r) => Type.Literal(r)));
export const ReportNoteSchema = multiLineText({ maxLength: REPORT_NOTE_MAX });
export const ReviewReasonSchema = multiLineText({ minLength: 1, maxLength: REVIEW_REASON_MAX });
/** A keyed hash of the reporter's address (never the address itself): equal for equal addresses. */
const ReporterAddressSchema = Type.String({ pattern: '^[0-9a-f]{16,64}$', maxLength: 64 });

const ListingReportedData = eventData({
  listingId: IdSchema,
  reportId: IdSchema,
  reporterId: IdSchema,
  ownerId: IdSchema,
  reason: ReportReasonSchema,
  note: Type.Optional(ReportNoteSchema),
  // When the reporter's account was created and where the report came from: what decides whether it
  // counts toward hiding (report.ts). Absent from reports recorded before the rule (they count).
  reporterSince: Type.Optional(IsoTime),
  reporterAddress: Type.Optional(ReporterAddressSchema),
  // What else the report's weight depends on (weight.ts), as the handler read it then: whether the
  // reporter's email was verified, and how many of its earlier reports our team upheld or rejected.
  // Absent from reports recorded before reports were weighed.
  reporterEmailVerified: Type.Optional(Type.Boolean()),
  reporterUpheld: Type.Optional(Type.Integer({ minimum: 0 })),
  reporterRejected: Type.Optional(Type.Integer({ minimum: 0 })),
  at: IsoTime,
});

/** The threshold of open 'Already rented' reports was reached; ends when the owner confirms availability. */
const ListingMarkedPossiblyRentedData = eventData({
  listingId: IdSchema,
  ownerId: IdSchema,
  at: IsoTime,
});

/** The open 'Fake or scam' reports reached the weight that hides (weight.ts); ends with the next review decision. */
const ListingHiddenPendingReviewData = ListingMarkedPossiblyRentedData;

const ReviewData = eventData({
  listingId: IdSchema,
  ownerId: IdSchema,
  adminId: IdSchema,
  at: IsoTime,
});
const ReviewWithReasonData = eventData({ ...ReviewData.properties, reason: ReviewReasonSchema });

/** An admin judged these open reports a brigade: they are dismissed and the listing is restored. */
const ListingReportBrigadeUndoneData = eventData({
  ...ReviewData.properties,
  reports: Type.Array(Type.Object({ reportId: IdSchema, reason: ReportReasonSchema }), {
    minItems: 1,
    maxItems: 100,
  }),
});

const schemas = {
  ListingReported: ListingReportedData,
  ListingMarkedPossiblyRented: ListingMarkedPossiblyRentedData,
  ListingHiddenPendingReview: ListingHiddenPendingReviewData,
  ListingReportsDismissed: ReviewData,
  ListingReportBrigadeUndone: ListingReportBrigadeUndoneData,
  ListingFixRequested: ReviewWithReasonData,
  ListingDelistedAfterReview: ReviewWithReasonData,
  ListingOwnerSuspended: ReviewWithReasonData,
};

export type ReportEvent = EventsOf<typeof schemas>;
/** What an admin's review of the open reports records. */
export type ReviewDecision = Extract<
  ReportEvent,
  {
    type:
      | 'ListingReportsDismissed'
      | 'ListingReportBrigadeUndone'
      | 'ListingFixRequested'
      | 'ListingDelistedAfterReview'
      | 'ListingOwnerSuspended';
  }
>;

const events = defineEvents(schemas);
export const reportEventDefinitions = events.definitions;
export const REPORT_EVENT_TYPES = events.types;
export const isReportEvent = events.isOne;
