import type { TransactionSql } from 'postgres';
import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import { isTransient } from '@rentals/core/dbErrors';
import { advanceCheckpoint, CheckpointMoved, checkpointOf } from './checkpoints.ts';
import { applyExternal, ParkedStreamsChanged } from './externalPipeline.ts';
import { holdEvents, lockParking, parkedAmong, splitByParked, streamsOf } from './parking.ts';
import type { SqlProjection } from './projection.ts';
import { markProjectionTransaction } from './projectionTransaction.ts';
import { correlationIdsOf } from './runnerLog.ts';
import { backoffDelay, relevantOf, type Runner } from './runnerState.ts';
import { batchCommitted, runSettle } from './settling.ts';
import { sleepUnlessWoken } from './waker.ts';

/** How a batch is applied: whether it settles, and whether it is one event of a failed batch narrowed down. */
export type BatchMode = { settle: boolean; oneByOne: boolean };

/** A batch for a read model in Postgres, and the runner's memory it goes through (if any). */
type SqlBatch = {
  from: Checkpoint;
  to: Checkpoint;
  relevant: RecordedEvent[];
  streams: string[];
  settle: boolean;
  inMemory: Runner['memory'];
};

/** Writes the batch, holds its parked streams' events and advances the checkpoint, in `tx`. */
const writeSqlBatch = async (
  runner: Runner,
  projection: SqlProjection,
  tx: TransactionSql,
  batch: SqlBatch,
) => {
  await markProjectionTransaction(tx);
  let parked = new Set<string>();
  if (batch.streams.length > 0) {
    await lockParking(tx, projection.name);
    parked = await parkedAmong(tx, projection.name, batch.streams);
  }
  const { apply, held } = splitByParked(batch.relevant, parked);
  const statements = batch.inMemory
    ? await batch.inMemory.statements(tx, batch.from, apply)
    : apply.length === 0
      ? []
      : projection.evolveBatch
        ? projection.evolveBatch(apply)
        : apply.flatMap((e) => projection.evolve(e));
  // Issued together so they are pipelined on the transaction's connection, in order.
  await Promise.all([
    ...statements.map((s) => tx.unsafe(s.text, s.values as never[], { prepare: true })),
    holdEvents(tx, projection.name, held),
  ]);
  if (batch.settle) await runSettle(projection, tx);
  if (!(await advanceCheckpoint(tx, projection.name, batch.from, batch.to)))
    throw new CheckpointMoved();
  return true;
};

const applySql = (
  runner: Runner,
  projection: SqlProjection,
  from: Checkpoint,
  events: RecordedEvent[],
  mode: BatchMode,
): Promise<boolean> => {
  const relevant = relevantOf(runner, events);
  // A failed batch narrowed down to single events replays them by `evolve`, the reference path.
  const inMemory = mode.oneByOne ? undefined : runner.memory;
  if (mode.oneByOne) runner.memory?.failed();
  const batch: SqlBatch = {
    from,
    to: checkpointOf(events.at(-1)!),
    relevant,
    streams: streamsOf(relevant),
    settle: mode.settle,
    inMemory,
  };
  return runner.sql
    .begin((tx) => writeSqlBatch(runner, projection, tx, batch))
    .then(() => {
      inMemory?.committed(batch.to);
      if (projection.settle) batchCommitted(runner.settling, mode.settle);
      return true;
    })
    .catch((error: unknown) => {
      inMemory?.failed();
      if (error instanceof CheckpointMoved) return false;
      throw error;
    });
};

/** Applies a batch after `from` with the checkpoint; false when someone reset the checkpoint meanwhile. */
const applyBatch = (runner: Runner, from: Checkpoint, events: RecordedEvent[], mode: BatchMode) =>
  runner.projection.kind === 'sql'
    ? applySql(runner, runner.projection, from, events, mode)
    : applyExternal(runner, runner.projection, from, events);

const logRetry = (
  runner: Runner,
  from: Checkpoint,
  events: RecordedEvent[],
  failure: { attempt: number; transient: boolean; delay: number; error: Error },
) => {
  const { name } = runner.projection;
  const { attempt, transient, delay, error } = failure;
  const attempts = transient ? ', outage' : `/${runner.config.maxRetries}`;
  runner.log(
    `${name}: batch after #${from.position} failed (attempt ${attempt}${attempts}), retrying in ${delay} ms: ${error.message}`,
    {
      projection: name,
      from: from.position,
      to: events.at(-1)!.position,
      error: error.message,
      ...correlationIdsOf(relevantOf(runner, events)),
    },
    'warn',
  );
};

/**
 * Applies a batch, retrying with backoff; throws once the batch has failed
 * `maxRetries` times by its own fault (the caller narrows it down), or at
 * once when the runner stops or its session is lost.
 */
export const withRetries = async (
  runner: Runner,
  from: Checkpoint,
  events: RecordedEvent[],
  mode: BatchMode,
): Promise<boolean> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyBatch(runner, from, events, mode);
    } catch (error) {
      if (error instanceof ParkedStreamsChanged) {
        attempt = 0;
        continue;
      }
      // An outage is waited out however long it lasts; only the event's own failures count.
      const transient = isTransient(error);
      const { maxRetries } = runner.config;
      if (runner.stopped || runner.session.lost || (!transient && attempt >= maxRetries))
        throw error;
      const delay = backoffDelay(runner.config, attempt);
      logRetry(runner, from, events, { attempt, transient, delay, error: error as Error });
      await sleepUnlessWoken(delay, {});
    }
  }
};
