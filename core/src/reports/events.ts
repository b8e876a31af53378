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
import { Type, type Static } from '@sinclair/typebox';
import type { EventDefinitions } from '../eventStore/registry.ts';
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

const ListingReportedData = Type.Object(
  {
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
    at: IsoTime,
  },
  { additionalProperties: false },
);

/** The threshold of open 'Already rented' reports was reached; ends when the owner confirms availability. */
const ListingMarkedPossiblyRentedData = Type.Object(
  { listingId: IdSchema, ownerId: IdSchema, at: IsoTime },
  { additionalProperties: false },
);

/** The threshold of open 'Fake or scam' reports was reached; ends with the next review decision. */
const ListingHiddenPendingReviewData = ListingMarkedPossiblyRentedData;

const ReviewData = Type.Object(
  { listingId: IdSchema, ownerId: IdSchema, adminId: IdSchema, at: IsoTime },
  { additionalProperties: false },
);
const ReviewWithReasonData = Type.Object(
  { ...ReviewData.properties, reason: ReviewReasonSchema },
  { additionalProperties: false },
);

/** An admin judged these open reports a brigade: they are dismissed and the listing is restored. */
const ListingReportBrigadeUndoneData = Type.Object(
  {
    ...ReviewData.properties,
    reports: Type.Array(Type.Object({ reportId: IdSchema, reason: ReportReasonSchema }), {
      minItems: 1,
      maxItems: 100,
    }),
  },
  { additionalProperties: false },
);

type Of<Type extends string, Data> = { type: Type; data: Data };

export type ListingReported = Of<'ListingReported', Static<typeof ListingReportedData>>;
export type ListingMarkedPossiblyRented = Of<
  'ListingMarkedPossiblyRented',
  Static<typeof ListingMarkedPossiblyRentedData>
>;
export type ListingHiddenPendingReview = Of<
  'ListingHiddenPendingReview',
  Static<typeof ListingHiddenPendingReviewData>
>;
export type ListingReportsDismissed = Of<'ListingReportsDismissed', Static<typeof ReviewData>>;
export type ListingFixRequested = Of<'ListingFixRequested', Static<typeof ReviewWithReasonData>>;
export type ListingDelistedAfterReview = Of<
  'ListingDelistedAfterReview',
  Static<typeof ReviewWithReasonData>
>;
export type ListingOwnerSuspended = Of<
  'ListingOwnerSuspended',
  Static<typeof ReviewWithReasonData>
>;

export type ListingReportBrigadeUndone = Of<
  'ListingReportBrigadeUndone',
  Static<typeof ListingReportBrigadeUndoneData>
>;

export type ReviewDecision =
  | ListingReportsDismissed
  | ListingReportBrigadeUndone
  | ListingFixRequested
  | ListingDelistedAfterReview
  | ListingOwnerSuspended;

export type ReportEvent =
  ListingReported | ListingMarkedPossiblyRented | ListingHiddenPendingReview | ReviewDecision;

export const reportEventDefinitions = {
  ListingReported: { schema: ListingReportedData, version: 1 },
  ListingMarkedPossiblyRented: { schema: ListingMarkedPossiblyRentedData, version: 1 },
  ListingHiddenPendingReview: { schema: ListingHiddenPendingReviewData, version: 1 },
  ListingReportsDismissed: { schema: ReviewData, version: 1 },
  ListingReportBrigadeUndone: { schema: ListingReportBrigadeUndoneData, version: 1 },
  ListingFixRequested: { schema: ReviewWithReasonData, version: 1 },
  ListingDelistedAfterReview: { schema: ReviewWithReasonData, version: 1 },
  ListingOwnerSuspended: { schema: ReviewWithReasonData, version: 1 },
} as const satisfies Record<ReportEvent['type'], EventDefinitions[string]>;

export const REPORT_EVENT_TYPES = Object.keys(reportEventDefinitions) as ReportEvent['type'][];

export const isReportEvent = <E extends { type: string }>(event: E): event is E & ReportEvent =>
  (REPORT_EVENT_TYPES as readonly string[]).includes(event.type);
