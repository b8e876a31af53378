import { describe, expect, it } from 'vitest';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { startProjection } from '../runner/runner.ts';
import { listingReadModel } from '../readModels/listingReadModel.ts';
import { listingExpirySchedule } from './scheduleModel.ts';
import { sweepAndRecord, sweepOnce } from './sweep.ts';
import { lastExpirySweep } from '../queries/listingExpiry.ts';

const env = testDatabaseWithStore();

const DAY = 24 * 60 * 60_000;
const T0 = '2026-03-01T00:00:00.000Z';
const day = (n: number) => new Date(Date.parse(T0) + n * DAY);

const catchUp = async () => {
  for (const projection of [listingExpirySchedule, listingReadModel]) {
    const runner = startProjection(env.db.sql, projection, { batchSize: 50, pollIntervalMs: 5 });
    await runner.whenCaughtUp();
    await runner.stop();
  }
};

const typesOf = async (listingId: string) =>
  (await env.store.readStream(listingStreamId(listingId))).events.map((e) => e.type);

/** The read model's document is the one the aggregate's own evolve gives (less the views counter). */
const expectReadModelAgrees = async (listingId: string) => {
  const events = (await env.store.readStream(listingStreamId(listingId))).events;
  const { views: _views, ...expected } = toPropertyDocument(
    fold(events as unknown as ListingEvent[]),
  )!;
  const [row] = await env.db.sql<
    { doc: unknown }[]
  >`SELECT doc FROM listing_read WHERE id = ${listingId}`;
  expect(row?.doc).toEqual(expected);
};

const isAvailable = async (listingId: string) =>
  (
    await env.db.sql<
      { is_available: boolean }[]
    >`SELECT is_available FROM listing_read WHERE id = ${listingId}`
  )[0]?.is_available;

describe('the expiry sweep', () => {
  it('reminds on day 25 once, even when two sweeps run at the same time', async () => {
    await appendListingEvents(env.store, 'x-remind', [listingCreated('x-remind', { at: T0 })]);
    await catchUp();
    expect((await sweepOnce({ sql: env.db.sql, now: day(24) })).due).toBe(0);

    const both = await Promise.all([
      sweepOnce({ sql: env.db.sql, now: day(25) }),
      sweepOnce({ sql: env.db.sql, now: day(25) }),
    ]);
    expect(both.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    // Before the schedule has the reminder, a sweep finds the listing due again, and decide refuses it.
    const again = await sweepOnce({ sql: env.db.sql, now: day(26) });
    expect(again).toMatchObject({ reminded: 0, refused: 1, failures: 0 });
    await catchUp();
    expect((await sweepOnce({ sql: env.db.sql, now: day(27) })).due).toBe(0);
    expect(await typesOf('x-remind')).toEqual(['ListingCreated', 'ListingExpiryReminded']);
  });

  it('expires on day 30 without a confirmation: out of the read model, once', async () => {
    await appendListingEvents(env.store, 'x-expire', [listingCreated('x-expire', { at: T0 })]);
    await catchUp();
    const both = await Promise.all([
      sweepOnce({ sql: env.db.sql, now: day(30) }),
      sweepOnce({ sql: env.db.sql, now: day(30) }),
    ]);
    // x-remind of the first test expires at the same sweep; each once (the streams below).
    expect(both.reduce((n, r) => n + r.expired, 0)).toBe(2);
    expect(both.reduce((n, r) => n + r.failures, 0)).toBe(0);
    await catchUp();
    expect(await typesOf('x-expire')).toEqual(['ListingCreated', 'ListingExpired']);
    expect(await typesOf('x-remind')).toEqual([
      'ListingCreated',
      'ListingExpiryReminded',
      'ListingExpired',
    ]);
    expect(await isAvailable('x-expire')).toBe(false);
    const doc = await env.db.sql<{ doc: { isExpired: boolean } }[]>`
      SELECT doc FROM listing_read WHERE id = 'x-expire'`;
    expect(doc[0]?.doc.isExpired).toBe(true);
    await expectReadModelAgrees('x-expire');
    expect((await sweepOnce({ sql: env.db.sql, now: day(40) })).due).toBe(0);
  });

  it('renews an expired listing with a relist: listed, confirmed, in the read model again', async () => {
    const relisted: ListingEvent = {
      type: 'ListingRelisted',
      data: { listingId: 'x-expire', at: day(33).toISOString(), city: 'Bengaluru' },
    };
    await appendListingEvents(env.store, 'x-expire', [relisted]);
    await catchUp();
    expect(await isAvailable('x-expire')).toBe(true);
    await expectReadModelAgrees('x-expire');
  });

  it('leaves a listing confirmed within 30 days and a delisted one alone', async () => {
    const confirmed: ListingEvent = {
      type: 'ListingAvailabilityConfirmed',
      data: { listingId: 'x-fresh', at: day(20).toISOString() },
    };
    await appendListingEvents(env.store, 'x-fresh', [
      listingCreated('x-fresh', { at: T0 }),
      confirmed,
    ]);
    await appendListingEvents(env.store, 'x-off', [
      listingCreated('x-off', { at: T0 }),
      {
        type: 'ListingDelisted',
        data: { listingId: 'x-off', at: day(1).toISOString(), city: 'Bengaluru' },
      },
    ]);
    await catchUp();
    const result = await sweepAndRecord({ sql: env.db.sql, now: day(45) });
    expect(result.failures).toBe(0);
    expect(await typesOf('x-fresh')).toEqual([
      'ListingCreated',
      'ListingAvailabilityConfirmed',
      'ListingExpiryReminded',
    ]);
    expect(await typesOf('x-off')).toEqual(['ListingCreated', 'ListingDelisted']);
    await catchUp();
    await expectReadModelAgrees('x-fresh');
    // What /api/health shows.
    expect(await lastExpirySweep(env.db.sql)).toMatchObject({
      sweptFor: day(45).toISOString(),
      reminded: 1,
      failures: 0,
    });
  });
});
