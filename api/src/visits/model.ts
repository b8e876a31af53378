import { t } from 'elysia';
import { ID_PATTERN } from '@rentals/core/listings/bounds';
import { singleLineText } from '@rentals/core/textFormats';
import { VISIT_REASON_MAX_LENGTH, visitReasonMessages } from '@rentals/core/visits/reason';
import { MAX_VISIT_WINDOWS, VisitWindowSchema } from '@rentals/core/visits/windows';

const START_ERROR = 'start must be a time such as 2026-12-07T12:30:00.000Z';

const Start = t.String({
  format: 'date-time',
  maxLength: 40,
  description: 'The slot’s start, as GET /api/visit-times/{listingId} gives it',
  error: START_ERROR,
});

/** Room for whitespace around a full reason; the trimmed text is held to its bound. */
const Reason = singleLineText({
  maxLength: VISIT_REASON_MAX_LENGTH * 2,
  description: `Why, in a few words (1–${VISIT_REASON_MAX_LENGTH} characters once trimmed), shown to the other side`,
  error: `${visitReasonMessages.tooLong}, without control characters`,
});

export const WindowsBody = t.Object(
  {
    windows: t.Array(VisitWindowSchema, {
      maxItems: MAX_VISIT_WINDOWS,
      description:
        'Weekly visiting hours in India Standard Time: days 0 (Sunday) to 6, from/to on the half hour. Empty: no visits offered',
      error: `windows must be at most ${MAX_VISIT_WINDOWS} visiting times, each with days 0–6 and times such as 18:00 and 20:30`,
    }),
  },
  { additionalProperties: false },
);

export const BookBody = t.Object(
  {
    conversationId: t.String({
      pattern: ID_PATTERN,
      description: 'Your conversation about the property',
      error: 'conversationId must be a conversation id',
    }),
    start: Start,
  },
  { additionalProperties: false },
);

export const RescheduleBody = t.Object(
  { start: Start, reason: Reason },
  { additionalProperties: false },
);
export const CancelBody = t.Object({ reason: Reason }, { additionalProperties: false });
