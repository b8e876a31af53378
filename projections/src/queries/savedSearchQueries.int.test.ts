import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { notificationState } from './notificationQueries.ts';
import { MAX_COUNTED } from './countedUpTo.ts';
import { newMatchCounts, recentAlerts } from './savedSearchQueries.ts';

/**
 * The readers of a user's announcements: the bell and the alerts list read
 * the newest few thousand first, and all of them when those hold too few
 * (either way the newest of all, in order); the new-match counts stop at
 * MAX_COUNTED.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
  await db.sql`
    INSERT INTO saved_search_filters (search_id, user_id, name, alert, created_at, seen_at, search_no)
    VALUES ('s-mine', 'u-mine', 'Mine', 'instant', '2026-11-01', '2026-11-01', 1),
           ('s-other', 'u-other', 'Other', 'instant', '2026-11-01', '2026-11-01', 2)`;
  await db.sql`
    INSERT INTO alert_listings (id, available, title, description, property_type, rent, city, area, address,
                                city_key, area_key)
    SELECT 'l-' || i, true, 'Flat ' || i, '', 'flat', 20000, 'Pune', 'Baner', '1 Road', 'pune', 'baner'
    FROM generate_series(1, 3) i`;
});
afterAll(() => db.drop());

/** `count` announcements to search `no` (listing l-1, l-2, l-3 in turn), with ids after every earlier one. */
const announce = (no: number, count: number) => db.sql`
  INSERT INTO listing_search_alerts (listing_id, at, search_nos)
  SELECT 'l-' || (1 + i % 3), '2026-11-02'::timestamptz + i * interval '1 second', ARRAY[${no}]::int4[]
  FROM generate_series(1, ${count}) i`;

/** Brute force: the user's newest `limit` announcement ids. */
const newestIds = async (limit: number) =>
  (
    await db.sql<{ id: number }[]>`
      SELECT id::int FROM listing_search_alerts WHERE 1 = ANY(search_nos) ORDER BY id DESC LIMIT ${limit}`
  ).map((r) => r.id);

it('finds the newest beyond the recent announcements when those hold too few, and within them when they hold enough', async () => {
  // 150 of mine, then 6,000 of someone else's: none of mine among the newest 5,000.
  await announce(1, 150);
  await announce(2, 6_000);
  expect((await recentAlerts(db.sql, 'u-mine', 20)).map((a) => a.id)).toEqual(await newestIds(20));
  expect((await notificationState(db.sql, 'u-mine')).unread).toBe(100);

  // 120 more of mine among the newest: the recent ones alone answer.
  await announce(1, 120);
  const recent = await recentAlerts(db.sql, 'u-mine', 50);
  expect(recent.map((a) => a.id)).toEqual(await newestIds(50));
  expect(recent[0]).toMatchObject({ searchId: 's-mine', searchName: 'Mine', title: 'Flat 1' });
  expect((await recentAlerts(db.sql, 'u-other', 10)).map((a) => a.id)).toHaveLength(10);
});

it("counts a search's new matches up to MAX_COUNTED, and only those after it was last seen", async () => {
  // 270 of mine so far, all after seen_at.
  expect(await newMatchCounts(db.sql, 'u-mine')).toEqual(new Map([['s-mine', MAX_COUNTED]]));
  await db.sql`UPDATE saved_search_filters SET seen_at = '2026-11-02T00:01:50Z' WHERE search_id = 's-mine'`;
  const [{ few } = { few: 0 }] = await db.sql<{ few: number }[]>`
    SELECT count(*)::int AS few FROM listing_search_alerts WHERE 1 = ANY(search_nos) AND at > '2026-11-02T00:01:50Z'`;
  expect(few).toBeGreaterThan(0);
  expect(few).toBeLessThan(MAX_COUNTED);
  expect(await newMatchCounts(db.sql, 'u-mine')).toEqual(new Map([['s-mine', few]]));
});
