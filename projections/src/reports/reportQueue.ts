import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { isReportEvent, REPORT_EVENT_TYPES } from '@rentals/core/reports/events';
import { INBOX_CHANNEL } from '../queries/conversations.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';
import { reminderNoticeStatements } from '../listingExpiry/reminderNotice.ts';

import { REPORT_QUEUE_READ_MODEL } from '@rentals/core/readSide/names';

export { REPORT_QUEUE_READ_MODEL };

/**
 * The owner's own changes that confirm a 'Possibly rented' listing is still
 * available: an edit or a relist. `ListingAvailabilityConfirmed` (the owner's
 * 'Still available', recorded on the listing stream) ends it too.
 */
const OWNER_CONFIRMATIONS = [
  'ListingDetailsRevised',
  'ListingRentChanged',
  'ListingRelisted',
  'ListingAvailabilityConfirmed',
] as const;

/** What each review decision tells the owner, as the in-app notice's kind. */
const NOTICE_KINDS = {
  ListingFixRequested: 'fix-requested',
  ListingDelistedAfterReview: 'delisted',
  ListingOwnerSuspended: 'suspended',
} as const;

const toStatements = (event: RecordedEvent): Statement[] =>
  event.type === 'ListingExpiryReminded' || event.type === 'ListingExpired'
    ? reminderNoticeStatements(event)
    : [...reportStatements(event), ...reminderNoticeStatements(event)];

/** The brigade's reports leave the open counts (the others stay open); the listing is no longer hidden. */
const brigadeUndone = (reports: { reason: string }[], listingId: string, at: string) => {
  const perReason: Record<string, number> = {};
  for (const { reason } of reports) perReason[reason] = (perReason[reason] ?? 0) + 1;
  return sql`UPDATE report_queue AS q SET
        open_count = greatest(0, q.open_count - ${reports.length}::int),
        open_reasons = (SELECT coalesce(jsonb_object_agg(key, n), '{}') FROM (
          SELECT key, value::int - coalesce((${JSON.stringify(perReason)}::text::jsonb ->> key)::int, 0) AS n
          FROM jsonb_each_text(q.open_reasons)) left_open WHERE n > 0),
        first_open_at = CASE WHEN q.open_count <= ${reports.length}::int THEN NULL ELSE q.first_open_at END,
        hidden = false, last_decision = 'ListingReportBrigadeUndone', last_decided_at = ${at}
      WHERE listing_id = ${listingId}`;
};

const reportStatements = (event: RecordedEvent): Statement[] => {
  if (!isReportEvent(event)) {
    const { listingId } = event.data as { listingId: string };
    return event.type === 'ListingDeleted'
      ? [sql`DELETE FROM report_queue WHERE listing_id = ${listingId}`]
      : [
          sql`UPDATE report_queue SET possibly_rented = false
              WHERE listing_id = ${listingId} AND possibly_rented`,
        ];
  }
  const { listingId, ownerId, at } = event.data;
  switch (event.type) {
    case 'ListingReported': {
      const reason = JSON.stringify({ [event.data.reason]: 1 });
      return [
        sql`INSERT INTO report_queue AS q (listing_id, owner_id, open_count, total_count, open_reasons, first_open_at)
            VALUES (${listingId}, ${ownerId}, 1, 1, ${reason}::text::jsonb, ${at})
            ON CONFLICT (listing_id) DO UPDATE SET
              open_count = q.open_count + 1,
              total_count = q.total_count + 1,
              open_reasons = q.open_reasons || jsonb_build_object(${event.data.reason}::text,
                coalesce((q.open_reasons ->> ${event.data.reason}::text)::int, 0) + 1),
              first_open_at = coalesce(q.first_open_at, excluded.first_open_at)`,
      ];
    }
    case 'ListingMarkedPossiblyRented':
      return [sql`UPDATE report_queue SET possibly_rented = true WHERE listing_id = ${listingId}`];
    case 'ListingHiddenPendingReview':
      return [sql`UPDATE report_queue SET hidden = true WHERE listing_id = ${listingId}`];
    case 'ListingReportBrigadeUndone':
      return [brigadeUndone(event.data.reports, listingId, at)];
    case 'ListingReportsDismissed':
    case 'ListingFixRequested':
    case 'ListingDelistedAfterReview':
    case 'ListingOwnerSuspended': {
      const close = sql`UPDATE report_queue SET open_count = 0, open_reasons = '{}', first_open_at = NULL,
            hidden = false, possibly_rented = possibly_rented AND ${event.type !== 'ListingReportsDismissed'}::boolean,
            last_decision = ${event.type}, last_decided_at = ${at}
          WHERE listing_id = ${listingId}`;
      if (event.type === 'ListingReportsDismissed') return [close];
      return [
        close,
        sql`INSERT INTO owner_notices (id, user_id, kind, listing_id, reason, at)
            VALUES (${`${event.streamId}/${event.streamVersion}`}, ${ownerId}, ${NOTICE_KINDS[event.type]},
              ${listingId}, ${event.data.reason}, ${at})
            ON CONFLICT (id) DO NOTHING`,
        // The owner's open streams show the notice in the header's bell at once (api/src/conversations).
        sql`SELECT pg_notify(${INBOX_CHANNEL}, ${ownerId})`,
      ];
    }
  }
};

/**
 * The admin review queue and the owners' notices, from the report events
 * (core/src/reports). A listing stays a row once reported, so its counts
 * survive a review; its open reports are what the queue shows. 'Possibly
 * rented' ends with the owner's confirmation or a dismissal.
 */
export const reportQueueReadModel: SqlProjection = {
  kind: 'sql',
  name: REPORT_QUEUE_READ_MODEL,
  canHandle: [
    ...REPORT_EVENT_TYPES,
    ...OWNER_CONFIRMATIONS,
    'ListingDeleted',
    // The day-25 reminder's owner notice (listingExpiry/reminderNotice.ts).
    'ListingExpiryReminded',
    'ListingExpired',
  ],
  evolve: toStatements,
  reset: [sql`TRUNCATE report_queue`, sql`TRUNCATE owner_notices`],
  tables: ['report_queue', 'owner_notices'],
};
