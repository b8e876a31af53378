import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import type { SqlProjection } from './projection.ts';
import { rebuildProjection, rebuildProjections, type RebuildProgress } from './rebuild.ts';
import { startProjection } from './runner.ts';
import { sql } from './statement.ts';

let db: TestDatabase;
let store: EventStore;

const TYPES = ['ListingCreated', 'ListingDelisted', 'ListingRelisted'];
type Data = { listingId: string; ownerId?: string };

/**
 * Notes which indexes the tables being written have at that moment: a
 * rebuild's statements run with the copies' schema first on the search_path.
 */
const noteIndexes = sql`INSERT INTO pass_indexes_seen (schema_name, index_name)
  SELECT schemaname, tablename || ': ' || indexname FROM pg_indexes WHERE schemaname = current_schema()
  ON CONFLICT DO NOTHING`;

/** Per listing: its delist/relist moves. It cannot apply the delisting of a listing whose id starts with "bad". */
const moves: SqlProjection = {
  kind: 'sql',
  name: 'pass-moves',
  canHandle: TYPES,
  evolve: (event) => {
    const { listingId } = event.data as Data;
    if (event.type === 'ListingCreated')
      return [
        sql`INSERT INTO pass_moves (listing_id, moves) VALUES (${listingId}, 0)`,
        noteIndexes,
      ];
    return [
      ...(event.type === 'ListingDelisted' && listingId.startsWith('bad')
        ? [sql`SELECT 1 / 0`]
        : []),
      sql`UPDATE pass_moves SET moves = moves + 1 WHERE listing_id = ${listingId}`,
    ];
  },
  reset: [sql`TRUNCATE pass_moves`],
  tables: ['pass_moves'],
};

/** Per owner: listings created and listed, in two tables; one with a set-based batch path. */
const owners: SqlProjection = {
  kind: 'sql',
  name: 'pass-owners',
  canHandle: TYPES,
  evolve: (event) => {
    const { listingId, ownerId } = event.data as Data;
    if (event.type === 'ListingCreated')
      return [
        sql`INSERT INTO pass_owner_of (listing_id, owner_id) VALUES (${listingId}, ${ownerId})`,
        sql`INSERT INTO pass_owners (owner_id, listed) VALUES (${ownerId}, 1)
            ON CONFLICT (owner_id) DO UPDATE SET listed = pass_owners.listed + 1`,
        noteIndexes,
      ];
    return [
      sql`UPDATE pass_owners o SET listed = o.listed + ${event.type === 'ListingRelisted' ? 1 : -1}::int
          FROM pass_owner_of m WHERE m.listing_id = ${listingId} AND o.owner_id = m.owner_id`,
    ];
  },
  reset: [sql`TRUNCATE pass_owners`, sql`TRUNCATE pass_owner_of`],
  tables: ['pass_owners', 'pass_owner_of'],
};

const TABLES = ['pass_moves', 'pass_owners', 'pass_owner_of'];

const rows = async (table: string) =>
  (await db.sql.unsafe<{ row: string }[]>(`SELECT r::text AS row FROM ${table} r ORDER BY 1`)).map(
    (r) => r.row,
  );

const dump = async () => ({
  moves: await rows('pass_moves'),
  owners: await rows('pass_owners'),
  ownerOf: await rows('pass_owner_of'),
});

const parked = (projection: string) =>
  db.sql<
    { stream_id: string; position: number; event_type: string; error: string }[]
  >`SELECT stream_id, position, event_type, error FROM projection_parked_streams
         WHERE projection = ${projection} ORDER BY stream_id`;
const held = async (projection: string) =>
  (
    await db.sql<{ position: number }[]>`
      SELECT position FROM projection_parked_events WHERE projection = ${projection} ORDER BY position`
  ).map((r) => r.position);

const liveIndexes = () =>
  db.sql`SELECT tablename, indexname, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND tablename = ANY(${TABLES}) ORDER BY tablename, indexname`;

/** The indexes the copies had while they were filled from the log (schemas rebuild_…). */
const indexesDuringFill = async () =>
  (
    await db.sql<{ index_name: string }[]>`
      SELECT DISTINCT index_name FROM pass_indexes_seen WHERE schema_name LIKE 'rebuild\\_%' ORDER BY 1`
  ).map((r) => r.index_name);

/** Storage parameters and how many pages the visibility map marks all-visible, per live table. */
const storage = () =>
  db.sql<
    {
      relname: string;
      reloptions: string[] | null;
      relpersistence: string;
      relpages: number;
      relallvisible: number;
    }[]
  >`
    SELECT c.relname, c.reloptions, c.relpersistence::text AS relpersistence, c.relpages, c.relallvisible
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relname = ANY(${TABLES}) ORDER BY c.relname`;

const state = async () => ({
  tables: await dump(),
  moves: { parked: await parked('pass-moves'), held: await held('pass-moves') },
  owners: { parked: await parked('pass-owners'), held: await held('pass-owners') },
});

beforeAll(async () => {
  db = await testDatabase({ max: 20 });
  store = createEventStore(db.sql);
  await db.sql.unsafe(`
    CREATE TABLE pass_moves (listing_id text PRIMARY KEY, moves int NOT NULL);
    CREATE INDEX pass_moves_most ON pass_moves (moves DESC, listing_id) WHERE moves > 0;
    CREATE TABLE pass_owners (owner_id text PRIMARY KEY, listed int NOT NULL);
    CREATE UNIQUE INDEX pass_owners_folded ON pass_owners (lower(owner_id));
    CREATE INDEX pass_owners_listed ON pass_owners (listed);
    CREATE TABLE pass_owner_of (listing_id text NOT NULL, owner_id text NOT NULL,
      CONSTRAINT pass_owner_of_listing UNIQUE (listing_id));
    CREATE INDEX pass_owner_of_owner ON pass_owner_of (owner_id);
    ALTER TABLE pass_moves SET (autovacuum_vacuum_scale_factor = 0.005);
    CREATE TABLE pass_indexes_seen (schema_name text, index_name text, PRIMARY KEY (schema_name, index_name));`);
  for (let i = 0; i < 30; i++) {
    const id = i % 10 === 7 ? `bad-${i}` : `ok-${i}`;
    await appendListingEvents(store, id, [listingCreated(id, { ownerId: `owner-${i % 4}` })]);
    if (i % 3 === 1)
      await appendListingEvents(store, id, [
        { type: 'ListingDelisted', data: { listingId: id, at: nextTime(), city: 'Pune' } },
        { type: 'ListingRelisted', data: { listingId: id, at: nextTime(), city: 'Pune' } },
      ]);
  }
  // The live models, event by event as they ran: the bad listings' streams parked in `moves` only.
  for (const p of [moves, owners]) {
    const runner = startProjection(db.sql, p, { batchSize: 1, pollIntervalMs: 5, maxRetries: 1 });
    await runner.whenCaughtUp(30_000);
    await runner.stop();
  }
});

afterAll(() => db.drop());

describe('rebuilding several read models in one pass over the log', () => {
  it('gives each the model, parked streams and indexes it has when rebuilt alone or run live', async () => {
    const live = await state();
    const indexes = await liveIndexes();
    expect(live.moves.parked.map((p) => p.stream_id)).toEqual(['listing-bad-7']);
    expect(live.owners.parked).toEqual([]);

    const progress: RebuildProgress[] = [];
    const results = await rebuildProjections(db.sql, [moves, owners], (p) => progress.push(p), {
      batchSize: 7,
    });

    expect(await state()).toEqual(live);
    expect(await liveIndexes()).toEqual(indexes);
    expect(results.get('pass-moves')).toEqual({ parked: 1 });
    expect(results.get('pass-owners')).toEqual({ parked: 0 });
    // One pass: one series of progress for both models, to the end of the log.
    expect(new Set(progress.map((p) => p.of))).toEqual(new Set(['pass-moves + pass-owners']));
    expect(progress.at(-1)!.applied).toBe(progress.at(-1)!.total);
    // Filled with the keys and unique indexes the upserts need, and none of the others.
    expect(await indexesDuringFill()).toEqual([
      'pass_moves: pass_moves_pkey',
      'pass_owner_of: pass_owner_of_listing',
      'pass_owners: pass_owners_folded',
      'pass_owners: pass_owners_pkey',
    ]);
    // The live tables' storage parameters survive the swap (the read models' autovacuum settings,
    // migration 0125), and the copies arrive vacuumed: every page all-visible, for index-only scans.
    const after = await storage();
    expect(after.map((t) => [t.relname, t.reloptions])).toEqual([
      ['pass_moves', ['autovacuum_vacuum_scale_factor=0.005']],
      ['pass_owner_of', null],
      ['pass_owners', null],
    ]);
    for (const t of after) expect([t.relname, t.relallvisible]).toEqual([t.relname, t.relpages]);
    // Ordinary (logged) tables, filled and swapped in as such.
    expect(after.map((t) => t.relpersistence)).toEqual(['p', 'p', 'p']);
    expect(after.every((t) => t.relpages > 0)).toBe(true);
    const leftovers = await db.sql`
      SELECT name FROM projection_checkpoints WHERE name LIKE '%~rebuild'
      UNION ALL SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%'`;
    expect(leftovers).toEqual([]);
  });

  it('rebuilds one of them alone to the same model', async () => {
    const live = await state();
    await rebuildProjection(db.sql, owners, () => {}, { batchSize: 5 });
    await rebuildProjection(db.sql, moves, () => {}, { batchSize: 5 });
    expect(await state()).toEqual(live);
  });
});
