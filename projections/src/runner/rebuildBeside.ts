import type { Sql } from 'postgres';
import { START, type RecordedEvent } from '@rentals/core/eventStore/types';
import type { SqlProjection } from './projection.ts';
import { fillFromStreams, type FoldPart } from './fillFromStreams.ts';
import { retryParked } from './retryParked.ts';
import {
  fill,
  forget,
  forgetShadow,
  rebuildRunner,
  shadowName,
  swapWhenCaughtUp,
  type Options,
  type RebuildProgress,
} from './rebuildCopies.ts';
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
import type { StreamFold } from './streamFold.ts';

// Read models with their own tables, rebuilt beside the live ones (rebuild.ts): copies of their
// tables filled in one pass, indexed, caught up and swapped in one model at a time.

export type TableModel = SqlProjection & { tables: readonly string[] };

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

/** A rebuild beside the live models: its copies, the schemas swapped out, its log, its lap clock. */
type Beside = {
  sql: Sql;
  parts: Part[];
  /** Schemas the swaps retired (the live models' old tables), dropped at the end. */
  retired: string[];
  options: Options;
  log: (line: string) => void;
  /** When the last step ended (see `took`). */
  since: number;
};

/** The time since the last step ended, as the log says it. */
const took = (b: Beside) => {
  const seconds = (performance.now() - b.since) / 1000;
  b.since = performance.now();
  return `${seconds.toFixed(1)} s`;
};

/** Copies of each model's tables, without leftovers of an interrupted rebuild. */
const createCopies = async (b: Beside, models: readonly TableModel[]) => {
  for (const model of models) {
    await dropLeftovers(b.sql, model.name);
    await forgetShadow(b.sql, model.name);
    // A fold's tables are filled by COPY (and its finish), which need no keys: built after, sorted.
    const bulk = canFold(model) ? Object.keys(model.foldStreams.columns) : [];
    b.parts.push({
      model,
      shadow: await createShadowTables(b.sql, model.name, model.tables, bulk),
    });
  }
};

/** Fills the copies: from folded streams where the models can (by stream type), the rest from the log. */
const fillCopies = async (b: Beside, onProgress: (p: RebuildProgress) => void) => {
  const byStreamType = new Map<string, FoldPart[]>();
  const byEvent: Part[] = [];
  for (const { model, shadow } of b.parts)
    if (canFold(model))
      byStreamType.set(model.foldStreams.streamType, [
        ...(byStreamType.get(model.foldStreams.streamType) ?? []),
        { model, shadow, copy: shadowName(model.name) },
      ]);
    else byEvent.push({ model, shadow });
  for (const [streamType, folding] of byStreamType) {
    const of = folding.map((p) => p.model.name).join(' + ');
    await fillFromStreams(
      b.sql,
      folding,
      (applied, total) => onProgress({ of, applied, total, unit: `${streamType}s` }),
      b.log,
    );
    b.log(`${of}: copies filled from the ${streamType} streams in ${took(b)}`);
  }
  if (byEvent.length > 0) {
    await fillFromEvents(b.sql, byEvent, onProgress, b.options);
    b.log(
      `${byEvent.map((p) => p.model.name).join(' + ')}: copies filled from the log in ${took(b)}`,
    );
  }
};

/** A filled copy's indexes and statistics, then the copy caught up and swapped in. */
const swapIn = async (b: Beside, { model, shadow }: Part) => {
  const { sql, options } = b;
  await createDeferredIndexes(sql, shadow);
  b.log(`${model.name}: ${shadow.deferred.length} index(es) built in ${took(b)}`);
  // Statistics and visibility map first (outside the swap: VACUUM cannot run in a transaction, and ANALYZE
  // takes a transaction id).
  await vacuumShadow(sql, shadow);
  b.log(`${model.name}: vacuumed and analysed in ${took(b)}`);
  const copy = intoCopies(shadowName(model.name), [{ model, shadow }]);
  await swapWhenCaughtUp(
    sql,
    model,
    () => rebuildRunner(sql, copy, options),
    (tx) => lockLiveTables(tx, shadow),
    async (tx) => {
      b.retired.push(await swapShadowTables(tx, shadow));
    },
    options.log,
  );
  b.log(`${model.name}: caught up and swapped in ${took(b)}`);
};

/** The copies' checkpoints and schemas go, finished or not, and the retired schemas. */
const cleanUp = async (b: Beside) => {
  for (const { model, shadow } of b.parts) {
    await forgetShadow(b.sql, model.name);
    await dropSchema(b.sql, shadow.schema);
  }
  // A swap that rolled back and was tried again names the same schema twice; dropping is idempotent.
  for (const schema of b.retired) await dropSchema(b.sql, schema);
};

/**
 * Postgres read models with their own tables, rebuilt together: copies of
 * their tables without secondary indexes, filled in one pass (from folded
 * streams where the models can, fillFromStreams; else from the log event by
 * event, each event read once for all of them), then for each model its
 * indexes built in one go, planner statistics taken, and the copy caught up
 * and swapped in with its checkpoint (swapWhenCaughtUp).
 */
export const rebuildBeside = async (
  sql: Sql,
  models: readonly TableModel[],
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  const b: Beside = {
    sql,
    parts: [],
    retired: [],
    options,
    log: options.log ?? (() => {}),
    since: performance.now(),
  };
  try {
    await createCopies(b, models);
    b.since = performance.now();
    await fillCopies(b, onProgress);
    for (const part of b.parts) await swapIn(b, part);
  } finally {
    await cleanUp(b);
  }
};
