import type { Sql } from 'postgres';
import type { Logger } from '../shared/logger.ts';

/**
 * View counters (DESIGN §4: counters, not events). Views are buffered in
 * memory and written in one statement per flush; each viewer counts once per
 * listing (a row in listing_viewers), across flushes and processes.
 */
export const createViewCounter = (db: Sql, log: Logger, flushMs = 1000) => {
  let pending = new Map<string, { listingId: string; viewer: string }>();

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await db`
        WITH input AS (
          SELECT * FROM unnest(${batch.map((v) => v.listingId)}::text[], ${batch.map((v) => v.viewer)}::text[])
            AS t(listing_id, viewer)),
        fresh AS (
          INSERT INTO listing_viewers (listing_id, viewer) SELECT listing_id, viewer FROM input
          ON CONFLICT DO NOTHING RETURNING listing_id)
        INSERT INTO listing_view_counts AS c (listing_id, views)
        SELECT listing_id, count(*) FROM fresh GROUP BY listing_id
        ON CONFLICT (listing_id) DO UPDATE SET views = c.views + excluded.views`;
    } catch (error) {
      log.warn('view counter flush failed; views of this batch are lost', {
        views: batch.length,
        error: (error as Error).message,
      });
    }
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** Counts a view later (batched). The same viewer twice in one batch is one entry. */
    record: (listingId: string, viewer: string) => {
      pending.set(`${listingId}\u0000${viewer}`, { listingId, viewer });
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};

export type ViewCounter = ReturnType<typeof createViewCounter>;
