import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import { isTransient } from '@rentals/core/dbErrors';
import { withRetries } from './batchApplier.ts';
import { CheckpointMoved, checkpointOf, ensureCheckpoint, sameCheckpoint } from './checkpoints.ts';
import { sendAhead } from './externalPipeline.ts';
import { narrowedTo, narrowOrPark, type Narrowing } from './poison.ts';
import type { ExternalProjection } from './projection.ts';
import { logApplied } from './runnerLog.ts';
import { nextLimit, throwIfLost, type Runner, type RunnerConfig } from './runnerState.ts';
import { settleIfDue, settlesNow } from './settling.ts';
import { sleepUnlessWoken } from './waker.ts';

/** Where a session's loop stands in the log, and how it reads next. */
export type Cursor = {
  checkpoint: Checkpoint;
  /** When an idle loop last compared the stored checkpoint with its own. */
  checkpointReadAt: number;
  narrowing: Narrowing;
  /** Grows while batches come back full (a backlog), back to `batchSize` once one does not. */
  limit: { value: number };
  /** The next batch's events, read while a full batch is applied. */
  ahead?: { from: Checkpoint; events: Promise<RecordedEvent[]> };
};

export const newCursor = (config: RunnerConfig, checkpoint: Checkpoint): Cursor => ({
  checkpoint,
  checkpointReadAt: Date.now(),
  narrowing: {},
  limit: { value: config.batchSize },
});

/** Someone reset our checkpoint (a rebuild): start again from where it now stands. */
const resumeFromStored = async (runner: Runner, cursor: Cursor) => {
  cursor.checkpoint = await ensureCheckpoint(runner.sql, runner.projection.name);
  runner.log(
    `${runner.projection.name}: checkpoint was reset; continuing from #${cursor.checkpoint.position}`,
  );
};

/**
 * Runs the external pipeline until caught up, then waits for an append.
 * True when a batch sent ahead failed: the loop goes on the ordinary way.
 */
const sendUntilCaughtUp = async (
  runner: Runner,
  cursor: Cursor,
  send: NonNullable<ExternalProjection['send']>,
): Promise<boolean> => {
  try {
    cursor.checkpoint = await sendAhead(runner, send, cursor.checkpoint, cursor.limit);
    // Caught up: nothing in flight and nothing to read.
    await (runner.projection as ExternalProjection).idle?.();
    await sleepUnlessWoken(runner.config.pollIntervalMs, runner.waker);
    return false;
  } catch (error) {
    if (runner.stopped) return false;
    throwIfLost(runner.session);
    if (error instanceof CheckpointMoved) {
      await resumeFromStored(runner, cursor);
      return false;
    }
    if (isTransient(error)) throw error;
    // The checkpoint stands where the last batch that took effect left it: go on from there the
    // ordinary way (retries, then narrowing down and parking); the pipeline resumes afterwards.
    cursor.checkpoint = await ensureCheckpoint(runner.sql, runner.projection.name);
    const { message } = error as Error;
    runner.log(
      `${runner.projection.name}: a batch sent ahead failed; applying from #${cursor.checkpoint.position} one batch at a time: ${message}`,
      { projection: runner.projection.name, error: message },
      'warn',
    );
    return true;
  }
};

/** The events after the cursor, at most `requested`: read ahead if they were. */
const readBatch = async (runner: Runner, cursor: Cursor, requested: number) => {
  const { store } = runner;
  const from = cursor.checkpoint;
  const narrowing = cursor.narrowing.until !== undefined;
  const readAhead = cursor.ahead;
  cursor.ahead = undefined;
  const events =
    readAhead && !narrowing && sameCheckpoint(readAhead.from, from)
      ? await readAhead.events.catch(() => store.readAll(from, requested))
      : await store.readAll(from, requested);
  if (narrowing) return events;
  cursor.limit.value = nextLimit(runner.config, cursor.limit.value, events.length);
  // A full batch means a backlog: the next batch's events are read while this one is applied.
  // Used only if this one lands where it ends (not when it fails, parks or finds a reset).
  if (events.length === requested && requested > 1) {
    const next = checkpointOf(events.at(-1)!);
    const read = store.readAll(next, cursor.limit.value);
    read.catch(() => undefined); // read again above, unless the loop has ended
    cursor.ahead = { from: next, events: read };
  }
  return events;
};

/** Nothing to read: settles what is due, notices a reset checkpoint, and waits for an append. */
const idle = async (runner: Runner, cursor: Cursor) => {
  cursor.narrowing.until = undefined;
  await settleIfDue(runner);
  // A rebuild in place resets the checkpoint; a busy runner notices at its next batch (the
  // compare-and-set fails), an idle one only here: at most once a second, not on every poll.
  if (runner.projection.kind === 'sql' && Date.now() - cursor.checkpointReadAt >= 1000) {
    cursor.checkpointReadAt = Date.now();
    const stored = await ensureCheckpoint(runner.sql, runner.projection.name);
    if (!sameCheckpoint(stored, cursor.checkpoint)) {
      cursor.checkpoint = stored;
      runner.log(
        `${runner.projection.name}: checkpoint was reset; continuing from #${stored.position}`,
      );
      return;
    }
  }
  if (runner.projection.kind === 'external') await runner.projection.idle?.();
  await sleepUnlessWoken(runner.config.pollIntervalMs, runner.waker);
};

/** Applies a batch (or, failing that, narrows it down or parks its bad event) and moves the cursor. */
const applyStep = async (
  runner: Runner,
  cursor: Cursor,
  events: RecordedEvent[],
  requested: number,
) => {
  const from = cursor.checkpoint;
  let outcome: 'applied' | Awaited<ReturnType<typeof narrowOrPark>>;
  try {
    const oneByOne = cursor.narrowing.until !== undefined;
    const mode = { settle: settlesNow(runner, events, requested), oneByOne };
    outcome = (await withRetries(runner, from, events, mode)) ? 'applied' : 'moved';
  } catch (error) {
    outcome = await narrowOrPark(runner, cursor.narrowing, from, events, error);
  }
  if (outcome === 'stopped' || outcome === 'narrowing') return;
  if (outcome === 'moved') {
    cursor.narrowing.until = undefined;
    await resumeFromStored(runner, cursor);
    return;
  }
  if (runner.config.logApplied && outcome === 'applied') logApplied(runner, events);
  runner.rate.add(events.length);
  cursor.checkpoint = checkpointOf(events.at(-1)!);
  narrowedTo(cursor.narrowing, cursor.checkpoint);
};

/** A session's batches until the runner stops; throws when the session is lost or the database is gone. */
export const runBatches = async (runner: Runner, cursor: Cursor) => {
  const send = runner.projection.kind === 'external' ? runner.projection.send : undefined;
  while (!runner.stopped) {
    throwIfLost(runner.session);
    if (send && !cursor.narrowing.until && !(await sendUntilCaughtUp(runner, cursor, send)))
      continue;
    const requested = cursor.narrowing.until ? 1 : cursor.limit.value;
    const events = await readBatch(runner, cursor, requested);
    if (events.length === 0) await idle(runner, cursor);
    else await applyStep(runner, cursor, events, requested);
  }
};
