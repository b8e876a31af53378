import type { Sql } from 'postgres';

/**
 * Failed-login limits, counted over a sliding window:
 *
 * - per email, per client address: 5 failures for one email from one address
 *   block that email from that address. Keyed by the pair, so someone else's
 *   failures from another address never block the account owner;
 * - per client address: 20 failures from one address over any emails block the
 *   address (credential stuffing). Higher than the per-email limit because
 *   offices and mobile carriers put many people behind one address.
 *
 * Each attempt is recorded as a failure *before* its password is checked and
 * counts the attempts up to and including its own, so a burst of concurrent
 * guesses cannot all slip under the limit. A blocked attempt is refused before
 * the password is checked and removes its record, so waiting out Retry-After
 * always works. A successful login clears that email's failures from that
 * address, its own record included.
 */
export const LOGIN_LIMITS = { windowMs: 15 * 60 * 1000, perEmail: 5, perAddress: 20 } as const;

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

type Row = {
  byAddress: number;
  byEmail: number;
  addressUnblocksAt: Date | null;
  emailUnblocksAt: Date | null;
};

const secondsUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * One query over the address's recent failures. The block lifts when the
 * failure that reached the limit (the Nth most recent) leaves the window.
 */
export const checkLoginLimit = async (
  sql: Sql,
  email: string,
  address: string,
  now: Date,
): Promise<LimitCheck> => {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const [row] = await sql<Row[]>`
    WITH recent AS (
      SELECT email, failed_at,
             row_number() OVER (ORDER BY failed_at DESC) AS address_rank,
             row_number() OVER (PARTITION BY email ORDER BY failed_at DESC) AS email_rank
      FROM login_failures WHERE address = ${address} AND failed_at > ${since})
    SELECT count(*)::int AS "byAddress",
           (count(*) FILTER (WHERE email = ${email}))::int AS "byEmail",
           max(failed_at) FILTER (WHERE address_rank = ${LOGIN_LIMITS.perAddress}) AS "addressUnblocksAt",
           max(failed_at) FILTER (WHERE email = ${email} AND email_rank = ${LOGIN_LIMITS.perEmail}) AS "emailUnblocksAt"
    FROM recent`;
  if (!row) return { blocked: false };
  const unblocks = [
    row.byAddress >= LOGIN_LIMITS.perAddress ? row.addressUnblocksAt : null,
    row.byEmail >= LOGIN_LIMITS.perEmail ? row.emailUnblocksAt : null,
  ]
    .filter((at): at is Date => at !== null)
    .map((at) => at.getTime() + LOGIN_LIMITS.windowMs);
  if (unblocks.length === 0) return { blocked: false };
  return { blocked: true, retryAfterSeconds: secondsUntil(new Date(Math.max(...unblocks)), now) };
};

export type LoginAttempt = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** Records the attempt, then decides whether it may go on to the password check. */
export const beginLoginAttempt = async (
  sql: Sql,
  email: string,
  address: string,
  now: Date,
): Promise<LoginAttempt> => {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const [attempt] = await sql<{ id: number }[]>`
    INSERT INTO login_failures (email, address, failed_at) VALUES (${email}, ${address}, ${now})
    RETURNING id`;
  const id = attempt!.id;
  const [counts] = await sql<{ byAddress: number; byEmail: number }[]>`
    SELECT count(*)::int AS "byAddress", (count(*) FILTER (WHERE email = ${email}))::int AS "byEmail"
    FROM login_failures WHERE address = ${address} AND failed_at > ${since} AND id <= ${id}`;
  if (counts!.byAddress <= LOGIN_LIMITS.perAddress && counts!.byEmail <= LOGIN_LIMITS.perEmail)
    return { blocked: false };
  await sql`DELETE FROM login_failures WHERE id = ${id}`;
  const limit = await checkLoginLimit(sql, email, address, now);
  return { blocked: true, retryAfterSeconds: limit.blocked ? limit.retryAfterSeconds : 1 };
};

/** The attempt's record stays as the failure; rows that left the window are pruned. */
export const loginFailed = async (sql: Sql, now: Date) => {
  await sql`DELETE FROM login_failures WHERE failed_at <= ${new Date(now.getTime() - LOGIN_LIMITS.windowMs)}`;
};

/** Clears this email's failures from this address, the attempt's own record included. */
export const loginSucceeded = async (sql: Sql, email: string, address: string) => {
  await sql`DELETE FROM login_failures WHERE email = ${email} AND address = ${address}`;
};
