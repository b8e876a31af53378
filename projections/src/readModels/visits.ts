import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { VISITS_READ_MODEL } from '@rentals/core/readSide/names';
import { isVisitEvent, VISIT_EVENT_TYPES, type VisitEvent } from '@rentals/core/visits/events';
import { INBOX_CHANNEL } from '../queries/conversations.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';

export { VISITS_READ_MODEL };

/** Wakes both sides' live streams (the bell lists the visit's change: queries/notificationQueries.ts). */
const wakeBoth = (visitId: string): Statement =>
  sql`SELECT pg_notify(${INBOX_CHANNEL}, owner_id), pg_notify(${INBOX_CHANNEL}, tenant_id)
      FROM visits WHERE visit_id = ${visitId}`;

const toStatements = (recorded: RecordedEvent): Statement[] => {
  if (!isVisitEvent(recorded)) return [];
  const event = recorded as unknown as VisitEvent;
  switch (event.type) {
    case 'VisitWindowsSet': {
      const d = event.data;
      return [
        sql`INSERT INTO visit_schedules (listing_id, owner_id, windows, updated_at)
            VALUES (${d.listingId}, ${d.ownerId}, ${JSON.stringify(d.windows)}::text::jsonb, ${d.at})
            ON CONFLICT (listing_id) DO UPDATE
              SET owner_id = EXCLUDED.owner_id, windows = EXCLUDED.windows, updated_at = EXCLUDED.updated_at`,
      ];
    }
    case 'VisitBooked': {
      const d = event.data;
      return [
        sql`INSERT INTO visits (visit_id, listing_id, conversation_id, tenant_id, owner_id, start_at,
              status, booked_at, updated_at)
            VALUES (${d.visitId}, ${d.listingId}, ${d.conversationId}, ${d.tenantId}, ${d.ownerId},
              ${d.start}, 'booked', ${d.at}, ${d.at})
            ON CONFLICT (visit_id) DO NOTHING`,
        wakeBoth(d.visitId),
      ];
    }
    case 'VisitRescheduled': {
      const d = event.data;
      return [
        sql`UPDATE visits SET start_at = ${d.start}, previous_start = ${d.previousStart},
              changed_by = ${d.byUserId}, reason = ${d.reason}, sequence = sequence + 1,
              updated_at = ${d.at}
            WHERE visit_id = ${d.visitId}`,
        wakeBoth(d.visitId),
      ];
    }
    case 'VisitCancelled': {
      const d = event.data;
      return [
        sql`UPDATE visits SET status = 'cancelled', changed_by = ${d.byUserId}, reason = ${d.reason},
              sequence = sequence + 1, updated_at = ${d.at}
            WHERE visit_id = ${d.visitId}`,
        wakeBoth(d.visitId),
      ];
    }
    case 'VisitNoShowMarked':
      return [
        sql`UPDATE visits SET status = 'noShow', updated_at = ${event.data.at}
            WHERE visit_id = ${event.data.visitId}`,
      ];
  }
};

/** Every listing's visiting hours and the visits booked on them (core/src/visits). */
export const visitsReadModel: SqlProjection = {
  kind: 'sql',
  name: VISITS_READ_MODEL,
  canHandle: [...VISIT_EVENT_TYPES],
  evolve: toStatements,
  reset: [sql`TRUNCATE visit_schedules`, sql`TRUNCATE visits`],
  tables: ['visit_schedules', 'visits'],
};
