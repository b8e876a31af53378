import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Meilisearch } from 'meilisearch';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { postgresReadModels } from '../registry.ts';
import { createMeili } from '../queries/meili.ts';
import { ownerListings } from '../queries/listingQueries.ts';
import { searchInMeili } from '../queries/searchInMeili.ts';
import { createSearchProjection } from '../search/searchProjection.ts';
import type { Projection } from './projection.ts';
import { rebuildProjections, type RebuildProgress } from './rebuild.ts';
import { LISTING_READ_MODEL } from '../readModels/listingReadModel.ts';
import { PUBLIC_LISTING_MODEL } from '../readModels/publicListingModel.ts';
import { RENT_TRENDS } from '../readModels/rentTrends.ts';

let db: TestDatabase;
let store: EventStore;
let meili: Meilisearch;
let readSide: ReturnType<typeof startReadSide>;
const index = `listings_rb_${randomBytes(4).toString('hex')}`;
const owners = ['owner-a', 'owner-b', 'owner-c'];
let created = 0;

let delisted = 0;

/** Creates listings (unless `only`: every fifth one then delisted, every third one revised), as owners would. */
const createListings = async (n: number, only?: 'creations') => {
  for (let i = 0; i < n; i++) {
    const id = `rb-${created++}`;
    const ownerId = owners[created % owners.length]!;
    await appendListingEvents(store, id, [listingCreated(id, { ownerId })], ownerId);
    if (only) continue;
    if (created % 3 === 0)
      await appendListingEvents(
        store,
        id,
        [
          {
            type: 'ListingDetailsRevised',
            data: { listingId: id, at: nextTime(), title: `Flat ${id}` },
          },
        ],
        ownerId,
      );
    if (created % 5 === 0 && ++delisted)
      await appendListingEvents(
        store,
        id,
        [{ type: 'ListingDelisted', data: { listingId: id, at: nextTime(), city: 'Pune' } }],
        ownerId,
      );
  }
};

const READ_MODEL_TABLES = [
  'listing_read',
  'listing_public',
  'owner_listing_stats',
  'owner_listing_membership',
];

/** Every row of every read model table as text, in a fixed order: a dump to compare byte for byte. */
const dump = async () =>
  Object.fromEntries(
    await Promise.all(
      READ_MODEL_TABLES.map(async (t) => [
        t,
        // As jsonb: a `json` document compares by value (the live rows were patched through jsonb).
        (
          await db.sql.unsafe<{ row: string }[]>(
            `SELECT to_jsonb(r)::text AS row FROM ${t} r ORDER BY 1`,
          )
        ).map((r) => r.row),
      ]),
    ),
  ) as Record<string, string[]>;

/** The tables' shape as migrations see it: index names and definitions, triggers (0101's NOTIFY). */
const schemaShape = async () => ({
  indexes: await db.sql`SELECT tablename, indexname, indexdef FROM pg_indexes
         WHERE tablename = ANY(${READ_MODEL_TABLES}) ORDER BY tablename, indexname`,
  triggers: await db.sql`SELECT tgrelid::regclass::text AS table, pg_get_triggerdef(oid) AS def
         FROM pg_trigger WHERE tgrelid::regclass::text = ANY(${READ_MODEL_TABLES}) AND NOT tgisinternal
         ORDER BY 1, 2`,
});

const leftovers = async () =>
  (
    await db.sql<{ nspname: string }[]>`
      SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%'`
  ).map((r) => r.nspname);

/** What readers see, by every path they read: tables, owner pages, search. */
const read = async () => {
  const [counts] = await db.sql<{ full: number; public: number; stats: number; members: number }[]>`
    SELECT (SELECT count(*) FROM listing_read)::int AS full,
           (SELECT count(*) FROM listing_public)::int AS public,
           (SELECT coalesce(sum(total), 0) FROM owner_listing_stats)::int AS stats,
           (SELECT count(*) FROM owner_listing_membership)::int AS members`;
  const mine = (await ownerListings(db.sql, 'owner-a')).length;
  const search = (await searchInMeili(meili, 'full', { sort: 'newest', page: 1, limit: 1 }, index))
    .total;
  return { ...counts!, mine, search };
};

const projectionsToRebuild = (): Projection[] => [
  ...postgresReadModels,
  createSearchProjection(() => ({ sql: db.sql, meili, index })),
];

/**
 * As `projections:rebuild -- --all` does: the Postgres read models in one pass over the log, then the search
 * index. `onStep` hears every progress report and every step of the rebuild's log (fill, indexes, swap).
 */
const rebuildAll = async (progress: RebuildProgress[] = [], onStep = () => {}) => {
  const [tables, external] = [
    projectionsToRebuild().filter((p) => p.kind === 'sql'),
    projectionsToRebuild().filter((p) => p.kind === 'external'),
  ];
  const options = { log: onStep };
  const report = (p: RebuildProgress) => {
    progress.push(p);
    onStep();
  };
  // Small batches for the tables, so that their rebuild spans many batches (and the readers' loop).
  await rebuildProjections(db.sql, tables, report, { ...options, batchSize: 40 });
  await rebuildProjections(db.sql, external, report, { ...options, batchSize: 2000 });
};

/**
 * Resolves at the rebuild's next step. Writes paced by it land in every phase of the rebuild, while their
 * number stays proportional to its steps: an unpaced writer outruns the copies' catch-up on a fast machine
 * (thousands of listings, minutes of chasing the head of the log).
 */
const steps = () => {
  let next = Promise.withResolvers<void>();
  return {
    step: () => next.resolve(),
    next: async () => {
      await next.promise;
      next = Promise.withResolvers<void>();
    },
  };
};

beforeAll(async () => {
  db = await testDatabase({ max: 30 });
  store = createEventStore(db.sql);
  meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
  readSide = startReadSide(db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  await createListings(150);
  await readSide.caughtUp();
});

afterAll(async () => {
  await readSide.stop();
  await db.drop();
});

describe('projections:rebuild while the read side runs', () => {
  it('finishes on an idle stack, with byte-identical read models and the same indexes', async () => {
    const before = await dump();
    const shape = await schemaShape();
    expect(shape.triggers).not.toEqual([]);
    expect(before.listing_read).toHaveLength(150);
    const progress: RebuildProgress[] = [];
    const swapped: string[] = [];
    const listening = await db.sql.listen('read_model_swapped', (table) => swapped.push(table));
    // No write happens from here on: the rebuild must make progress by itself.
    await rebuildAll(progress);
    await listening.unlisten();
    expect(await dump()).toEqual(before);
    expect(await schemaShape()).toEqual(shape);
    // Web processes that keep documents in memory hear of the swap (documentCache.ts).
    expect(swapped).toContain('listing_read');
    expect(await leftovers()).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ unit: 'events' });
    // The read models that fold listing streams were filled together from the streams, the others in one
    // pass over the log.
    const folding = postgresReadModels.filter((p) => p.kind === 'sql' && p.foldStreams);
    expect(folding.map((p) => p.name)).toEqual([
      LISTING_READ_MODEL,
      PUBLIC_LISTING_MODEL,
      RENT_TRENDS,
    ]);
    expect(
      new Set(progress.filter((p) => p.of.includes(' + ')).map((p) => `${p.of} (${p.unit})`)),
    ).toEqual(
      new Set([
        `${folding.map((p) => p.name).join(' + ')} (listings)`,
        `${postgresReadModels
          .filter((p) => !(p.kind === 'sql' && p.foldStreams))
          .map((p) => p.name)
          .join(' + ')} (events)`,
      ]),
    );
    expect(progress.at(-1)!.applied).toBe(progress.at(-1)!.total);
    const checkpoints = await db.sql<{ name: string }[]>`SELECT name FROM projection_checkpoints`;
    expect(checkpoints.map((c) => c.name).filter((n) => n.endsWith('~rebuild'))).toEqual([]);
  });

  it('never shows readers an empty or partial model, and keeps the writes made during the rebuild', async () => {
    const seen: Awaited<ReturnType<typeof read>>[] = [await read()];
    let rebuilding = true;
    const pace = steps();
    const reader = (async () => {
      while (rebuilding) seen.push(await read());
    })();
    let rounds = 0;
    const writes = (async () => {
      // A few writes while the copies are being filled, indexed and swapped, then a few after.
      while (rebuilding || rounds < 3) {
        if (rebuilding) await pace.next();
        // Creations only, so that every count readers see can only grow.
        await createListings(2, 'creations');
        rounds++;
      }
    })();
    try {
      await rebuildAll([], pace.step);
    } finally {
      rebuilding = false;
      pace.step();
      await Promise.all([reader, writes]);
    }
    expect(rounds).toBeGreaterThan(10);
    await readSide.caughtUp();
    seen.push(await read());

    for (const key of ['full', 'public', 'stats', 'members', 'mine', 'search'] as const)
      for (let i = 1; i < seen.length; i++)
        expect(seen[i]![key], `${key} at read ${i} of ${seen.length}`).toBeGreaterThanOrEqual(
          seen[i - 1]![key],
        );
    const final = seen.at(-1)!;
    expect(seen.length).toBeGreaterThan(2);
    expect(final.full).toBe(created);
    expect(final.members).toBe(created);
    expect(final.stats).toBe(created);
    expect(final.public).toBe(created);
    expect(final.search).toBe(created - delisted);
    // The models the live projectors keep from here on match a rebuild from zero.
    const live = await dump();
    await rebuildAll();
    expect(await dump()).toEqual(live);
    // Two full rebuilds, the first with writes arriving all along: on a loaded 2-core machine this takes longer
    // than the default minute.
  }, 240_000);
});
