import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { ANNOUNCEMENT_INDEX, mergeAnnouncementIndex } from './announcementIndex.ts';

/**
 * The merge loop's step: the announcements the matcher appended to the GIN
 * index's pending list move into its posting trees, and a reader finds the
 * same announcements through the index before and after.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(() => db.drop());

/** Rows announcing to search `n` read through the index (as the readers do), not by a scan. */
const announcedToSearch = (n: number) =>
  db.sql.begin(async (tx) => {
    await tx`SET LOCAL enable_seqscan = off`;
    const rows = await tx<{ id: string }[]>`
      SELECT id::text FROM listing_search_alerts WHERE search_nos @> ARRAY[${n}]::int4[] ORDER BY id`;
    return rows.map((r) => r.id);
  });

it('merges the pending list apart from the inserts, and the readers find the same rows', async () => {
  const [{ limit } = { limit: '' }] = await db.sql<{ limit: string }[]>`
    SELECT array_to_string(reloptions, ',') AS limit FROM pg_class WHERE relname = ${ANNOUNCEMENT_INDEX}`;
  expect(limit).toBe('gin_pending_list_limit=65536');
  // 2,000 announcements of 100 searches each, as the matcher appends them (well under the 16 MB list).
  await db.sql`
    INSERT INTO listing_search_alerts (listing_id, at, search_nos)
    SELECT 'l-' || i, now(), ARRAY(SELECT (i + k * 37) % 5000 FROM generate_series(1, 100) k)
    FROM generate_series(1, 2000) i`;
  const before = await announcedToSearch(1234);
  expect(before.length).toBeGreaterThan(0);

  expect(await mergeAnnouncementIndex(db.sql)).toBeGreaterThan(0);
  expect(await mergeAnnouncementIndex(db.sql)).toBe(0);
  expect(await announcedToSearch(1234)).toEqual(before);
});

it('does nothing while the index is not there (a rebuild swapping its tables)', async () => {
  await db.sql.unsafe(`DROP INDEX ${ANNOUNCEMENT_INDEX}`);
  expect(await mergeAnnouncementIndex(db.sql)).toBe(0);
});
