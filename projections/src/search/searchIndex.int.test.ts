import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import { freePort } from '@rentals/testing/infra';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { kmBetween } from '@rentals/core/gazetteer/cities';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { parkedStreams } from '../queries/readSideHealth.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { retryParked } from '../runner/retryParked.ts';
import { CheckpointMoved, ensureCheckpoint } from '../runner/checkpoints.ts';
import { startProjection } from '../runner/runner.ts';
import { listingStreamId } from '@rentals/core/listings/events';
import { listingsIndexSettings } from './indexSettings.ts';
import { deleteIndex, upsertDocuments } from './listingsIndex.ts';
import type { Meilisearch } from 'meilisearch';
import { createMeili } from '../queries/meili.ts';
import { rebuildSearchIndex } from './rebuildSearchIndex.ts';
import { searchInMeili } from '../queries/searchInMeili.ts';
import { createSearchProjection, LISTINGS_SEARCH_PROJECTION } from './searchProjection.ts';
import type { SearchDocument } from './searchDocument.ts';

let db: TestDatabase;
let store: EventStore;
let meili: Meilisearch;
const index = `listings_s_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await testDatabase();
  store = createEventStore(db.sql);
  meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
});
afterAll(async () => {
  await deleteIndex(meili, index);
  await db.drop();
});

const document = (id: string) =>
  meili
    .index(index)
    .getDocument<SearchDocument>(id)
    .catch(() => null);
const checkpoint = async () =>
  (
    await db.sql<
      { position: number }[]
    >`SELECT position FROM projection_checkpoints WHERE name = ${LISTINGS_SEARCH_PROJECTION}`
  )[0]?.position ?? 0;
const lastPosition = async () =>
  (await db.sql<{ max: number }[]>`SELECT max(position) AS max FROM events`)[0]!.max;
const all = { sort: 'newest', page: 1, limit: 50 } as const;

describe('listings search index', () => {
  it('applies the settings as code and holds listed listings only, as full documents', async () => {
    const projection = createSearchProjection(() => ({ sql: db.sql, meili, index }));
    const runner = startProjection(db.sql, projection, { pollIntervalMs: 10 });
    await appendListingEvents(store, 'ix-1', [listingCreated('ix-1')]);
    await appendListingEvents(store, 'ix-2', [listingCreated('ix-2', { fields: { rent: 9000 } })]);
    await appendListingEvents(store, 'ix-2', [
      {
        type: 'ListingRentChanged',
        data: {
          listingId: 'ix-2',
          at: nextTime(),
          rent: 8000,
          rentType: 'monthly',
          previousRent: 9000,
          previousRentType: 'monthly',
        },
      },
    ]);
    await appendListingEvents(store, 'ix-3', [
      listingCreated('ix-3'),
      { type: 'ListingDelisted', data: { listingId: 'ix-3', at: nextTime(), city: 'Bengaluru' } },
    ]);
    await runner.whenCaughtUp();

    const settings = await meili.index(index).getSettings();
    expect(settings.searchableAttributes).toEqual(listingsIndexSettings.searchableAttributes);
    expect(settings.filterableAttributes).toEqual(listingsIndexSettings.filterableAttributes);
    expect(settings).toMatchObject({ facetSearch: false, proximityPrecision: 'byAttribute' });
    expect([...(settings.sortableAttributes as string[])].sort()).toEqual([
      'createdAt',
      'lastConfirmedAt',
      'rent',
    ]);
    expect((settings.synonyms as Record<string, string[]>).bangalore).toContain('bengaluru');
    expect(settings.pagination).toEqual({
      maxTotalHits: listingsIndexSettings.pagination?.maxTotalHits,
    });

    expect(await document('ix-1')).toMatchObject({
      id: 'ix-1',
      city: 'Bengaluru',
      cityKey: 'bengaluru',
      areaKey: 'koramangala',
    });
    const ix2 = await document('ix-2');
    expect(ix2).toMatchObject({ rent: 8000, lat: 12.934567, lng: 77.626789 });
    // Visitors' map areas filter on the visitor position: 2–7 km from the listing (visitorPosition.ts).
    const moved = kmBetween(
      { lat: ix2!.lat!, lng: ix2!.lng! },
      { lat: ix2!.coarseLat!, lng: ix2!.coarseLng! },
    );
    expect(moved).toBeGreaterThan(2.2);
    expect(moved).toBeLessThan(6.8);
    expect(await document('ix-3')).toBeNull();

    // Delist, relist, delete: documents leave and come back.
    await appendListingEvents(store, 'ix-1', [
      { type: 'ListingDelisted', data: { listingId: 'ix-1', at: nextTime(), city: 'Bengaluru' } },
    ]);
    await appendListingEvents(store, 'ix-3', [
      { type: 'ListingRelisted', data: { listingId: 'ix-3', at: nextTime(), city: 'Bengaluru' } },
    ]);
    await appendListingEvents(store, 'ix-2', [
      {
        type: 'ListingDeleted',
        data: { listingId: 'ix-2', at: nextTime(), city: 'Bengaluru', imageIds: [] },
      },
    ]);
    await runner.whenCaughtUp();
    expect(await document('ix-1')).toBeNull();
    expect(await document('ix-2')).toBeNull();
    expect(await document('ix-3')).not.toBeNull();
    expect(await checkpoint()).toBe(await lastPosition());
    await runner.stop();
  });

  it('finds with typos and city synonyms in free text', async () => {
    const projection = createSearchProjection(() => ({ sql: db.sql, meili, index }));
    const runner = startProjection(db.sql, projection, { pollIntervalMs: 10 });
    await appendListingEvents(store, 'ix-4', [
      listingCreated('ix-4', {
        fields: {
          title: 'Airy flat in Indiranagar',
          location: {
            city: 'Bengaluru',
            area: 'Indiranagar',
            pinCode: '560038',
            address: '1 CMH Road',
            coordinates: null,
          },
        },
      }),
    ]);
    await runner.whenCaughtUp();
    await runner.stop();
    expect((await searchInMeili(meili, 'full', { ...all, q: 'indranagar' }, index)).ids).toContain(
      'ix-4',
    );
    expect((await searchInMeili(meili, 'full', { ...all, q: 'bangalore' }, index)).ids).toContain(
      'ix-4',
    );
    // Visitors' free text never looks at the address.
    expect((await searchInMeili(meili, 'public', { ...all, q: 'CMH' }, index)).ids).not.toContain(
      'ix-4',
    );
    expect((await searchInMeili(meili, 'full', { ...all, q: 'CMH' }, index)).ids).toContain('ix-4');
  });

  it('does not advance its checkpoint while Meilisearch is unreachable, and catches up when it is back', async () => {
    const dead = createMeili({ url: `http://127.0.0.1:${await freePort()}`, key: 'x' }, 200);
    let target = dead;
    const projection = createSearchProjection(() => ({ sql: db.sql, meili: target, index }));
    const runner = startProjection(db.sql, projection, { pollIntervalMs: 10 });
    await runner.whenCaughtUp();
    const before = await checkpoint();
    await appendListingEvents(store, 'ix-5', [listingCreated('ix-5')]);
    await expect(runner.whenCaughtUp(1500)).rejects.toThrow(/did not catch up/);
    expect(await checkpoint()).toBe(before);
    target = meili;
    await runner.whenCaughtUp();
    expect(await document('ix-5')).not.toBeNull();
    expect(await checkpoint()).toBe(await lastPosition());
    await runner.stop();
  });

  it('rebuilds into a fresh index and swaps it in, dropping what the log no longer has', async () => {
    const stale = { ...(await document('ix-3'))!, id: 'ghost' };
    await upsertDocuments(meili, [stale], index);
    expect(await document('ghost')).not.toBeNull();
    const result = await rebuildSearchIndex(db.sql, meili, { live: index, batchSize: 2 });
    expect(result.checkpoint.position).toBe(await lastPosition());
    expect(await document('ghost')).toBeNull();
    const found = await searchInMeili(meili, 'full', all, index);
    expect(found.ids.sort()).toEqual(['ix-3', 'ix-4', 'ix-5']);
    const indexes = await meili.getRawIndexes({ limit: 1000 });
    expect(
      indexes.results.map((i) => i.uid).filter((u) => u.startsWith(`${index}_build_`)),
    ).toEqual([]);
  });

  it('rebuilds through the generic rebuild command (projections:rebuild) and then keeps up', async () => {
    await upsertDocuments(meili, [{ ...(await document('ix-3'))!, id: 'ghost-2' }], index);
    const projection = createSearchProjection(() => ({ sql: db.sql, meili, index }));
    await rebuildProjection(db.sql, projection);
    expect(await document('ghost-2')).toBeNull();
    expect(await checkpoint()).toBe(await lastPosition());
    const runner = startProjection(db.sql, projection, { pollIntervalMs: 10 });
    await appendListingEvents(store, 'ix-6', [listingCreated('ix-6')]);
    await runner.whenCaughtUp();
    await runner.stop();
    expect((await searchInMeili(meili, 'full', all, index)).ids.sort()).toEqual([
      'ix-3',
      'ix-4',
      'ix-5',
      'ix-6',
    ]);
  });

  it('parks a listing it cannot fold, in a rebuild and while running, and keeps every other listing current', async () => {
    await appendListingEvents(store, 'ix-7', [listingCreated('ix-7')]);
    // Written by hand, bypassing the event store: the fold of this stream throws.
    const [bad] = await db.sql<{ position: number }[]>`
      WITH v AS (UPDATE streams SET version = version + 1 WHERE stream_id = 'listing-ix-7' RETURNING version)
      INSERT INTO events (stream_id, stream_version, type, data)
      SELECT 'listing-ix-7', v.version, 'ListingDetailsRevised', 'null'::jsonb FROM v RETURNING position`;
    const projection = createSearchProjection(() => ({ sql: db.sql, meili, index }));
    const result = await rebuildProjection(db.sql, projection);
    expect(result.parked).toBe(1);
    const [parked] = await parkedStreams(db.sql, { projection: LISTINGS_SEARCH_PROJECTION });
    expect(parked).toMatchObject({ streamId: 'listing-ix-7', position: bad!.position, held: 1 });
    expect(await document('ix-7')).toBeNull();
    expect(await document('ix-3')).not.toBeNull();

    const runner = startProjection(db.sql, projection, { pollIntervalMs: 10 });
    await appendListingEvents(store, 'ix-8', [listingCreated('ix-8')]);
    await appendListingEvents(store, 'ix-7', [
      {
        type: 'ListingDetailsRevised',
        data: { listingId: 'ix-7', at: nextTime(), title: 'Held back' },
      },
    ]);
    await runner.whenCaughtUp();
    expect(await document('ix-8')).not.toBeNull();
    expect((await parkedStreams(db.sql, { projection: LISTINGS_SEARCH_PROJECTION }))[0]?.held).toBe(
      2,
    );

    await db.sql`UPDATE events SET data = ${db.sql.json({ listingId: 'ix-7', at: nextTime() })}
                 WHERE position = ${bad!.position}`;
    expect(await retryParked(db.sql, projection, 'listing-ix-7')).toEqual({
      outcome: 'applied',
      applied: 2,
    });
    expect((await document('ix-7'))?.title).toBe('Held back');
    await runner.stop();
  });
});

describe('a worker cut off from Meilisearch while another took over', () => {
  it('drops its retried write once the other has applied the batch: no stale document comes back', async () => {
    const name = 'listings-search-fence-test';
    const fenced = `${index}_fence`;
    let reachable = meili;
    let told: () => void = () => {};
    const unreachableSeen = new Promise<void>((resolve) => (told = resolve));
    const projection = createSearchProjection(
      () => ({
        sql: db.sql,
        meili: reachable,
        index: fenced,
        log: { warn: () => told(), info: () => {}, error: () => {} },
      }),
      name,
    );
    await ensureCheckpoint(db.sql, name);
    await appendListingEvents(store, 'fx-0', [listingCreated('fx-0')]);
    await projection.apply((await store.readStream(listingStreamId('fx-0'))).events);

    await appendListingEvents(store, 'fx-1', [listingCreated('fx-1')]);
    const batch = (await store.readStream(listingStreamId('fx-1'))).events;
    // The network is cut: its first try fails, and it keeps trying.
    reachable = createMeili({
      url: `http://127.0.0.1:${await freePort()}`,
      key: inject('meiliKey'),
    });
    const stale = projection.apply(batch).then(
      () => 'sent',
      (error: unknown) => error,
    );
    await unreachableSeen;
    // Meanwhile the worker that took over applied the batch (and, say, the delete that followed).
    const last = batch.at(-1)!;
    await db.sql`UPDATE projection_checkpoints SET transaction_id = ${last.transactionId}::xid8, position = ${last.position}
                 WHERE name = ${name}`;
    reachable = meili;
    expect(await stale).toBeInstanceOf(CheckpointMoved);
    expect(
      await meili
        .index(fenced)
        .getDocument('fx-1')
        .catch(() => null),
    ).toBeNull();
    expect(await meili.index(fenced).getDocument('fx-0')).toMatchObject({ id: 'fx-0' });
    await deleteIndex(meili, fenced);
  });
});

describe('a write that may land late (TCP delivers a timed-out try once the link is back)', () => {
  const setup = async (name: string, uid: string) => {
    let reachable = meili;
    let told: () => void = () => {};
    const projection = createSearchProjection(
      () => ({
        sql: db.sql,
        meili: reachable,
        index: uid,
        recheckAfterMs: [400],
        log: { warn: () => told(), info: () => {}, error: () => {} },
      }),
      name,
    );
    await ensureCheckpoint(db.sql, name);
    const cut = async () => {
      const seen = new Promise<void>((resolve) => (told = resolve));
      reachable = createMeili({ url: `http://127.0.0.1:${await freePort()}`, key: 'x' }, 200);
      return { seen };
    };
    const reconnect = () => (reachable = meili);
    return { projection, cut, reconnect };
  };
  const titleIn = (uid: string, id: string) =>
    meili
      .index(uid)
      .getDocument<SearchDocument>(id)
      .then((d) => d.title)
      .catch(() => null);
  /** What a late copy of an old request does: it puts an old state back. */
  const lateCopy = (uid: string, id: string) =>
    upsertDocuments(
      meili,
      [{ id, title: 'An old title', isAvailable: true } as SearchDocument],
      uid,
    );

  it('sends the listings of a write that needed a retry again later, undoing a late copy', async () => {
    const uid = `${index}_late`;
    const { projection, cut, reconnect } = await setup('listings-search-late-test', uid);
    await appendListingEvents(store, 'lx-0', [listingCreated('lx-0')]);
    await projection.apply((await store.readStream(listingStreamId('lx-0'))).events);
    await appendListingEvents(store, 'lx-1', [listingCreated('lx-1')]);
    const batch = (await store.readStream(listingStreamId('lx-1'))).events;
    const { seen } = await cut();
    const applying = projection.apply(batch);
    await seen;
    reconnect();
    await applying;
    const title = await titleIn(uid, 'lx-1');
    expect(title).not.toBeNull();
    await lateCopy(uid, 'lx-1');
    await projection.idle!();
    // Not yet due: the late copy stands for now.
    expect(await titleIn(uid, 'lx-1')).toBe('An old title');
    await new Promise((r) => setTimeout(r, 450));
    await projection.idle!();
    expect(await titleIn(uid, 'lx-1')).toBe(title);
    await deleteIndex(meili, uid);
  });

  it('sends the batches of its first seconds after a takeover again later (the old owner’s late requests)', async () => {
    const uid = `${index}_takeover`;
    const { projection } = await setup('listings-search-takeover-test', uid);
    await appendListingEvents(store, 'lx-2', [listingCreated('lx-2')]);
    await appendListingEvents(store, 'lx-3', [listingCreated('lx-3')]);
    // Before any takeover: no recheck.
    await projection.apply((await store.readStream(listingStreamId('lx-2'))).events);
    projection.started!();
    await projection.apply((await store.readStream(listingStreamId('lx-3'))).events);
    const titles = [await titleIn(uid, 'lx-2'), await titleIn(uid, 'lx-3')];
    await lateCopy(uid, 'lx-2');
    await lateCopy(uid, 'lx-3');
    await new Promise((r) => setTimeout(r, 450));
    await projection.idle!();
    expect(await titleIn(uid, 'lx-3')).toBe(titles[1]);
    expect(await titleIn(uid, 'lx-2')).toBe('An old title');
    await deleteIndex(meili, uid);
  });
});
