import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { listingCreated } from '@rentals/testing/listingFixtures';
import { appEventRegistry } from '../eventRegistry.ts';
import { ownFacilities } from '../listings/facilityTerms.ts';
import { noFacilities } from '../listings/listing.ts';
import { ConcurrencyError } from '../errors.ts';
import { createEventStore, type EventStore } from './eventStore.ts';
import { createEventRegistry, InvalidEventError } from './registry.ts';
import { START } from './types.ts';

let db: TestDatabase;
let store: EventStore;

/**
 * This file's own event types. `Renamed` is at version 2: its data was
 * `{old}` in version 1 and is `{name}` now.
 */
const registry = createEventRegistry({
  Tick: { schema: Type.Object({ n: Type.Integer({ minimum: 0 }) }), version: 1 },
  Renamed: {
    schema: Type.Object({ name: Type.String() }, { additionalProperties: false }),
    version: 2,
    upcasters: { 1: ({ old, ...rest }) => ({ ...rest, name: old }) },
  },
});

beforeAll(async () => {
  db = await testDatabase({ max: 40 });
  store = createEventStore(db.sql, registry);
});
afterAll(() => db.drop());

const tick = (n: number) => ({ type: 'Tick', data: { n } });

describe('event store', () => {
  it('appends events to a new stream and reads them back in order with their metadata', async () => {
    const result = await store.append('s-1', 'test', 0, [tick(1), tick(2)], { userId: 'u-1' });
    expect(result.nextVersion).toBe(2);
    const { version, events } = await store.readStream('s-1');
    expect(version).toBe(2);
    expect(events.map((e) => [e.type, e.data.n, e.streamVersion])).toEqual([
      ['Tick', 1, 1],
      ['Tick', 2, 2],
    ]);
    expect(events[0]!.metadata).toEqual({ userId: 'u-1', schemaVersion: 1 });
    expect(events[1]!.position).toBe(result.lastPosition);
  });

  it('rejects an append whose expected version is stale, and one that expects a new stream that exists', async () => {
    await store.append('s-2', 'test', 0, [tick(1)]);
    await expect(store.append('s-2', 'test', 0, [tick(2)])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await store.append('s-2', 'test', 1, [tick(2)]);
    const stale = store.append('s-2', 'test', 1, [tick(3)]);
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ status: 409 });
    expect((await store.readStream('s-2')).version).toBe(2);
  });

  it('lets exactly one of many concurrent appends with the same expected version win, for every version', async () => {
    const writers = 12;
    const rounds = 8;
    await store.append('race', 'test', 0, [tick(0)]);
    for (let version = 1; version <= rounds; version++) {
      const results = await Promise.allSettled(
        Array.from({ length: writers }, (_, w) => store.append('race', 'test', version, [tick(w)])),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(writers - 1);
      for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    }
    const { version, events } = await store.readStream('race');
    expect(version).toBe(rounds + 1);
    expect(events.map((e) => e.streamVersion)).toEqual(
      Array.from({ length: rounds + 1 }, (_, i) => i + 1),
    );
  });

  it('does not let readers see an event whose transaction is still open, nor anything after it', async () => {
    const slow = await db.sql.reserve();
    try {
      await slow.unsafe('BEGIN');
      await slow`SELECT * FROM append_events('slow', 'test', 0, ARRAY['Tick'], ARRAY['{"n":1}'::jsonb], ARRAY['{}'::jsonb])`;
      const fast = await store.append('fast', 'test', 0, [tick(2)]);
      const visible = await store.readAll(START, 10_000);
      expect(visible.some((e) => e.streamId === 'fast' || e.streamId === 'slow')).toBe(false);
      await slow.unsafe('COMMIT');
      const after = await store.readAll(START, 10_000);
      const slowEvent = after.find((e) => e.streamId === 'slow')!;
      const fastEvent = after.find((e) => e.streamId === 'fast')!;
      // The open transaction took the lower position and committed later; it is read first.
      expect(slowEvent.position).toBeLessThan(fast.lastPosition);
      expect(after.indexOf(slowEvent)).toBeLessThan(after.indexOf(fastEvent));
    } finally {
      slow.release();
    }
  });

  it("does not wait for a projection's open transaction, which cannot append", async () => {
    const projection = await db.sql.reserve();
    try {
      await projection.unsafe('BEGIN');
      await projection`SELECT mark_projection_transaction()`;
      // A write gives it a transaction id, older than the event appended next.
      await projection`CREATE TEMPORARY TABLE projection_write (n int) ON COMMIT DROP`;
      await projection`INSERT INTO projection_write VALUES (1)`;
      const [own] = await projection<{ id: string }[]>`SELECT pg_current_xact_id()::text AS id`;
      const after = await store.append('after-projection', 'test', 0, [tick(1)]);
      expect(BigInt(after.transactionId)).toBeGreaterThan(BigInt(own!.id));
      const visible = await store.readAll(START, 10_000);
      expect(visible.some((e) => e.streamId === 'after-projection')).toBe(true);
      // And it cannot append: an event of its own would land behind what readers already passed.
      await expect(
        projection`SELECT * FROM append_events('from-projection', 'test', 0, ARRAY['Tick'], ARRAY['{"n":1}'::jsonb], ARRAY['{}'::jsonb])`,
      ).rejects.toThrow(/a projection transaction cannot append events/);
    } finally {
      await projection.unsafe('ROLLBACK');
      projection.release();
    }
    // The mark ends with its transaction: the same connection appends again afterwards.
    await expect(
      db.sql`SELECT * FROM append_events('after-mark', 'test', 0, ARRAY['Tick'], ARRAY['{"n":1}'::jsonb], ARRAY['{}'::jsonb])`,
    ).resolves.toHaveLength(1);
  });

  it('still waits for an unmarked writer while a projection transaction is open too', async () => {
    const writer = await db.sql.reserve();
    const projection = await db.sql.reserve();
    try {
      // A writer that has not appended yet may still append: readers stop at it.
      await writer.unsafe('BEGIN');
      await writer`CREATE TEMPORARY TABLE plain_write (n int) ON COMMIT DROP`;
      await writer`INSERT INTO plain_write VALUES (1)`;
      // A projection transaction opened meanwhile does not lift that.
      await projection.unsafe('BEGIN');
      await projection`SELECT mark_projection_transaction()`;
      await projection`CREATE TEMPORARY TABLE marked_write (n int) ON COMMIT DROP`;
      await projection`INSERT INTO marked_write VALUES (1)`;
      await store.append('behind-writer', 'test', 0, [tick(1)]);
      expect((await store.readAll(START, 10_000)).some((e) => e.streamId === 'behind-writer')).toBe(
        false,
      );
      await writer`SELECT * FROM append_events('writer-late', 'test', 0, ARRAY['Tick'], ARRAY['{"n":1}'::jsonb], ARRAY['{}'::jsonb])`;
      await writer.unsafe('COMMIT');
      const read = await store.readAll(START, 10_000);
      const late = read.findIndex((e) => e.streamId === 'writer-late');
      const behind = read.findIndex((e) => e.streamId === 'behind-writer');
      // The late writer's event comes first (its transaction is older), and nothing was skipped.
      expect(late).toBeGreaterThanOrEqual(0);
      expect(behind).toBeGreaterThan(late);
    } finally {
      await writer.unsafe('ROLLBACK').catch(() => undefined);
      await projection.unsafe('ROLLBACK');
      writer.release();
      projection.release();
    }
  });

  it('refuses an unknown type and data that does not match, before taking a position', async () => {
    const before = await store.append('checked', 'test', 0, [tick(1)]);
    await expect(store.append('checked', 'test', 1, [tick(2), tick(-1)])).rejects.toThrow(
      InvalidEventError,
    );
    await expect(store.append('checked', 'test', 1, [tick(2.5)])).rejects.toThrow(
      /Invalid Tick: n/,
    );
    await expect(store.append('checked', 'test', 1, [{ type: 'Tock', data: {} }])).rejects.toThrow(
      /Unknown event type Tock/,
    );
    const after = await store.append('checked', 'test', 1, [tick(3)]);
    // Nothing refused was written, and nothing refused took a position.
    expect(after.lastPosition).toBe(before.lastPosition + 1);
    expect((await store.readStream('checked')).events.map((e) => e.data.n)).toEqual([1, 3]);
  });

  it("records each type's current version and upcasts older data on every read", async () => {
    await store.append('shapes', 'test', 0, [{ type: 'Renamed', data: { name: 'new shape' } }]);
    // An event recorded before the shape changed, as it sits in the log.
    await db.sql`SELECT * FROM append_events('shapes', 'test', 1, ARRAY['Renamed'],
      ARRAY['{"old":"old shape"}'::jsonb], ARRAY['{"schemaVersion":1}'::jsonb])`;
    const stored = await db.sql<{ data: unknown; metadata: unknown }[]>`
      SELECT data, metadata FROM events WHERE stream_id = 'shapes' ORDER BY stream_version`;
    expect(stored).toEqual([
      { data: { name: 'new shape' }, metadata: { schemaVersion: 2 } },
      { data: { old: 'old shape' }, metadata: { schemaVersion: 1 } },
    ]);
    const read = (await store.readStream('shapes')).events;
    const all = (await store.readAll(START, 10_000)).filter((e) => e.streamId === 'shapes');
    // Readers of several streams at once (the search index) get the same shapes.
    const several = (await store.readStreams(['shapes', 'no-such-stream'])).get('shapes') ?? [];
    for (const events of [read, all, several])
      expect(events.map((e) => [e.data, e.metadata.schemaVersion])).toEqual([
        [{ name: 'new shape' }, 2],
        [{ name: 'old shape' }, 2],
      ]);
  });

  it('leaves the keys a reader of several streams never reads out of their data', async () => {
    const product = createEventStore(db.sql);
    await product.append('listing-narrow', 'listing', 0, [listingCreated('narrow')]);
    const [created] =
      (
        await product.readStreams(['listing-narrow'], undefined, {
          omitData: ['title', 'description', 'no-such-key'],
        })
      ).get('listing-narrow') ?? [];
    const { title: _title, description: _description, ...kept } = listingCreated('narrow').data;
    expect(Object.keys(created?.data ?? {}).sort()).toEqual(Object.keys(kept).sort());
    expect(created?.data).toMatchObject({ listingId: 'narrow', rent: kept.rent });
  });

  it("accepts the product's listing events by default and refuses one a read model cannot hold", async () => {
    const product = createEventStore(db.sql);
    const good = listingCreated('default-ok');
    await product.append('listing-default-ok', 'listing', 0, [good]);
    const frozen = listingCreated('default-bad');
    frozen.data.propertyDetails = { ...frozen.data.propertyDetails, bedrooms: 1e300 };
    await expect(product.append('listing-default-bad', 'listing', 0, [frozen])).rejects.toThrow(
      /Invalid ListingCreated: propertyDetails\.bedrooms: Bedrooms must be a whole number between 0 and 50/,
    );
    expect((await product.readStream('listing-default-bad')).version).toBe(0);
  });

  it("loads a listing's version-1 events with their facility flags made terms (issue 40)", async () => {
    const product = createEventStore(db.sql);
    const { tenancy: _none, ...data } = listingCreated('flags-v1').data;
    // As version 1 recorded it: all twelve flags, furnished with no furnishing.
    const old = {
      ...data,
      facilities: { ...noFacilities(), wifi: true, furnished: true, petFriendly: true },
      tenancy: { petsAllowed: false },
    };
    await db.sql`SELECT * FROM append_events('listing-flags-v1', 'listing', 0, ARRAY['ListingCreated'],
      ARRAY[${JSON.stringify(old)}::text::jsonb], ARRAY['{"schemaVersion":1}'::jsonb])`;
    const [read] = (await product.readStream('listing-flags-v1')).events;
    expect(read?.metadata.schemaVersion).toBe(2);
    expect(read?.data.tenancy).toEqual({ petsAllowed: false, furnishing: 'semi-furnished' });
    expect(read?.data.facilities).toEqual(ownFacilities(old.facilities));
    // What is current passes the schema a new append must pass.
    expect(() => appEventRegistry.assertValid(read!)).not.toThrow();
    // A reader that leaves the flags out of its read still gets the event (rent trends).
    const [narrow] =
      (
        await product.readStreams(['listing-flags-v1'], undefined, { omitData: ['facilities'] })
      ).get('listing-flags-v1') ?? [];
    expect(narrow?.data).toMatchObject({ listingId: 'flags-v1', tenancy: { petsAllowed: false } });
  });
});
