import type { Sql, TransactionSql } from 'postgres';
import { START, type Checkpoint, type RecordedEvent } from '@rentals/core/eventStore/types';
import type { ExternalProjection, Projection, SqlProjection } from './projection.ts';
import { createRebuildCheckpoint, ensureCheckpoint, projectionLockKey } from './checkpoints.ts';
import { clearParked, parkFromLog } from './parking.ts';
import { startProjection, type RunningProjection } from './runner.ts';
import { fillFromStreams, type FoldPart } from './fillFromStreams.ts';
import type { StreamFold } from './streamFold.ts';
import { holdSwapLock } from './swapLock.ts';
import { retryParked } from './retryParked.ts';
import {
  vacuumShadow,
  createDeferredIndexes,
  createShadowTables,
  dropLeftovers,
  dropSchema,
  inShadow,
  lockLiveTables,
  swapShadowTables,
  type ShadowTables,
} from './shadowTables.ts';

export type RebuildProgress = {
  /** What this pass fills: one projection's name, or several joined by " + " (one pass over the log for all). */
  of: string;
  applied: number;
  total: number;
  /** What is counted: log events, or the streams folded whole (listings: a fresh search index, folded read models). */
  unit?: string;
};

export type RebuildResult = { parked: number };

/** Batches of the copies' runners unless the caller says otherwise: fewer, larger transactions. */
const REBUILD_BATCH = 5000;

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

/** Forgets a copy's (or a pass's) checkpoint and parked streams (a finished or interrupted rebuild). */
const forget = async (sql: Sql, checkpoint: string) => {
  await sql.begin(async (tx) => {
    await clearParked(tx, checkpoint);
    await tx`DELETE FROM projection_checkpoints WHERE name = ${checkpoint}`;
  });
};

const forgetShadow = (sql: Sql, live: string) => forget(sql, shadowName(live));

/** Runs `work` holding these projections' rebuild locks: two rebuilds of one projection never overlap. */
const exclusively = async <T>(sql: Sql, projections: readonly string[], work: () => Promise<T>) => {
  const conn = await sql.reserve();
  const held: string[] = [];
  try {
    for (const projection of projections) {
      const [lock] = await conn<{ ok: boolean }[]>`
        SELECT pg_try_advisory_lock(hashtext(${`rebuild:${projection}`})) AS ok`;
      if (!lock?.ok) throw new Error(`a rebuild of ${projection} is already running`);
      held.push(projection);
    }
    return await work();
  } finally {
    for (const projection of held)
      await conn`SELECT pg_advisory_unlock(hashtext(${`rebuild:${projection}`}))`;
    conn.release();
  }
};

/**
 * A copy's runner: a projection named for the copy (its own checkpoint,
 * advisory lock and parked streams), applying to the copy.
 */
const shadowRunner = (sql: Sql, copy: Projection, options: Options) =>
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
 * Fills a copy (or several, in one pass) from `from` with a runner of its
 * own, reporting progress, until it has passed every event there was at the
 * start.
 */
const fill = async (
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
  const filling = shadowRunner(sql, copy, options);
  try {
    await watch(sql, copy.name, filling, onProgress, of);
  } finally {
    await filling.stop();
  }
};

type TableModel = SqlProjection & { tables: readonly string[] };
type Part = { model: TableModel; shadow: ShadowTables };

/**
 * Read models as one projection named `name`: each event goes to the models
 * that handle it, and each model's statements run against its own copies.
 */
const intoCopies = (name: string, parts: readonly Part[]): SqlProjection => {
  const handlers = parts.map((p) => ({ ...p, handles: new Set(p.model.canHandle) }));
  const apply = (events: RecordedEvent[]) =>
    handlers.flatMap(({ model, shadow, handles }) => {
      const mine = events.filter((e) => handles.has(e.type));
      if (mine.length === 0) return [];
      return inShadow(
        shadow,
        model.evolveBatch ? model.evolveBatch(mine) : mine.flatMap((e) => model.evolve(e)),
      );
    });
  const settling = parts.flatMap(({ model, shadow }) =>
    model.settle
      ? [{ ...model.settle, statements: inShadow(shadow, model.settle.statements) }]
      : [],
  );
  return {
    kind: 'sql',
    name,
    canHandle: [...new Set(parts.flatMap((p) => p.model.canHandle))],
    evolve: (event) => apply([event]),
    evolveBatch: apply,
    reset: [],
    ...(settling.length > 0 && {
      settle: {
        statements: settling.flatMap((s) => s.statements),
        atMostEveryMs: Math.min(...settling.map((s) => s.atMostEveryMs)),
      },
    }),
  };
};

/**
 * After one pass filled several models' copies: each copy gets the pass's
 * checkpoint, and every stream the pass parked, at the first held event the
 * model handles. The pass parks a stream for every model at once (its batch
 * is one transaction), so each copy then retries its parked streams: a model
 * that can apply the events takes them, and a stream stays parked only for
 * the models that fail on it, at the event they fail on, as when each model
 * is rebuilt alone.
 */
const handOver = async (sql: Sql, pass: string, parts: readonly Part[]) => {
  const models = parts.map((p) => p.model);
  await sql.begin(async (tx) => {
    for (const m of models) {
      const copy = shadowName(m.name);
      const types = tx.array([...m.canHandle]);
      await tx`INSERT INTO projection_checkpoints (name, transaction_id, position, status)
               SELECT ${copy}, transaction_id, position, 'rebuilding' FROM projection_checkpoints WHERE name = ${pass}`;
      await tx`INSERT INTO projection_parked_streams (projection, stream_id, position, event_type, error, parked_at, retried_at, attempts)
               SELECT ${copy}, s.stream_id, h.position, h.event_type, s.error, s.parked_at, s.retried_at, s.attempts
               FROM projection_parked_streams s
               CROSS JOIN LATERAL (
                 SELECT e.position, e.event_type FROM projection_parked_events e
                 WHERE e.projection = s.projection AND e.stream_id = s.stream_id AND e.event_type = ANY(${types}::text[])
                 ORDER BY e.transaction_id, e.position LIMIT 1) h
               WHERE s.projection = ${pass}`;
      await tx`INSERT INTO projection_parked_events (projection, stream_id, transaction_id, position, event_type, held_at)
               SELECT ${copy}, stream_id, transaction_id, position, event_type, held_at
               FROM projection_parked_events WHERE projection = ${pass} AND event_type = ANY(${types}::text[])`;
    }
  });
  for (const part of parts) {
    const copy = intoCopies(shadowName(part.model.name), [part]);
    const parked = await sql<{ stream_id: string }[]>`
      SELECT stream_id FROM projection_parked_streams WHERE projection = ${copy.name} ORDER BY stream_id`;
    for (const { stream_id } of parked) await retryParked(sql, copy, stream_id);
  }
};

/** A model whose copies can be filled from folded streams: every type it handles lives on its streams. */
const canFold = (model: TableModel): model is TableModel & { foldStreams: StreamFold } =>
  model.foldStreams !== undefined &&
  model.canHandle.every((t) => model.foldStreams!.eventTypes.includes(t));

/**
 * Fills copies event by event, in one pass over the log for all of them
 * (each event read once): a pass of several models then hands each copy the
 * pass's checkpoint and parked streams.
 */
const fillFromEvents = async (
  sql: Sql,
  parts: readonly Part[],
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  const models = parts.map((p) => p.model);
  const pass =
    models.length === 1
      ? shadowName(models[0]!.name)
      : `${models.map((m) => m.name).join('+')}~rebuild`;
  try {
    await forget(sql, pass);
    await fill(
      sql,
      intoCopies(pass, parts),
      START,
      onProgress,
      models.map((m) => m.name).join(' + '),
      options,
    );
    if (models.length > 1) await handOver(sql, pass, parts);
  } finally {
    if (models.length > 1) await forget(sql, pass);
  }
};

/**
 * Postgres read models with their own tables, rebuilt together: copies of
 * their tables without secondary indexes, filled in one pass (from folded
 * streams where the models can, fillFromStreams; else from the log event by
 * event, each event read once for all of them), then for each model its
 * indexes built in one go, planner statistics taken, and the copy caught up
 * and swapped in with its checkpoint (swapWhenCaughtUp).
 */
const rebuildBeside = async (
  sql: Sql,
  models: readonly TableModel[],
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  const parts: Part[] = [];
  const retired: string[] = [];
  const log = options.log ?? (() => {});
  try {
    for (const model of models) {
      await dropLeftovers(sql, model.name);
      await forgetShadow(sql, model.name);
      // A fold's tables are filled by COPY (and its finish), which need no keys: built after, sorted.
      const bulk = canFold(model) ? Object.keys(model.foldStreams.columns) : [];
      parts.push({ model, shadow: await createShadowTables(sql, model.name, model.tables, bulk) });
    }
    let since = performance.now();
    const took = () => {
      const seconds = (performance.now() - since) / 1000;
      since = performance.now();
      return `${seconds.toFixed(1)} s`;
    };
    const byStreamType = new Map<string, FoldPart[]>();
    const byEvent: Part[] = [];
    for (const { model, shadow } of parts)
      if (canFold(model))
        byStreamType.set(model.foldStreams.streamType, [
          ...(byStreamType.get(model.foldStreams.streamType) ?? []),
          { model, shadow, copy: shadowName(model.name) },
        ]);
      else byEvent.push({ model, shadow });
    for (const [streamType, folding] of byStreamType) {
      const of = folding.map((p) => p.model.name).join(' + ');
      await fillFromStreams(
        sql,
        folding,
        (applied, total) => onProgress({ of, applied, total, unit: `${streamType}s` }),
        log,
      );
      log(`${of}: copies filled from the ${streamType} streams in ${took()}`);
    }
    if (byEvent.length > 0) {
      await fillFromEvents(sql, byEvent, onProgress, options);
      log(
        `${byEvent.map((p) => p.model.name).join(' + ')}: copies filled from the log in ${took()}`,
      );
    }
    for (const { model, shadow } of parts) {
      await createDeferredIndexes(sql, shadow);
      log(`${model.name}: ${shadow.deferred.length} index(es) built in ${took()}`);
      // Statistics and visibility map first (outside the swap: VACUUM cannot run in a transaction, and ANALYZE
      // takes a transaction id).
      await vacuumShadow(sql, shadow);
      log(`${model.name}: vacuumed and analysed in ${took()}`);
      const copy = intoCopies(shadowName(model.name), [{ model, shadow }]);
      await swapWhenCaughtUp(
        sql,
        model,
        () => shadowRunner(sql, copy, options),
        (tx) => lockLiveTables(tx, shadow),
        async (tx) => {
          retired.push(await swapShadowTables(tx, shadow));
        },
        options.log,
      );
      log(`${model.name}: caught up and swapped in ${took()}`);
    }
  } finally {
    for (const { model, shadow } of parts) {
      await forgetShadow(sql, model.name);
      await dropSchema(sql, shadow.schema);
    }
    // A swap that rolled back and was tried again names the same schema twice; dropping is idempotent.
    for (const schema of retired) await dropSchema(sql, schema);
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
    onProgress({ of: projection.name, applied: done, total, unit: 'listings' }),
  );
  let swapped = false;
  try {
    // Neither the live model's copy builder nor its pipelined `send` (to the live index): the copy applies its own.
    const { buildFresh: _live, send: _liveSend, ...rest } = projection;
    const shadow: ExternalProjection = {
      ...rest,
      name: shadowName(projection.name),
      apply: copy.apply,
    };
    await fill(sql, shadow, checkpoint, onProgress, projection.name, options, async () => {
      // Streams the copy could not apply are parked before its runner reaches their later events.
      for (const { event, error } of unapplied) {
        options.log?.(
          `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}): ${error}`,
        );
        await parkFromLog(sql, shadow, event, error);
      }
    });
    await swapWhenCaughtUp(
      sql,
      projection,
      () => shadowRunner(sql, shadow, options),
      // The live model takes batches under this lock (searchProjection.ts): held, none lands now.
      (tx) => holdSwapLock(tx, projection.name),
      async () => {
        await copy.swap();
        swapped = true;
      },
      options.log,
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
 * Rebuilds projections from position zero while they keep running. Read
 * models that name their tables are filled beside the live ones, together in
 * one pass over the log (rebuildBeside); an external model that can build a
 * fresh copy (the search index) is built beside the live one by its own
 * means. Each copy is then caught up with the head and swapped in together
 * with its checkpoint in one transaction: readers see the old model until
 * the new one is complete, the live projector pauses only for the swap, and
 * nothing waits for a write. Any other model, its parked streams and
 * checkpoint are reset in place and replayed. An event that cannot be
 * applied parks its stream, as in normal running: the rebuild goes on and
 * reports how many are parked.
 */
export const rebuildProjections = async (
  sql: Sql,
  projections: readonly Projection[],
  onProgress: (p: RebuildProgress) => void = () => {},
  options: Options = {},
): Promise<Map<string, RebuildResult>> => {
  const names = projections.map((p) => p.name);
  await exclusively(sql, names, async () => {
    const beside = projections.flatMap((p) =>
      p.kind === 'sql' && p.tables ? [{ ...p, tables: p.tables }] : [],
    );
    if (beside.length > 0) await rebuildBeside(sql, beside, onProgress, options);
    for (const projection of projections)
      if (projection.kind === 'external' && projection.buildFresh)
        await rebuildFresh(
          sql,
          { ...projection, buildFresh: projection.buildFresh },
          onProgress,
          options,
        );
      else if (projection.kind === 'external' || !projection.tables)
        await rebuildInPlace(sql, projection, onProgress, options);
  });
  return new Map(
    await Promise.all(names.map(async (n) => [n, { parked: await parkedCount(sql, n) }] as const)),
  );
};

/** Rebuilds one projection (rebuildProjections). */
export const rebuildProjection = async (
  sql: Sql,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void = () => {},
  options: Options = {},
): Promise<RebuildResult> =>
  (await rebuildProjections(sql, [projection], onProgress, options)).get(projection.name)!;

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
    SELECT pg_try_advisory_lock(hashtext(${projectionLockKey(projection.name)})) AS ok`;
  if (lock?.ok)
    await probe`SELECT pg_advisory_unlock(hashtext(${projectionLockKey(projection.name)}))`;
  probe.release();

  const local = lock?.ok
    ? startProjection(sql, projection, {
        batchSize: options.batchSize ?? REBUILD_BATCH,
        pollIntervalMs: 50,
        log: options.log,
      })
    : undefined;
  try {
    await watch(sql, projection.name, local, onProgress, projection.name);
  } finally {
    await local?.stop();
    await sql`UPDATE projection_checkpoints SET status = ${local ? 'idle' : 'running'}, updated_at = now()
              WHERE name = ${projection.name} AND status = 'rebuilding'`;
  }
};
