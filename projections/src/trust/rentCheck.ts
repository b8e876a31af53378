import type { Sql } from 'postgres';
import { listingFairRent } from '../queries/rentTrends.ts';
import { startRounds } from '../runner/rounds.ts';

/**
 * The 'too good to be true' sweep (issue 41): each listed listing's monthly
 * rent against the median of its comparables (the fair-rent hint the detail
 * page shows, core/src/trust/tooCheap.ts), kept in `rent_check` for the
 * admins' queue. The detail page asks the rule live; the queue follows within
 * a round. Checked first: listings never checked or whose rent changed since;
 * then the oldest findings, as the market around them moves.
 */

/**
 * A finding older than this is checked again (the comparables change as
 * listings come and go). A week: one check costs ~35 ms on the 200k bench
 * seed (bench:trust), so a daily pass would keep the sweep busy all day.
 */
export const RECHECK_AFTER_MS = 7 * 24 * 60 * 60_000;
/** Listings read per query; a round checks page after page until none is due or its time is up. */
const PAGE = 200;
/** A round's time; the next round goes on where it stopped. */
const ROUND_BUDGET_MS = 5_000;
const ROUND_INTERVAL_MS = 60_000;
/** One sweep at a time across processes (the active and the standby projections process). */
const SWEEP_LOCK = 'rent-check-sweep';

export type RentCheckResult = { skipped: boolean; checked: number; muchBelow: number };

const duePage = (sql: Sql, now: Date) =>
  sql<{ listingId: string }[]>`
    (SELECT l.listing_id AS "listingId"
       FROM rent_listing l LEFT JOIN rent_check c ON c.listing_id = l.listing_id
       WHERE l.listed AND (c.listing_id IS NULL OR c.checked_rent <> l.monthly_rent)
       LIMIT ${PAGE})
    UNION
    (SELECT c.listing_id FROM rent_check c
       WHERE c.checked_at < ${new Date(now.getTime() - RECHECK_AFTER_MS)}
       ORDER BY c.checked_at LIMIT ${PAGE})`;

/** Checks one listing and records the finding; a listing gone or off the market loses its row. */
const checkOne = async (sql: Sql, listingId: string, now: Date): Promise<boolean | null> => {
  const found = await listingFairRent(sql, listingId);
  const [listed] = await sql<{ listed: boolean }[]>`
    SELECT listed FROM rent_listing WHERE listing_id = ${listingId}`;
  if (!found || !listed?.listed) {
    await sql`DELETE FROM rent_check WHERE listing_id = ${listingId}`;
    return null;
  }
  const { monthlyRent, fair } = found;
  const muchBelow = fair?.muchBelow ?? false;
  await sql`
    INSERT INTO rent_check (listing_id, checked_rent, checked_at, much_below, median, sample, evidence)
    VALUES (${listingId}, ${monthlyRent}, ${now}, ${muchBelow}, ${fair?.median ?? null},
            ${fair?.sample ?? null}, ${fair?.text ?? null})
    ON CONFLICT (listing_id) DO UPDATE SET checked_rent = EXCLUDED.checked_rent,
      checked_at = EXCLUDED.checked_at, much_below = EXCLUDED.much_below, median = EXCLUDED.median,
      sample = EXCLUDED.sample, evidence = EXCLUDED.evidence`;
  return muchBelow;
};

const checkDue = async (sql: Sql, now: Date, result: RentCheckResult, budgetMs: number) => {
  const started = Date.now();
  while (Date.now() - started < budgetMs) {
    const page = await duePage(sql, now);
    if (page.length === 0) return;
    for (const { listingId } of page) {
      const muchBelow = await checkOne(sql, listingId, now);
      result.checked++;
      if (muchBelow) result.muchBelow++;
    }
  }
};

/**
 * One round at `now`, checking due listings for at most `budgetMs` (the
 * benchmark passes Infinity to check every listing). Safe to run twice at
 * once: the advisory lock only spares the standby the duplicate work.
 */
export const rentCheckRound = async (
  sql: Sql,
  now: Date,
  budgetMs = ROUND_BUDGET_MS,
): Promise<RentCheckResult> => {
  const result: RentCheckResult = { skipped: false, checked: 0, muchBelow: 0 };
  const connection = await sql.reserve();
  try {
    const [lock] = await connection<{ locked: boolean }[]>`
      SELECT pg_try_advisory_lock(hashtext(${SWEEP_LOCK})) AS locked`;
    if (!lock?.locked) return { ...result, skipped: true };
    try {
      await checkDue(sql, now, result, budgetMs);
    } finally {
      await connection`SELECT pg_advisory_unlock(hashtext(${SWEEP_LOCK}))`;
    }
  } finally {
    connection.release();
  }
  return result;
};

export const startRentCheck = (options: {
  sql: Sql;
  clock: () => Date;
  intervalMs?: number;
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
}) =>
  startRounds({
    name: 'rent check',
    intervalMs: options.intervalMs ?? ROUND_INTERVAL_MS,
    firstAfterMs: 0,
    round: () => rentCheckRound(options.sql, options.clock()),
    report: (result) =>
      result.muchBelow > 0
        ? {
            line: `${result.checked} checked, ${result.muchBelow} much below`,
            fields: { ...result },
          }
        : undefined,
    log: options.log,
  });
