import type { Sql } from 'postgres';
import type { SqlProjection } from '../projection.ts';
import { sql } from '../statement.ts';

/**
 * A projection for runner tests: one row per applied event (duplicates would
 * show as repeated positions; `seq` is the order they were applied in) and a
 * per-stream counter. `slowMs` makes every event take time so a test can kill
 * the runner in the middle of a batch. A `Poison` event, or any event with
 * `data.poison`, cannot be applied (division by zero), like an event written
 * by hand that the read model's SQL refuses.
 */
export const seenProjection = (name = 'seen', slowMs = 0): SqlProjection => ({
  kind: 'sql',
  name,
  canHandle: ['Tick', 'Poison'],
  evolve: (event) => [
    ...(slowMs > 0 ? [sql`SELECT pg_sleep(${slowMs / 1000})`] : []),
    ...(event.type === 'Poison' || (event.data as { poison?: unknown } | null)?.poison === true
      ? [sql`SELECT 1 / 0`]
      : []),
    sql`INSERT INTO seen (projection, position, stream_id) VALUES (${name}, ${event.position}, ${event.streamId})`,
    sql`INSERT INTO seen_counts (projection, stream_id, n) VALUES (${name}, ${event.streamId}, 1)
        ON CONFLICT (projection, stream_id) DO UPDATE SET n = seen_counts.n + 1`,
  ],
  reset: [
    sql`DELETE FROM seen WHERE projection = ${name}`,
    sql`DELETE FROM seen_counts WHERE projection = ${name}`,
  ],
});

export const createSeenTables = (db: Sql) =>
  db.unsafe(`
    CREATE TABLE IF NOT EXISTS seen (projection text NOT NULL, position bigint NOT NULL, stream_id text NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY);
    CREATE TABLE IF NOT EXISTS seen_counts (projection text NOT NULL, stream_id text NOT NULL, n int NOT NULL,
      PRIMARY KEY (projection, stream_id));`);
