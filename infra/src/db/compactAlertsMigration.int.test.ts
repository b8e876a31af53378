import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';

/**
 * Migration 0180 moves the row-per-match alert tables into the compact ones
 * without a rebuild (a bench or production database keeps its alerts, and
 * the emails their place). Run here on the old tables in a schema of their
 * own, which the migration's unqualified names resolve to.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(() => db.drop());

const migration = fileURLToPath(
  new URL('../../migrations/0180_compact_saved_search_alerts.sql', import.meta.url),
);

/** The old tables as 0140/0141 made them, as far as 0180 reads them. */
const OLD_TABLES = `
  CREATE TABLE saved_search_filters (search_id text PRIMARY KEY, user_id text NOT NULL);
  CREATE TABLE saved_search_matches (search_id text NOT NULL, listing_id text NOT NULL,
    matching boolean NOT NULL, alerted_at timestamptz NOT NULL, PRIMARY KEY (search_id, listing_id));
  CREATE TABLE saved_search_alerts (id bigserial PRIMARY KEY, search_id text NOT NULL, user_id text NOT NULL,
    listing_id text NOT NULL, at timestamptz NOT NULL, notify boolean NOT NULL, alert text NOT NULL);
  CREATE TABLE saved_search_emails (search_id text PRIMARY KEY, last_sent_at timestamptz NOT NULL,
    covered_alert_id bigint NOT NULL);`;

describe('migration 0180: compact saved-search alerts', () => {
  it('moves the matches by listing and the alerts by listing event, keeping the ids the emails covered', async () => {
    const sql = await readFile(migration, 'utf8');
    const outcome = await db.sql.begin(async (tx) => {
      await tx.unsafe(`CREATE SCHEMA m0180; SET LOCAL search_path = m0180, public; ${OLD_TABLES}`);
      // Given: two searches (numbered in this order), one quiet; listing L1 announced to both at T1,
      // then to s-a again at T2 after it stopped matching s-b; listing L2 to s-b; an email up to id 5.
      await tx.unsafe(`
        INSERT INTO saved_search_filters VALUES ('s-a', 'u-1'), ('s-b', 'u-2');
        INSERT INTO saved_search_matches VALUES ('s-a', 'L1', true, '2026-11-02'),
          ('s-b', 'L1', false, '2026-11-01'), ('s-b', 'L2', true, '2026-11-01');
        INSERT INTO saved_search_alerts (id, search_id, user_id, listing_id, at, notify, alert) VALUES
          (4, 's-a', 'u-1', 'L1', '2026-11-01', true, 'instant'),
          (5, 's-b', 'u-2', 'L1', '2026-11-01', false, 'off'),
          (6, 's-b', 'u-2', 'L2', '2026-11-01', false, 'off'),
          (9, 's-a', 'u-1', 'L1', '2026-11-02', true, 'instant');
        INSERT INTO saved_search_emails VALUES ('s-a', '2026-11-01', 5);`);
      // When
      await tx.unsafe(sql);
      // Then
      const result = {
        numbers: await tx`SELECT search_id, search_no FROM saved_search_filters ORDER BY search_id`,
        matches:
          await tx`SELECT listing_id, search_nos FROM listing_search_matches ORDER BY listing_id`,
        alerts: await tx<
          { id: number; listing_id: string; search_nos: number[]; quiet_nos: number[] }[]
        >`SELECT id::int, listing_id, search_nos, quiet_nos FROM listing_search_alerts ORDER BY id`,
        next: await tx`SELECT nextval('listing_search_alerts_id')::int AS id`,
        old: await tx`SELECT to_regclass('saved_search_alerts') AS alerts, to_regclass('saved_search_matches') AS matches`,
      };
      await tx.unsafe('DROP SCHEMA m0180 CASCADE');
      return result;
    });
    const [a, b] = outcome.numbers.map((r) => Number(r.search_no));
    expect(outcome.matches).toEqual([
      { listing_id: 'L1', search_nos: [a] },
      { listing_id: 'L2', search_nos: [b] },
    ]);
    expect(outcome.alerts.map((r) => [r.id, r.listing_id, r.search_nos, r.quiet_nos])).toEqual([
      [4, 'L1', [a, b], [b]],
      [6, 'L2', [b], [b]],
      [9, 'L1', [a], []],
    ]);
    expect(outcome.next).toEqual([{ id: 11 }]);
    expect(outcome.old).toEqual([{ alerts: null, matches: null }]);
  });
});
