import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import type { SqlProjection } from './projection.ts';
import { rebuildProjection } from './rebuild.ts';
import { sql } from './statement.ts';
import { streamFold } from './streamFold.ts';

let db: TestDatabase;

/** More rows than one COPY of a fold's finish takes (50,000), in two tables: three chunks of two COPYs each. */
const FINISHED_ROWS = 120_001;
const LISTINGS = ['fill-a', 'fill-b', 'fill-c'];

/**
 * A fold with a `finish` as large as rent trends' on the 200k seed (their
 * months and medians): every row of the fill, its finish included, goes
 * through the one connection of the fill's transaction.
 */
const model: SqlProjection = {
  kind: 'sql',
  name: 'fill-test',
  canHandle: ['ListingCreated'],
  evolve: (event) => [
    sql`INSERT INTO fill_listings (id) VALUES (${(event.data as { listingId: string }).listingId})`,
  ],
  reset: [sql`TRUNCATE fill_listings, fill_numbers, fill_squares`],
  tables: ['fill_listings', 'fill_numbers', 'fill_squares'],
  foldStreams: streamFold({
    streamType: LISTING_STREAM_TYPE,
    eventTypes: ['ListingCreated'],
    columns: { fill_listings: ['id'], fill_numbers: ['n'], fill_squares: ['n', 'square'] },
    fold: (events) => (events[0]!.data as { listingId: string }).listingId,
    rows: (_db, ids) => ({ fill_listings: ids.map((id) => [id]) }),
    finish: () => {
      const numbers = Array.from({ length: FINISHED_ROWS }, (_, i) => [i]);
      return {
        rows: { fill_numbers: numbers, fill_squares: numbers.map(([n]) => [n, n! * n!]) },
        statements: [sql`UPDATE fill_numbers SET n = -n WHERE n = 0`],
      };
    },
  }),
};

beforeAll(async () => {
  db = await testDatabase();
  await db.sql.unsafe(`
    CREATE TABLE fill_listings (id text PRIMARY KEY);
    CREATE TABLE fill_numbers (n int NOT NULL);
    CREATE TABLE fill_squares (n int PRIMARY KEY, square bigint NOT NULL);`);
  const store = createEventStore(db.sql);
  for (const id of LISTINGS) await appendListingEvents(store, id, [listingCreated(id)]);
});
afterAll(() => db.drop());

describe('a fold filled from the listing streams', () => {
  it("writes a finish of several COPYs per table, one after another on the fill's transaction", async () => {
    await rebuildProjection(db.sql, model);
    const listings = await db.sql<{ id: string }[]>`SELECT id FROM fill_listings ORDER BY id`;
    expect(listings.map((r) => r.id)).toEqual(LISTINGS);
    const [numbers] = await db.sql<{ rows: number; sum: string }[]>`
      SELECT count(*)::int AS rows, sum(n)::text AS sum FROM fill_numbers`;
    expect(numbers).toEqual({
      rows: FINISHED_ROWS,
      sum: String((FINISHED_ROWS * (FINISHED_ROWS - 1)) / 2),
    });
    const [squares] = await db.sql<{ rows: number; last: string }[]>`
      SELECT count(*)::int AS rows, max(square)::text AS last FROM fill_squares`;
    expect(squares).toEqual({ rows: FINISHED_ROWS, last: String((FINISHED_ROWS - 1) ** 2) });
  });
});
