import type { Sql } from 'postgres';
import { LISTING_READ_MODEL } from '@rentals/core/readSide/names';

/** How long a read waits for the read model to catch up with the caller's own writes before answering anyway. */
export const READ_YOUR_WRITES_BOUND_MS = 2000;

/**
 * Read-your-writes for reads of a read model (the listing read model unless
 * another projection is named): waits (briefly, with a bound) until the
 * projection has applied every committed event that matches `scope`, i.e. of
 * one stream or written by one user, among the types it handles (it passes
 * the others only on its next poll: migration 0188). A projection that has
 * never run is not waited for.
 */
const waitUntilApplied = async (
  db: Sql,
  scope: { streamId: string } | { userId: string },
  boundMs: number,
  projection: string = LISTING_READ_MODEL,
) => {
  const deadline = Date.now() + boundMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    const [row] = await db<{ behind: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM events e, projection_checkpoints c
        WHERE c.name = ${projection}
          AND ${'streamId' in scope ? db`e.stream_id = ${scope.streamId}` : db`(e.metadata ->> 'userId') = ${scope.userId}`}
          AND (c.handles IS NULL OR e.type = ANY(c.handles))
          AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
      ) AS behind`;
    if (!row?.behind || Date.now() + delay > deadline) return;
    await new Promise((r) => setTimeout(r, delay));
  }
};

/**
 * The streams (at most `limit`) with events of `scope` the projection
 * (the listing read model unless named) has not applied yet: what a reader
 * that must see its own writes at once folds from the log instead.
 */
export const streamsNotApplied = async (
  db: Sql,
  scope: { streamId: string } | { userId: string },
  limit = 100,
  projection: string = LISTING_READ_MODEL,
): Promise<string[]> => {
  const rows = await db<{ streamId: string }[]>`
    SELECT DISTINCT e.stream_id AS "streamId" FROM events e, projection_checkpoints c
    WHERE c.name = ${projection}
      AND ${'streamId' in scope ? db`e.stream_id = ${scope.streamId}` : db`(e.metadata ->> 'userId') = ${scope.userId}`}
      AND (c.handles IS NULL OR e.type = ANY(c.handles))
      AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
    LIMIT ${limit}`;
  return rows.map((r) => r.streamId);
};

/** `projection`: the read model to wait for (the listing read model unless named). */
export const waitForStream = (
  db: Sql,
  streamId: string,
  boundMs = READ_YOUR_WRITES_BOUND_MS,
  projection?: string,
) => waitUntilApplied(db, { streamId }, boundMs, projection);

export const waitForUser = (db: Sql, userId: string, boundMs = READ_YOUR_WRITES_BOUND_MS) =>
  waitUntilApplied(db, { userId }, boundMs);

/** Read-your-writes for another read model (by its projection's name), e.g. a user's own favourites. */
export const waitForUserIn = (
  db: Sql,
  projection: string,
  userId: string,
  boundMs = READ_YOUR_WRITES_BOUND_MS,
) => waitUntilApplied(db, { userId }, boundMs, projection);
