import { t } from 'elysia';
import { ID_PATTERN } from '@rentals/core/listings/bounds';
import { REPORT_NOTE_MAX, REPORT_REASONS, REVIEW_REASON_MAX } from '@rentals/core/reports/events';
import { multiLineText } from '@rentals/core/textFormats';
import { REVIEW_ACTIONS } from '@rentals/core/contract/report';
import { WRITE_LIMITS } from '../access/writeLimits.ts';

/** The most reports one undoBrigade names (the event's bound). */
const BRIGADE_MAX = 100;
const QUEUE_MAX = 200;
/** A page of cards at most (the list's largest page is 50). */
export const STATUS_IDS_MAX = 50;

export const reportApiMessages = {
  listingId: 'listingId must be a property id',
  reason: `reason must be one of: ${REPORT_REASONS.join(', ')}`,
  note: `note must be at most ${REPORT_NOTE_MAX} characters, without control characters`,
  action: `action must be one of: ${REVIEW_ACTIONS.join(', ')}`,
  reviewReason: `reason must be 1–${REVIEW_REASON_MAX} characters, without control characters`,
  reportIds: `reportIds must be 1–${BRIGADE_MAX} report ids`,
  limit: `limit must be 1–${QUEUE_MAX}`,
  tooMany: WRITE_LIMITS.report.tooMany,
  ids: `ids must be 1–${STATUS_IDS_MAX} property ids separated by commas`,
} as const;
const m = reportApiMessages;

export const REPORT_LIMIT = WRITE_LIMITS.report;

export const ReportBody = t.Object(
  {
    listingId: t.String({
      pattern: ID_PATTERN,
      description: 'The property reported',
      error: m.listingId,
    }),
    reason: t.Union(
      REPORT_REASONS.map((r) => t.Literal(r)),
      { description: REPORT_REASONS.join(' | '), error: m.reason },
    ),
    note: t.Optional(
      multiLineText({
        maxLength: REPORT_NOTE_MAX,
        description: `Optional details for the reviewers, at most ${REPORT_NOTE_MAX} characters`,
        error: m.note,
      }),
    ),
  },
  { additionalProperties: false },
);

export const ReviewBody = t.Object(
  {
    action: t.Union(
      REVIEW_ACTIONS.map((a) => t.Literal(a)),
      { description: REVIEW_ACTIONS.join(' | '), error: m.action },
    ),
    reason: t.Optional(
      multiLineText({
        minLength: 1,
        maxLength: REVIEW_REASON_MAX,
        description:
          'What the owner is told; required for every action but dismiss and undoBrigade',
        error: m.reviewReason,
      }),
    ),
    reportIds: t.Optional(
      t.Array(t.String({ pattern: ID_PATTERN }), {
        minItems: 1,
        maxItems: BRIGADE_MAX,
        description:
          'undoBrigade: the open reports judged a brigade (from the history’s openReports)',
        error: m.reportIds,
      }),
    ),
  },
  { additionalProperties: false },
);

export const QueueQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: QUEUE_MAX, default: 50, error: m.limit })),
});

export const PossiblyRentedQuery = t.Object({
  ids: t.String({
    minLength: 1,
    maxLength: STATUS_IDS_MAX * 65,
    pattern: `^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,${STATUS_IDS_MAX - 1}}$`,
    description: `Up to ${STATUS_IDS_MAX} property ids, comma-separated`,
    error: m.ids,
  }),
});
