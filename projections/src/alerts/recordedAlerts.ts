import type { Sql } from 'postgres';
import { startProjection } from '../runner/runner.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { ALERTS_PROJECTION } from './alertsProjection.ts';

/**
 * The alerts projection's records a row per (search, listing), as the
 * compact tables hold them unnested (a row per listing with its matched
 * searches, a row per listing event with the searches it newly matched):
 * for tests and the bench, which count and compare them. Deleted searches'
 * rows are left out, as every reader leaves them out.
 */
export const alertRows = (db: Sql) => db`
  (SELECT a.id, s.search_id, s.user_id, a.listing_id, a.at, n <> ALL(a.quiet_nos) AS notify
   FROM listing_search_alerts a CROSS JOIN unnest(a.search_nos) n
   JOIN saved_search_filters s ON s.search_no = n)`;

/** The (search, listing) pairs that match now. */
export const matchRows = (db: Sql) => db`
  (SELECT s.search_id, m.listing_id
   FROM listing_search_matches m CROSS JOIN unnest(m.search_nos) n
   JOIN saved_search_filters s ON s.search_no = n)`;

/**
 * Empties the alerts model and its checkpoint, catches up from zero with
 * `projection` (one of the model's paths) in batches of `batchSize`, and
 * returns what it recorded (and its listings' rows), in an order that does not depend on the path
 * (alerts of one batch commit together; their ids follow the path), and how
 * many streams it parked.
 */
export const recordFromZero = async (db: Sql, projection: SqlProjection, batchSize: number) => {
  for (const s of projection.reset) await db.unsafe(s.text, s.values as never[]);
  await db`DELETE FROM projection_checkpoints WHERE name = ${ALERTS_PROJECTION}`;
  const runner = startProjection(db, projection, {
    batchSize,
    maxBatchSize: batchSize,
    pollIntervalMs: 5,
  });
  await runner.whenCaughtUp();
  await runner.stop();
  const [{ parked } = { parked: 0 }] = await db<{ parked: number }[]>`
    SELECT count(*)::int AS parked FROM projection_parked_streams`;
  return {
    parked,
    alerts: await db`SELECT search_id, user_id, listing_id, at, notify
                     FROM ${alertRows(db)} a ORDER BY at, listing_id, search_id`,
    matches: await db`SELECT search_id, listing_id FROM ${matchRows(db)} m
                      ORDER BY search_id, listing_id`,
    // The listings' rows, which later events are tested against.
    listings: await db`SELECT * FROM alert_listings ORDER BY id`,
  };
};
