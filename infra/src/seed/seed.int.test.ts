import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { toPropertyDocument } from '@rentals/core/listings/document';
import type { ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { CONFIRMED_WITHIN_DAYS } from './history.ts';
import { SEED_EPOCH, SEED_HOMEOWNER_LISTINGS, seedListings } from './seed.ts';

const COUNT = 300;
const DAY = 86_400_000;
let first: TestDatabase;
let second: TestDatabase;
let mediaDir: string;

type Row = { stream_id: string; type: string; data: ListingEvent['data'] };
/** The listings' events (the accounts' streams hold their email's confirmation at set-up). */
const eventsOf = (db: TestDatabase) =>
  db.sql<Row[]>`SELECT stream_id, type, data FROM events WHERE stream_id NOT LIKE 'account-%'
                ORDER BY stream_id, stream_version`;

beforeAll(async () => {
  [first, second] = await Promise.all([testDatabase(), testDatabase()]);
  mediaDir = await mkdtemp(join(tmpdir(), 'seed-media-'));
});
afterAll(async () => {
  await Promise.all([first.drop(), second.drop()]);
  await rm(mediaDir, { recursive: true, force: true });
});

describe('seed', () => {
  let rows: Row[];

  it('appends listings through the domain, batched, with a progress report', async () => {
    const progress: number[] = [];
    const result = await seedListings({
      sql: first.sql,
      media: localDiskStore(mediaDir),
      listings: COUNT,
      batchSize: 100,
      onProgress: (done) => progress.push(done),
      now: SEED_EPOCH,
    });
    expect(result).toMatchObject({ created: COUNT, skipped: 0 });
    expect(result.cities).toBeGreaterThanOrEqual(20);
    expect(progress).toEqual([100, 200, 300]);
    rows = await eventsOf(first);
  });

  it('makes realistic, varied listings across at least 20 cities', () => {
    const streams = new Map<string, ListingEvent[]>();
    for (const r of rows)
      streams.set(r.stream_id, [
        ...(streams.get(r.stream_id) ?? []),
        { type: r.type, data: r.data } as ListingEvent,
      ]);
    expect(streams.size).toBe(COUNT);
    const docs = [...streams.values()].map((events) => toPropertyDocument(fold(events))!);
    expect(new Set(docs.map((d) => d.location.city)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(docs.map((d) => d.propertyType))).toEqual(new Set(['flat', 'house', 'PG']));
    expect(new Set(docs.map((d) => d.owner.role))).toEqual(new Set(['homeowner', 'broker']));
    expect(docs.some((d) => d.location.coordinates === undefined)).toBe(true);
    expect(docs.some((d) => !d.isAvailable)).toBe(true);
    expect(docs.some((d) => d.isVerified)).toBe(true);
    expect(docs.some((d) => d.rentType === 'yearly')).toBe(true);
    // None of the listed ones is due for an expiry reminder on the day the seed ran (here SEED_EPOCH).
    for (const d of docs.filter((doc) => doc.isAvailable))
      expect(SEED_EPOCH - Date.parse(d.lastConfirmedAt)).toBeLessThanOrEqual(10 * DAY);
    // In the neighbourhoods tenants search, never a post office's name.
    const popular = new Set(POPULAR_LOCALITIES.map((l) => `${l.city}|${l.name}|${l.pinCode}`));
    for (const d of docs) {
      expect(popular.has(`${d.location.city}|${d.location.area}|${d.location.pinCode}`)).toBe(true);
      expect(d.rent).toBeGreaterThan(0);
      expect(d.images.length).toBeLessThanOrEqual(5);
    }
    // Rents follow the city: a Mumbai 2 BHK flat costs more on average than one in Patna.
    const mean = (city: string) => {
      const rents = docs
        .filter(
          (d) => d.location.city === city && d.propertyType === 'flat' && d.rentType === 'monthly',
        )
        .map((d) => d.rent / (1 + 0.65 * (d.propertyDetails.bedrooms - 1)));
      return rents.reduce((a, b) => a + b, 0) / Math.max(1, rents.length);
    };
    expect(mean('Mumbai')).toBeGreaterThan(mean('Patna'));
  });

  it('creates users of every role', async () => {
    const roles = await first.sql<
      { role: string }[]
    >`SELECT DISTINCT role FROM users ORDER BY role`;
    expect(roles.map((r) => r.role)).toEqual(['admin', 'broker', 'homeowner', 'tenant']);
  });

  it('lets a homeowner list at most two homes, in one city (honest owners cross no broker signal)', async () => {
    const owners = await first.sql<{ listings: number; cities: number }[]>`
      SELECT count(*)::int AS listings, count(DISTINCT data -> 'location' ->> 'city')::int AS cities
      FROM events WHERE type = 'ListingCreated' AND data -> 'owner' ->> 'role' = 'homeowner'
      GROUP BY data ->> 'ownerId'`;
    expect(owners.length).toBeGreaterThan(0);
    expect(Math.max(...owners.map((o) => o.listings))).toBeLessThanOrEqual(SEED_HOMEOWNER_LISTINGS);
    expect(Math.max(...owners.map((o) => o.cities))).toBe(1);
  });

  it('stores the pooled photos once, under pool/', async () => {
    const files = await readdir(join(mediaDir, 'pool'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => /^[0-9a-f]{20}-\d+\.(webp|avif)$/.test(f))).toBe(true);
    // Each width in both formats (docs/IMAGES.md).
    expect(files.filter((f) => f.endsWith('.avif'))).toHaveLength(
      files.filter((f) => f.endsWith('.webp')).length,
    );
  });

  it('gives the listings a year of history, each listed one confirmed within 20 days of now', () => {
    const count = (type: string) => rows.filter((r) => r.type === type).length;
    expect(count('ListingRentChanged')).toBeGreaterThan(COUNT);
    expect(count('ListingRelisted')).toBeGreaterThan(COUNT / 20);
    expect(new Set(rows.map((r) => r.data.at.slice(0, 7))).size).toBeGreaterThanOrEqual(12);
    const streams = new Map<string, Row[]>();
    for (const r of rows) streams.set(r.stream_id, [...(streams.get(r.stream_id) ?? []), r]);
    for (const [id, events] of streams) {
      const state = fold(events.map((r) => ({ type: r.type, data: r.data }) as ListingEvent));
      if (state.status === 'active' && state.listing.isAvailable)
        expect(Date.parse(events.at(-1)!.data.at), id).toBeGreaterThanOrEqual(
          SEED_EPOCH - CONFIRMED_WITHIN_DAYS * 86_400_000,
        );
    }
  });

  it('records views for nearly every listing, and the last 30 days of them for the owner chart', async () => {
    const [counts] = await first.sql<{ listings: number; viewed: number; median: number }[]>`
      SELECT count(*)::int AS listings, count(*) FILTER (WHERE views > 0)::int AS viewed,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY views)::int AS median
      FROM listing_view_counts`;
    expect(counts!.viewed).toBeGreaterThanOrEqual(COUNT * 0.9);
    expect(counts!.median).toBeGreaterThan(10);
    const [days] = await first.sql<{ listings: number; overTotal: number }[]>`
      SELECT count(DISTINCT d.listing_id)::int AS listings,
             count(*) FILTER (WHERE d.total > c.views)::int AS "overTotal"
      FROM (SELECT listing_id, sum(views) AS total FROM listing_daily_views GROUP BY listing_id) d
      JOIN listing_view_counts c USING (listing_id)`;
    expect(days!.listings).toBeGreaterThan(COUNT / 2);
    expect(days!.overTotal).toBe(0);
  });

  it('is deterministic: the same seed gives the same events in another database', async () => {
    await seedListings({
      sql: second.sql,
      media: localDiskStore(mediaDir),
      listings: COUNT,
      now: SEED_EPOCH,
    });
    expect(await eventsOf(second)).toEqual(rows);
    // Every seeded account has its email confirmed, as an operator's set-up.
    const [unconfirmed] =
      await second.sql`SELECT count(*)::int AS n FROM users WHERE email_verified_at IS NULL`;
    expect(unconfirmed?.n).toBe(0);
    const views = (db: TestDatabase) =>
      db.sql`SELECT listing_id, views FROM listing_view_counts ORDER BY listing_id`;
    expect(await views(second)).toEqual(await views(first));
  });

  it('skips what exists when run again', async () => {
    const again = await seedListings({
      sql: first.sql,
      media: localDiskStore(mediaDir),
      listings: COUNT,
      now: SEED_EPOCH,
    });
    expect(again).toMatchObject({ created: 0, skipped: COUNT });
  });

  it('confirms the listed listings shortly before the day it runs, however long after SEED_EPOCH', async () => {
    const db = await testDatabase();
    try {
      // Ten weeks after the epoch, in the afternoon: confirmed within the 5 days before that day began.
      const runs = SEED_EPOCH + 70 * DAY + 15 * 3_600_000;
      await seedListings({ sql: db.sql, media: localDiskStore(mediaDir), listings: 60, now: runs });
      const events = await eventsOf(db);
      const streams = new Map<string, ListingEvent[]>();
      for (const r of events)
        streams.set(r.stream_id, [
          ...(streams.get(r.stream_id) ?? []),
          { type: r.type, data: r.data } as ListingEvent,
        ]);
      const listed = [...streams.values()]
        .map((e) => toPropertyDocument(fold(e))!)
        .filter((d) => d.isAvailable);
      expect(listed.length).toBeGreaterThan(0);
      for (const d of listed) {
        const age = SEED_EPOCH + 70 * DAY - Date.parse(d.lastConfirmedAt);
        expect(age).toBeGreaterThanOrEqual(0);
        expect(age).toBeLessThanOrEqual(5 * DAY);
      }
      // The history itself is the epoch's (a verification comes up to 5 days after a creation).
      for (const r of events)
        if (r.type !== 'ListingAvailabilityConfirmed')
          expect(Date.parse(r.data.at)).toBeLessThanOrEqual(SEED_EPOCH + 5 * DAY);
    } finally {
      await db.drop();
    }
  });
});
