import type { Sql, TransactionSql } from 'postgres';
import type { Checkpoint } from '@rentals/core/eventStore/types';
import type { Projection } from './projection.ts';
import { createRebuildCheckpoint, ensureCheckpoint } from './checkpoints.ts';
import { clearParked } from './parking.ts';
import { startProjection, type RunningProjection } from './runner.ts';

// The copy a rebuild fills beside a live model (rebuild.ts): its checkpoint and parked streams
// under the copy's name, its runner, its progress, and the swap that hands it all to the live one.

export type RebuildProgress = {
  /** What this pass fills: one projection's name, or several joined by " + " (one pass over the log for all). */
  of: string;
  applied: number;
  total: number;
  /** What is counted: log events, or the streams folded whole (listings: a fresh search index, folded read models). */
  unit?: string;
};

/** Batches of the copies' runners unless the caller says otherwise: fewer, larger transactions. */
export const REBUILD_BATCH = 5000;

export type Options = { batchSize?: number; log?: (line: string) => void };

/** The checkpoint row (and parked streams) of the copy a rebuild fills beside the live model. */
export const shadowName = (projection: string) => `${projection}~rebuild`;

const eventsUpTo = async (sql: Sql, name: string) => {
  const [row] = await sql<{ applied: number; status: string; last_error: string | null }[]>`
    SELECT (SELECT count(*) FROM events e WHERE (e.transaction_id, e.position) <= (c.transaction_id, c.position))::int AS applied,
           c.status, c.last_error
    FROM projection_checkpoints c WHERE c.name = ${name}`;
  return row;
};

const countEvents = async (sql: Sql) =>
  (await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM events`)[0]?.total ?? 0;

/** Reports progress until the named checkpoint has passed every event there was at the start. */
export const watch = async (
  sql: Sql,
  name: string,
  runner: RunningProjection | undefined,
  onProgress: (p: RebuildProgress) => void,
  of: string,
) => {
  const total = await countEvents(sql);
  for (;;) {
    const row = await eventsUpTo(sql, name);
    if (row?.status === 'failed')
      throw new Error(`${name} failed during rebuild: ${row.last_error}`);
    onProgress({ of, applied: row?.applied ?? 0, total, unit: 'events' });
    if ((row?.applied ?? 0) >= total) break;
    // Wakes on the runner's own progress, never on a write.
    const tick = new Promise((r) => setTimeout(r, 200));
    await (runner ? Promise.race([runner.done, tick]) : tick);
  }
  await runner?.whenCaughtUp(600_000);
};

/**
 * Hands the copy's checkpoint and parked streams to the live projection, in
 * the caller's transaction (the swap).
 */
const adoptShadowState = async (tx: TransactionSql, live: string) => {
  const shadow = shadowName(live);
  const [at] = await tx<{ transaction_id: string; position: number }[]>`
    SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = ${shadow}`;
  await tx`UPDATE projection_checkpoints SET transaction_id = ${at!.transaction_id}::xid8, position = ${at!.position},
           status = CASE WHEN status = 'rebuilding' THEN 'idle' ELSE status END, last_error = NULL, updated_at = now()
           WHERE name = ${live}`;
  await clearParked(tx, live);
  await tx`INSERT INTO projection_parked_streams (projection, stream_id, position, event_type, error, parked_at, retried_at, attempts)
           SELECT ${live}, stream_id, position, event_type, error, parked_at, retried_at, attempts
           FROM projection_parked_streams WHERE projection = ${shadow}`;
  await tx`UPDATE projection_parked_events SET projection = ${live} WHERE projection = ${shadow}`;
  await clearParked(tx, shadow);
  await tx`DELETE FROM projection_checkpoints WHERE name = ${shadow}`;
};

/** Forgets a copy's (or a pass's) checkpoint and parked streams (a finished or interrupted rebuild). */
export const forget = async (sql: Sql, checkpoint: string) => {
  await sql.begin(async (tx) => {
    await clearParked(tx, checkpoint);
    await tx`DELETE FROM projection_checkpoints WHERE name = ${checkpoint}`;
  });
};

export const forgetShadow = (sql: Sql, live: string) => forget(sql, shadowName(live));

/**
 * A rebuild's runner, with large batches. A copy's is a projection named for
 * the copy (its own checkpoint, advisory lock and parked streams), applying
 * to the copy.
 */
export const rebuildRunner = (sql: Sql, copy: Projection, options: Options) =>
  startProjection(sql, copy, {
    batchSize: options.batchSize ?? REBUILD_BATCH,
    pollIntervalMs: 50,
    log: options.log,
  });

/**
 * The swap: with the live model held still by `holdLive` (in the swap
 * transaction, so the live projector waits at its next batch), the copy
 * catches up with the head of the log, is swapped in by `swap`, and takes
 * over its checkpoint, all in one transaction. A live batch that committed
 * before the hold is in the copy too (it caught up past it); one that waits
 * runs after the swap, against the new model. The live projector then fails
 * its checkpoint compare-and-set if it was anywhere else, and continues from
 * the copy's checkpoint on the swapped-in model: no restart.
 */
export const swapWhenCaughtUp = async (
  sql: Sql,
  projection: Projection,
  start: () => RunningProjection,
  holdLive: (tx: TransactionSql) => Promise<void>,
  swap: (tx: TransactionSql) => Promise<void>,
  log: (line: string) => void = () => {},
) => {
  await ensureCheckpoint(sql, projection.name);
  for (let attempt = 1; ; attempt++) {
    const shadow = start();
    try {
      await shadow.whenCaughtUp(600_000);
      await sql.begin(async (tx) => {
        // Locks that take no transaction id: one taken here would hold back the log's
        // visibility fence, and the copy could never catch up.
        await holdLive(tx);
        // Only the few events appended since the copy last caught up are applied while the live model waits.
        await shadow.whenCaughtUp(600_000);
        await shadow.stop();
        await swap(tx);
        await adoptShadowState(tx, projection.name);
      });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A deadlock with a reader, or a reader holding a table too long: the swap rolled back; again.
      if (attempt >= 5 || (code !== '40P01' && code !== '55P03')) throw error;
      log(`${projection.name}: swap gave way to readers (${code}); trying again`);
    } finally {
      await shadow.stop();
    }
  }
};

/**
 * Fills a copy (or several, in one pass) from `from` with a runner of its
 * own, reporting progress, until it has passed every event there was at the
 * start.
 */
export const fill = async (
  sql: Sql,
  copy: Projection,
  from: Checkpoint,
  onProgress: (p: RebuildProgress) => void,
  of: string,
  options: Options,
  beforeStart: () => Promise<void> = async () => {},
) => {
  await createRebuildCheckpoint(sql, copy.name, from);
  await beforeStart();
  const filling = rebuildRunner(sql, copy, options);
  try {
    await watch(sql, copy.name, filling, onProgress, of);
  } finally {
    await filling.stop();
  }
};
