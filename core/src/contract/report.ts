/**
 * Reports and their review (the /api/reports routes) as the API answers them: response
 * validation, OpenAPI and the site's types.
 */
import { Type } from '@sinclair/typebox';
import { PropertySchema } from './property.ts';

/** What an admin may decide about a reported listing. */
export const REVIEW_ACTIONS = [
  'dismiss',
  'askOwnerToFix',
  'delist',
  'suspendOwner',
  'undoBrigade',
] as const;

export const ReportResponse = Type.Object({
  reportId: Type.String(),
  listingId: Type.String(),
  reason: Type.String(),
});

export const ReviewResponse = Type.Object({
  listingId: Type.String(),
  action: Type.String({ description: `The action taken, as sent: ${REVIEW_ACTIONS.join(' | ')}` }),
  decision: Type.String({
    description:
      "What was decided, in words ('Owner asked to fix it: …'), as the history says it, in the language asked for (Accept-Language)",
  }),
});

export const QueueResponse = Type.Object({
  entries: Type.Array(
    Type.Object({
      listingId: Type.String(),
      ownerId: Type.String(),
      ownerName: Type.Union([Type.String(), Type.Null()]),
      title: Type.Union([Type.String(), Type.Null()]),
      city: Type.Union([Type.String(), Type.Null()]),
      openReports: Type.Integer(),
      totalReports: Type.Integer(),
      reasons: Type.Record(Type.String(), Type.Integer()),
      firstReportAt: Type.Union([Type.String(), Type.Null()]),
      hidden: Type.Boolean(),
      possiblyRented: Type.Boolean(),
    }),
  ),
});

export const HistoryResponse = Type.Object({
  listing: Type.Union([PropertySchema, Type.Null()], {
    description: 'The listing as its events left it; null when there is none',
  }),
  ownerId: Type.Union([Type.String(), Type.Null()]),
  openReports: Type.Array(
    Type.Object({
      reportId: Type.String(),
      reason: Type.String(),
      at: Type.String(),
      /** Whole hours the reporter's account had existed when reporting; null for older reports. */
      accountAgeHours: Type.Union([Type.Integer(), Type.Null()]),
      newAccount: Type.Boolean(),
      /** Whether the reporter's email was confirmed when reporting; null for older reports. */
      emailVerified: Type.Union([Type.Boolean(), Type.Null()]),
      /** 1, 2, …: reports from one address share a number; null when no other open report shares it. */
      sharedAddress: Type.Union([Type.Integer(), Type.Null()]),
      /** 1, 2, …: reports from accounts created within an hour of each other share a number; null otherwise. */
      createdTogether: Type.Union([Type.Integer(), Type.Null()]),
      /** The report's weight toward hiding the listing (three trusted reports hide it; core/src/reports/weight.ts). */
      weight: Type.Number(),
      /** Why it weighs that, in words, one sentence per reason, in the language asked for (Accept-Language). */
      why: Type.Array(Type.String()),
      /** Weighs something toward hiding. */
      counts: Type.Boolean(),
    }),
  ),
  events: Type.Array(
    Type.Object({
      streamId: Type.String(),
      version: Type.Integer(),
      type: Type.String(),
      text: Type.String({
        description:
          'What happened, in words, in the language asked for (Accept-Language; type is for tools, not people)',
      }),
      data: Type.Record(Type.String(), Type.Unknown()),
      userId: Type.Union([Type.String(), Type.Null()]),
      recordedAt: Type.String(),
    }),
  ),
});

export const PossiblyRentedResponse = Type.Object({ listingIds: Type.Array(Type.String()) });
