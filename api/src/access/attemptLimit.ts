import type { Sql, TransactionSql } from 'postgres';
import { RetryLaterError } from '../shared/retryLater.ts';

/**
 * Limits on attempts per client address and, optionally, per subject (the
 * email tried, the account) from that address, counted over a sliding window
 * in Postgres so that every web process sees the same counts.
 *
 * Keying the subject limit by the pair (subject, address) means someone else's
 * attempts from another address never block the subject's owner; the address
 * limit catches one address trying many subjects.
 *
 * `begin` counts and records the attempt *before* the guarded work runs, in
 * one transaction holding an advisory lock on (action, address), so a burst
 * of concurrent attempts is counted one at a time and cannot slip past the
 * limit together. (Counting rows up to one's own id was not enough: ids come
 * from a sequence in the order they are drawn, not the order transactions
 * commit, so two attempts could each miss the other.) A blocked attempt
 * leaves no record, so waiting out Retry-After always works. What ends an attempt's
 * record is the caller's choice: a success can `clear` it (failed logins), or
 * it can stay and count (registrations count whether they succeed or not).
 */
export type AttemptLimit = {
  /** Which limit a record counts for ('login', 'change-password', 'register'). */
  action: string;
  windowMs: number;
  perAddress: number;
  /** Attempts for one subject from one address; absent, only the address is limited. */
  perSubject?: number;
};

/** A limit as its comment states it: the action, the window in minutes, the counts. */
export const attemptLimit = <const Counts extends Omit<AttemptLimit, 'action' | 'windowMs'>>(
  action: string,
  { minutes, ...counts }: Counts & { minutes: number },
) => ({ action, windowMs: minutes * 60 * 1000, ...counts }) satisfies AttemptLimit;

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** 429 with the seconds until the next attempt may go through (Retry-After). */
export class TooManyAttemptsError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, retryAfterSeconds);
  }
}

type Row = {
  byAddress: number;
  bySubject: number;
  addressUnblocksAt: Date | null;
  subjectUnblocksAt: Date | null;
};

const secondsUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

export const createAttemptLimiter = (sql: Sql, limit: AttemptLimit) => {
  const { action, windowMs, perAddress } = limit;
  // No subject limit: one subject ('') whose limit the address limit always reaches first.
  const perSubject = limit.perSubject ?? perAddress;
  const since = (now: Date) => new Date(now.getTime() - windowMs);

  /**
   * One query over the address's recent attempts. The block lifts when the
   * attempt that reached the limit (the Nth most recent) leaves the window.
   */
  const checkIn = async (
    q: Sql | TransactionSql,
    subject: string,
    address: string,
    now: Date,
  ): Promise<LimitCheck> => {
    const [row] = await q<Row[]>`
      WITH recent AS (
        SELECT subject, attempted_at,
               row_number() OVER (ORDER BY attempted_at DESC) AS address_rank,
               row_number() OVER (PARTITION BY subject ORDER BY attempted_at DESC) AS subject_rank
        FROM limited_attempts
        WHERE action = ${action} AND address = ${address} AND attempted_at > ${since(now)})
      SELECT count(*)::int AS "byAddress",
             (count(*) FILTER (WHERE subject = ${subject}))::int AS "bySubject",
             max(attempted_at) FILTER (WHERE address_rank = ${perAddress}) AS "addressUnblocksAt",
             max(attempted_at) FILTER (WHERE subject = ${subject} AND subject_rank = ${perSubject})
               AS "subjectUnblocksAt"
      FROM recent`;
    if (!row) return { blocked: false };
    const unblocks = [
      row.byAddress >= perAddress ? row.addressUnblocksAt : null,
      row.bySubject >= perSubject ? row.subjectUnblocksAt : null,
    ]
      .filter((at): at is Date => at !== null)
      .map((at) => at.getTime() + windowMs);
    if (unblocks.length === 0) return { blocked: false };
    return { blocked: true, retryAfterSeconds: secondsUntil(new Date(Math.max(...unblocks)), now) };
  };

  const check = (subject: string, address: string, now: Date) =>
    checkIn(sql, subject, address, now);

  return {
    limit,
    check,

    /** Decides whether the attempt may go on and, if it may, records it. */
    begin: (subject: string, address: string, now: Date): Promise<LimitCheck> =>
      sql.begin(async (tx) => {
        // Serialises the attempts from one address for this action; the
        // subject limit is per address too, so this lock covers it. A statement
        // of its own: the next one's snapshot must come after the lock.
        await tx`SELECT pg_advisory_xact_lock(hashtext(${action}), hashtext(${address}))`;
        // Counted and, under both limits, recorded in one statement; only a refusal reads further.
        const [counted] = await tx<{ recorded: boolean }[]>`
          WITH counts AS (
            SELECT count(*) AS by_address, count(*) FILTER (WHERE subject = ${subject}) AS by_subject
            FROM limited_attempts
            WHERE action = ${action} AND address = ${address} AND attempted_at > ${since(now)}),
          recorded AS (
            INSERT INTO limited_attempts (action, subject, address, attempted_at)
            SELECT ${action}, ${subject}, ${address}, ${now} FROM counts
            WHERE by_address < ${perAddress} AND by_subject < ${perSubject}
            RETURNING 1)
          SELECT EXISTS (SELECT 1 FROM recorded) AS recorded`;
        if (counted!.recorded) return { blocked: false };
        const verdict = await checkIn(tx, subject, address, now);
        return verdict.blocked ? verdict : { blocked: true, retryAfterSeconds: 1 };
      }),

    /** Removes this limit's records that left the window. */
    prune: async (now: Date) => {
      await sql`DELETE FROM limited_attempts WHERE action = ${action} AND attempted_at <= ${since(now)}`;
    },

    /** Forgets the subject's attempts from this address, the current one's record included. */
    clear: async (subject: string, address: string) => {
      await sql`DELETE FROM limited_attempts
                WHERE action = ${action} AND subject = ${subject} AND address = ${address}`;
    },
  };
};

/**
 * The limit of a write an account makes (a heart, a saved search, a report):
 * each call records one attempt by `subject` from `address`, refuses it past
 * the limit with 429, its `tooMany` message and Retry-After, and prunes the
 * records that left the window at most once a window.
 */
export const createWriteLimit = (sql: Sql, limit: AttemptLimit & { tooMany: string }) => {
  const limiter = createAttemptLimiter(sql, limit);
  let prunedAt = 0;
  return async (subject: string, address: string, now: Date) => {
    const attempt = await limiter.begin(subject, address, now);
    if (attempt.blocked) throw new TooManyAttemptsError(limit.tooMany, attempt.retryAfterSeconds);
    if (now.getTime() - prunedAt > limit.windowMs) {
      prunedAt = now.getTime();
      await limiter.prune(now);
    }
  };
};
