import type { Sql, TransactionSql } from 'postgres';
import { START, type Checkpoint } from '@rentals/core/eventStore/types';
import type { ExternalProjection, Projection, SqlProjection } from './projection.ts';
import { ensureCheckpoint } from './checkpoints.ts';
import { clearParked, parkFromLog } from './parking.ts';
import { startProjection, type RunningProjection } from './runner.ts';
import { holdSwapLock } from './swapLock.ts';
import {
  analyzeShadow,
  createShadowTables,
  dropLeftovers,
  dropSchema,
  inShadow,
  lockLiveTables,
  swapShadowTables,
} from './shadowTables.ts';

export type RebuildProgress = {
  applied: number;
  total: number;
  /** What is counted: log events, or (building a fresh search index) listings. */
  unit?: 'events' | 'listings';
};

export type RebuildResult = { parked: number };

type Options = { batchSize?: number; log?: (line: string) => void };

/** The checkpoint row (and parked streams) of the copy a rebuild fills beside the live model. */
const shadowName = (projection: string) => `${projection}~rebuild`;

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
const watch = async (
  sql: Sql,
  name: string,
  runner: RunningProjection | undefined,
  onProgress: (p: RebuildProgress) => void,
) => {
  const total = await countEvents(sql);
  for (;;) {
    const row = await eventsUpTo(sql, name);
    if (row?.status === 'failed')
      throw new Error(`${name} failed during rebuild: ${row.last_error}`);
    onProgress({ applied: row?.applied ?? 0, total, unit: 'events' });
    if ((row?.applied ?? 0) >= total) break;
    // Wakes on the runner's own progress, never on a write.
    const tick = new Promise((r) => setTimeout(r, 200));
    await (runner ? Promise.race([runner.done, tick]) : tick);
  }
  await runner?.whenCaughtUp(600_000);
};

const parkedCount = async (sql: Sql, projection: string) =>
  (
    await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM projection_parked_streams WHERE projection = ${projection}`
  )[0]?.n ?? 0;

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

/** Forgets a copy's checkpoint and parked streams (a finished or interrupted rebuild). */
const forgetShadow = async (sql: Sql, live: string) => {
  await sql.begin(async (tx) => {
    await clearParked(tx, shadowName(live));
    await tx`DELETE FROM projection_checkpoints WHERE name = ${shadowName(live)}`;
  });
};

/** Runs `work` holding this projection's rebuild lock: two rebuilds of one projection never overlap. */
const exclusively = async <T>(sql: Sql, projection: string, work: () => Promise<T>) => {
  const conn = await sql.reserve();
  try {
    const [lock] = await conn<{ ok: boolean }[]>`
      SELECT pg_try_advisory_lock(hashtext(${`rebuild:${projection}`})) AS ok`;
    if (!lock?.ok) throw new Error(`a rebuild of ${projection} is already running`);
    try {
      return await work();
    } finally {
      await conn`SELECT pg_advisory_unlock(hashtext(${`rebuild:${projection}`}))`;
    }
  } finally {
    conn.release();
  }
};

/** The copy's checkpoint row, at the position it starts from. */
const createShadowCheckpoint = async (sql: Sql, projection: string, from: Checkpoint) => {
  await sql`INSERT INTO projection_checkpoints (name, transaction_id, position, status)
            VALUES (${shadowName(projection)}, ${from.transactionId}::xid8, ${from.position}, 'rebuilding')`;
};

/**
 * The copy's runner: the projection under the copy's name (its own
 * checkpoint, advisory lock and parked streams), applying to the copy.
 */
const shadowRunner = (projection: Projection, options: Options) => (sql: Sql) =>
  startProjection(
    sql,
    { ...projection, name: shadowName(projection.name) },
    {
      batchSize: options.batchSize ?? 2000,
      pollIntervalMs: 50,
      log: options.log,
    },
  );

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
const swapWhenCaughtUp = async (
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
 * Fills the copy from `from` with a runner of its own, reporting progress,
 * then swaps it in (swapWhenCaughtUp).
 */
const fillAndSwap = async (
  sql: Sql,
  projection: Projection,
  copy: Projection,
  from: Checkpoint,
  hold: {
    afterFill?: () => Promise<void>;
    holdLive: (tx: TransactionSql) => Promise<void>;
    swap: (tx: TransactionSql) => Promise<void>;
  },
  onProgress: (p: RebuildProgress) => void,
  options: Options,
  beforeStart: (shadow: Projection) => Promise<void> = async () => {},
) => {
  await createShadowCheckpoint(sql, projection.name, from);
  await beforeStart({ ...copy, name: shadowName(projection.name) });
  const start = () => shadowRunner(copy, options)(sql);
  const filling = start();
  try {
    await watch(sql, shadowName(projection.name), filling, onProgress);
  } finally {
    await filling.stop();
  }
  await hold.afterFill?.();
  await swapWhenCaughtUp(sql, projection, start, hold.holdLive, hold.swap, options.log);
};

/** A Postgres read model with its own tables: filled as copies, then swapped in. */
const rebuildBeside = async (
  sql: Sql,
  projection: SqlProjection & { tables: readonly string[] },
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  await dropLeftovers(sql, projection.name);
  await forgetShadow(sql, projection.name);
  const shadow = await createShadowTables(sql, projection.name, projection.tables);
  let retired: string | undefined;
  try {
    const evolveBatch = projection.evolveBatch;
    const copy: SqlProjection = {
      ...projection,
      evolve: (event) => inShadow(shadow, projection.evolve(event)),
      evolveBatch: evolveBatch && ((events) => inShadow(shadow, evolveBatch(events))),
    };
    await fillAndSwap(
      sql,
      projection,
      copy,
      START,
      {
        // Planner statistics first (outside the swap: ANALYZE writes, which takes a transaction id).
        afterFill: () => analyzeShadow(sql, shadow),
        holdLive: (tx) => lockLiveTables(tx, shadow),
        swap: async (tx) => {
          retired = await swapShadowTables(tx, shadow);
        },
      },
      onProgress,
      options,
    );
  } finally {
    await forgetShadow(sql, projection.name);
    await dropSchema(sql, shadow.schema);
    if (retired) await dropSchema(sql, retired);
  }
};

/** An external model that can fill a fresh copy (the search index): built, caught up, swapped. */
const rebuildFresh = async (
  sql: Sql,
  projection: ExternalProjection & { buildFresh: NonNullable<ExternalProjection['buildFresh']> },
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  await forgetShadow(sql, projection.name);
  const { checkpoint, unapplied, copy } = await projection.buildFresh((done, total) =>
    onProgress({ applied: done, total, unit: 'listings' }),
  );
  let swapped = false;
  try {
    // Neither the live model's copy builder nor its pipelined `send` (to the live index): the copy applies its own.
    const { buildFresh: _live, send: _liveSend, ...rest } = projection;
    await fillAndSwap(
      sql,
      projection,
      { ...rest, apply: copy.apply },
      checkpoint,
      {
        // The live model takes batches under this lock (searchProjection.ts): held, none lands now.
        holdLive: (tx) => holdSwapLock(tx, projection.name),
        swap: async () => {
          await copy.swap();
          swapped = true;
        },
      },
      onProgress,
      options,
      // Streams the copy could not apply are parked before its runner reaches their later events.
      async (shadow) => {
        for (const { event, error } of unapplied) {
          options.log?.(
            `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}): ${error}`,
          );
          await parkFromLog(sql, shadow, event, error);
        }
      },
    );
  } finally {
    await forgetShadow(sql, projection.name);
    // After a swap the old model is under the copy's name; without one the copy itself goes.
    await copy.drop();
    if (!swapped)
      options.log?.(`${projection.name}: rebuild stopped before the swap; nothing changed`);
  }
};

/**
 * Rebuilds a projection from position zero while it keeps running. A read
 * model that names its tables, or an external model that can build a fresh
 * copy, is filled beside the live one from the log by a runner of its own,
 * caught up with the head, and swapped in together with its checkpoint in one
 * transaction: readers see the old model until the new one is complete, the
 * live projector pauses only for the swap, and nothing waits for a write.
 * Otherwise the model, its parked streams and checkpoint are reset in place
 * and replayed. An event that cannot be applied parks its stream, as in
 * normal running: the rebuild goes on and reports how many are parked.
 */
export const rebuildProjection = async (
  sql: Sql,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void = () => {},
  options: Options = {},
): Promise<RebuildResult> => {
  await exclusively(sql, projection.name, async () => {
    if (projection.kind === 'sql' && projection.tables)
      await rebuildBeside(sql, { ...projection, tables: projection.tables }, onProgress, options);
    else if (projection.kind === 'external' && projection.buildFresh)
      await rebuildFresh(
        sql,
        { ...projection, buildFresh: projection.buildFresh },
        onProgress,
        options,
      );
    else await rebuildInPlace(sql, projection, onProgress, options);
  });
  return { parked: await parkedCount(sql, projection.name) };
};

/**
 * Resets the model, its parked streams and the checkpoint in one transaction
 * and replays. If a running projector owns the projection it notices the
 * reset at its next batch (its checkpoint compare-and-set fails) and replays,
 * and we only watch; otherwise we replay here with large batches.
 */
const rebuildInPlace = async (
  sql: Sql,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  await ensureCheckpoint(sql, projection.name);
  await sql.begin(async (tx) => {
    await tx`SELECT 1 FROM projection_checkpoints WHERE name = ${projection.name} FOR UPDATE`;
    if (projection.kind === 'sql')
      for (const s of projection.reset) await tx.unsafe(s.text, s.values as never[]);
    await clearParked(tx, projection.name);
    await tx`UPDATE projection_checkpoints SET transaction_id = '0', position = 0, status = 'rebuilding',
             last_error = NULL, updated_at = now() WHERE name = ${projection.name}`;
  });
  if (projection.kind === 'external') {
    const result = await projection.reset();
    for (const { event, error } of result?.unapplied ?? []) {
      options.log?.(
        `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}): ${error}`,
      );
      await parkFromLog(sql, projection, event, error);
    }
  }

  // Probe for a running owner on one connection; the lock is released at once.
  const probe = await sql.reserve();
  const [lock] = await probe<{ ok: boolean }[]>`
    SELECT pg_try_advisory_lock(hashtext(${`projection:${projection.name}`})) AS ok`;
  if (lock?.ok)
    await probe`SELECT pg_advisory_unlock(hashtext(${`projection:${projection.name}`}))`;
  probe.release();

  const local = lock?.ok
    ? startProjection(sql, projection, {
        batchSize: options.batchSize ?? 2000,
        pollIntervalMs: 50,
        log: options.log,
      })
    : undefined;
  try {
    await watch(sql, projection.name, local, onProgress);
  } finally {
    await local?.stop();
    await sql`UPDATE projection_checkpoints SET status = ${local ? 'idle' : 'running'}, updated_at = now()
              WHERE name = ${projection.name} AND status = 'rebuilding'`;
  }
};
