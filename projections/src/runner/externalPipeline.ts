import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import { advanceCheckpoint, CheckpointMoved, checkpointOf } from './checkpoints.ts';
import { holdEvents, lockParking, parkedAmong, splitByParked, streamsOf } from './parking.ts';
import type { ExternalProjection } from './projection.ts';
import { markProjectionTransaction } from './projectionTransaction.ts';
import { logApplied } from './runnerLog.ts';
import { nextLimit, relevantOf, throwIfLost, type Runner } from './runnerState.ts';

/** A retry released a stream while an external batch was being applied: apply the batch again. */
export class ParkedStreamsChanged extends Error {}

/** A batch for an external model: what to apply, and what to hold behind the streams parked when it was read. */
type ExternalBatch = {
  from: Checkpoint;
  events: RecordedEvent[];
  streams: string[];
  parkedBefore: Set<string>;
  apply: RecordedEvent[];
  held: RecordedEvent[];
};

const prepare = async (
  runner: Runner,
  from: Checkpoint,
  events: RecordedEvent[],
): Promise<ExternalBatch> => {
  const relevant = relevantOf(runner, events);
  const streams = streamsOf(relevant);
  const parkedBefore = await parkedAmong(runner.sql, runner.projection.name, streams);
  return { from, events, streams, parkedBefore, ...splitByParked(relevant, parkedBefore) };
};

/** Commits an external batch that took effect: holds its parked streams' events and advances. */
const commitExternal = (runner: Runner, batch: ExternalBatch) =>
  runner.sql.begin(async (tx) => {
    const name = runner.projection.name;
    await markProjectionTransaction(tx);
    if (batch.streams.length > 0) {
      await lockParking(tx, name);
      const parkedNow = await parkedAmong(tx, name, batch.streams);
      const same =
        parkedNow.size === batch.parkedBefore.size &&
        [...parkedNow].every((s) => batch.parkedBefore.has(s));
      if (!same) throw new ParkedStreamsChanged();
    }
    await holdEvents(tx, name, batch.held);
    return advanceCheckpoint(tx, name, batch.from, checkpointOf(batch.events.at(-1)!));
  });

/**
 * Applies a batch to an external model: apply first (idempotently), then hold
 * and advance. If a retry released one of the streams held meanwhile, throws
 * ParkedStreamsChanged: the batch is applied again so its events are not lost.
 */
export const applyExternal = async (
  runner: Runner,
  projection: ExternalProjection,
  from: Checkpoint,
  events: RecordedEvent[],
) => {
  const batch = await prepare(runner, from, events);
  try {
    if (batch.apply.length > 0) await projection.apply(batch.apply);
  } catch (error) {
    // The projection found the batch applied by another worker: as a failed compare-and-set.
    if (error instanceof CheckpointMoved) return false;
    throw error;
  }
  return commitExternal(runner, batch);
};

type Send = NonNullable<ExternalProjection['send']>;
type InFlight = ExternalBatch & { done: () => Promise<void> };

/** The batches sent and not yet committed, in log order, and how far the log has been sent and committed. */
type Pipeline = {
  inFlight: InFlight[];
  sent: Checkpoint;
  committed: Checkpoint;
  limit: { value: number };
};

/** Reads and sends the batch after what was sent; false when the log has nothing more. */
const sendNext = async (runner: Runner, send: Send, pipeline: Pipeline) => {
  const events = await runner.store.readAll(pipeline.sent, pipeline.limit.value);
  pipeline.limit.value = nextLimit(runner.config, pipeline.limit.value, events.length);
  if (events.length === 0) return false;
  const batch = await prepare(runner, pipeline.sent, events);
  const { done } = batch.apply.length > 0 ? await send(batch.apply) : { done: async () => {} };
  pipeline.inFlight.push({ ...batch, done });
  pipeline.sent = checkpointOf(events.at(-1)!);
  return true;
};

/** Waits for the oldest batch in flight to take effect, and commits it. */
const commitOldest = async (runner: Runner, pipeline: Pipeline) => {
  const head = pipeline.inFlight.shift()!;
  await head.done();
  if (!(await commitExternal(runner, head))) throw new CheckpointMoved();
  if (runner.config.logApplied) logApplied(runner, head.events);
  runner.rate.add(head.events.length);
  pipeline.committed = checkpointOf(head.events.at(-1)!);
};

/**
 * An external projection with `send`: up to `pipelineDepth` batches are sent
 * ahead while earlier ones are processed; the checkpoint advances as each is
 * done, in log order. Returns the checkpoint reached once caught up. A failure
 * ends the pipeline and is thrown (what was not committed is sent again): the
 * caller goes on the ordinary way; a retry of a stream parked then makes good
 * what a batch sent ahead of the bad one delivered.
 */
export const sendAhead = async (
  runner: Runner,
  send: Send,
  from: Checkpoint,
  limit: { value: number },
): Promise<Checkpoint> => {
  const pipeline: Pipeline = { inFlight: [], sent: from, committed: from, limit };
  while (!runner.stopped) {
    throwIfLost(runner.session);
    if (pipeline.inFlight.length < runner.config.pipelineDepth) {
      if (await sendNext(runner, send, pipeline)) continue;
      if (pipeline.inFlight.length === 0) return pipeline.committed;
    }
    await commitOldest(runner, pipeline);
  }
  return pipeline.committed;
};
