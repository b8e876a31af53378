import type { Sql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import { decide } from '@rentals/core/listings/decide';
import { EXPIRE_AFTER_DAYS, REMIND_AFTER_DAYS } from '@rentals/core/listings/expiry';
import type { ListingEvent } from '@rentals/core/listings/events';
import { IllegalStateError, NotFoundError } from '@rentals/core/errors';
import { startRounds } from '../runner/rounds.ts';

/** Who the scheduler's events name as their cause (event metadata). */
export const EXPIRY_SCHEDULER_USER = 'system:listing-expiry';
/** Listings read per query; a sweep pages on until none are due. */
const PAGE = 200;
const DAY_MS = 24 * 60 * 60_000;
/** One sweep at a time across processes (the active and the standby projections process). */
const SWEEP_LOCK = 'listing-expiry-sweep';

export type SweepResult = {
  /** Another process held the sweep: this one did nothing. */
  skipped: boolean;
  due: number;
  reminded: number;
  expired: number;
  /** Refused by decide: already done by another sweep, or confirmed since the read model was written. */
  refused: number;
  failures: number;
};

export type SweepOptions = {
  sql: Sql;
  /** The sweep's now, passed into every decision (a test passes day 25 or day 30). */
  now: Date;
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
  /** Called after a reminder is recorded (the reminder email). */
  onReminded?: (
    reminded: Extract<ListingEvent, { type: 'ListingExpiryReminded' }>,
  ) => Promise<void>;
};

type Due = { listingId: string; lastConfirmedAt: Date; reminded: boolean };

const duePage = (sql: Sql, now: Date, after: { at: Date; id: string } | null) => {
  const remindBefore = new Date(now.getTime() - REMIND_AFTER_DAYS * DAY_MS);
  const expireBefore = new Date(now.getTime() - EXPIRE_AFTER_DAYS * DAY_MS);
  return sql<Due[]>`
    SELECT listing_id AS "listingId", last_confirmed_at AS "lastConfirmedAt", reminded
    FROM listing_expiry_schedule
    WHERE listed AND last_confirmed_at <= ${remindBefore}
      AND (NOT reminded OR last_confirmed_at <= ${expireBefore})
      ${after ? sql`AND (last_confirmed_at, listing_id) > (${after.at}, ${after.id})` : sql``}
    ORDER BY last_confirmed_at, listing_id
    LIMIT ${PAGE}`;
};

/**
 * One sweep at `now`: every listed listing whose last confirmation is 25
 * days old gets its reminder, and 30 days old expires, each through the
 * normal command path (load, decide with `now`, append at the version read).
 * Safe to run twice, even at once: decide refuses a second reminder for the
 * same confirmation and an expiry of an expired (or recently confirmed)
 * listing, and a concurrent append is retried on fresh state, where it is
 * refused. The advisory lock only spares the standby the duplicate work.
 */
export const sweepOnce = async (options: SweepOptions): Promise<SweepResult> => {
  const { sql } = options;
  const result: SweepResult = {
    skipped: false,
    due: 0,
    reminded: 0,
    expired: 0,
    refused: 0,
    failures: 0,
  };
  const connection = await sql.reserve();
  try {
    const [lock] = await connection<{ locked: boolean }[]>`
      SELECT pg_try_advisory_lock(hashtext(${SWEEP_LOCK})) AS locked`;
    if (!lock?.locked) return { ...result, skipped: true };
    try {
      await sweepDue(options, result);
    } finally {
      await connection`SELECT pg_advisory_unlock(hashtext(${SWEEP_LOCK}))`;
    }
  } finally {
    connection.release();
  }
  return result;
};

const sweepDue = async (options: SweepOptions, result: SweepResult) => {
  const { sql, now } = options;
  const commands = listingCommandHandler(createEventStore(sql));
  const at = now.toISOString();
  const expireBefore = now.getTime() - EXPIRE_AFTER_DAYS * DAY_MS;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await duePage(sql, now, after);
    if (page.length === 0) return;
    result.due += page.length;
    for (const due of page) {
      after = { at: due.lastConfirmedAt, id: due.listingId };
      const expire = due.lastConfirmedAt.getTime() <= expireBefore;
      try {
        const outcome = await commands.handle(
          due.listingId,
          (state) =>
            decide(expire ? { type: 'ExpireListing', at } : { type: 'RemindExpiry', at }, state),
          { userId: EXPIRY_SCHEDULER_USER },
        );
        for (const event of outcome.events) {
          if (event.type === 'ListingExpired') result.expired++;
          if (event.type === 'ListingExpiryReminded') {
            result.reminded++;
            // The reminder is recorded; a failed email is logged, not retried (My Properties shows it too).
            await options
              .onReminded?.(event)
              .catch((error: unknown) =>
                options.log?.(
                  'listing expiry: reminder email not sent',
                  { listingId: due.listingId, error: (error as Error).message },
                  'warn',
                ),
              );
          }
        }
      } catch (error) {
        if (error instanceof IllegalStateError || error instanceof NotFoundError) {
          result.refused++;
          continue;
        }
        result.failures++;
        options.log?.(
          'listing expiry: command failed; the next sweep tries again',
          { listingId: due.listingId, expire, error: (error as Error).message },
          'warn',
        );
      }
    }
  }
};

/** What /api/health shows of the scheduler. */
const recordSweep = (sql: Sql, sweptAt: Date, now: Date, result: SweepResult, durationMs: number) =>
  sql`INSERT INTO listing_expiry_sweeps AS s (id, swept_at, now_used, due, reminded, expired, failures, duration_ms)
      VALUES (true, ${sweptAt}, ${now}, ${result.due}, ${result.reminded}, ${result.expired}, ${result.failures},
              ${Math.round(durationMs)})
      ON CONFLICT (id) DO UPDATE SET swept_at = excluded.swept_at, now_used = excluded.now_used, due = excluded.due,
        reminded = excluded.reminded, expired = excluded.expired, failures = excluded.failures,
        duration_ms = excluded.duration_ms`;

/** Sweeps at `now` and records the sweep for /api/health (unless another process held it). */
export const sweepAndRecord = async (options: SweepOptions): Promise<SweepResult> => {
  const started = performance.now();
  const result = await sweepOnce(options);
  if (!result.skipped)
    await recordSweep(options.sql, new Date(), options.now, result, performance.now() - started);
  return result;
};

/** Every minute: a listing expires within a minute of its thirtieth day. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The scheduler loop of the projections process (every one runs it; the
 * lock in sweepOnce makes one of them the owner of each sweep).
 */
export const startExpiryScheduler = (
  options: Omit<SweepOptions, 'now'> & { clock: () => Date; intervalMs?: number },
) =>
  startRounds({
    name: 'listing expiry',
    intervalMs: options.intervalMs ?? SWEEP_INTERVAL_MS,
    firstAfterMs: 0,
    round: () => sweepAndRecord({ ...options, now: options.clock() }),
    report: (result) =>
      result.reminded + result.expired + result.failures > 0
        ? {
            line: `${result.reminded} reminded, ${result.expired} expired, ${result.failures} failed`,
            fields: { ...result },
          }
        : undefined,
    log: options.log,
  });
