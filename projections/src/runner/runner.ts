import type { ReservedSql, Sql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import type { Projection } from './projection.ts';
import { advanceCheckpoint, ensureCheckpoint } from './checkpoints.ts';
import { holdEvents, lockParking, parkedAmong, parkStream } from './parking.ts';
import { isTransient } from './transientErrors.ts';

export type RunnerOptions = {
  batchSize?: number;
  pollIntervalMs?: number;
  /** Attempts per batch before the runner narrows down to the failing event (and parks its stream). */
  maxRetries?: number;
  backoffMs?: number;
  log?: (line: string) => void;
};

export type RunningProjection = {
  name: string;
  /** Resolves once every event committed before the call has been applied or held; rejects if the runner crashed. */
  whenCaughtUp: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
  /** The loop's promise: settles when the runner stops (or crashes on an outage it cannot wait out). */
  done: Promise<void>;
};

const lockKey = (name: string) => `projection:${name}`;

const sleep = (ms: number, signal: { wake?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

const at = (event: RecordedEvent): Checkpoint => ({
  transactionId: event.transactionId,
  position: event.position,
});

/** The log's order: (transaction id, position). */
const isBefore = (a: Checkpoint, b: Checkpoint) => {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  return ta < tb || (ta === tb && a.position < b.position);
};

const sameSet = (a: Set<string>, b: Set<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/** The batch did not commit because someone reset our checkpoint (a rebuild). */
class CheckpointMoved extends Error {}
/** A retry released a stream while an external batch was being applied: apply the batch again. */
class ParkedStreamsChanged extends Error {}

/**
 * Runs one projection: owns it through a session advisory lock (a second
 * runner waits as a standby), reads the log after its checkpoint with the
 * transaction-id fence, applies batches with the checkpoint in one transaction,
 * and wakes on NOTIFY. A batch that fails is retried with backoff, then
 * replayed event by event; an event that still fails parks its stream: it is
 * recorded in projection_parked_streams, the stream's later events are held
 * behind it (projection_parked_events), and every other stream goes on.
 * Outages (lost connections, a database shutting down) are waited out, never
 * parked.
 */
export const startProjection = (
  sql: Sql,
  projection: Projection,
  options: RunnerOptions = {},
): RunningProjection => {
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const maxRetries = options.maxRetries ?? 5;
  const backoffMs = options.backoffMs ?? 100;
  const log = options.log ?? (() => {});
  const store = createEventStore(sql);
  const handles = new Set(projection.canHandle);

  let stopped = false;
  let failure: Error | undefined;
  const waker: { wake?: () => void } = {};
  const wake = () => waker.wake?.();
  let lockConn: ReservedSql | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  /** Splits a batch into the events to apply and those held behind parked streams. */
  const split = (relevant: RecordedEvent[], parked: Set<string>) => ({
    apply: relevant.filter((e) => !parked.has(e.streamId)),
    held: relevant.filter((e) => parked.has(e.streamId)),
  });

  const applyBatch = async (from: Checkpoint, events: RecordedEvent[]): Promise<boolean> => {
    const to = at(events.at(-1)!);
    const relevant = events.filter((e) => handles.has(e.type));
    const streams = [...new Set(relevant.map((e) => e.streamId))];
    if (projection.kind === 'sql') {
      return sql
        .begin(async (tx) => {
          let parked = new Set<string>();
          if (streams.length > 0) {
            await lockParking(tx, projection.name);
            parked = await parkedAmong(tx, projection.name, streams);
          }
          const { apply, held } = split(relevant, parked);
          const statements =
            apply.length === 0
              ? []
              : projection.evolveBatch
                ? projection.evolveBatch(apply)
                : apply.flatMap((e) => projection.evolve(e));
          // Issued together so they are pipelined on the transaction's connection, in order.
          await Promise.all([
            ...statements.map((s) => tx.unsafe(s.text, s.values as never[], { prepare: true })),
            holdEvents(tx, projection.name, held),
          ]);
          if (!(await advanceCheckpoint(tx, projection.name, from, to)))
            throw new CheckpointMoved();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof CheckpointMoved) return false;
          throw error;
        });
    }
    // External: apply first (idempotently), then hold and advance. If a retry released one of
    // the streams we held meanwhile, apply the batch again so its events are not lost.
    const parkedBefore = await parkedAmong(sql, projection.name, streams);
    const { apply, held } = split(relevant, parkedBefore);
    if (apply.length > 0) await projection.apply(apply);
    return sql.begin(async (tx) => {
      if (streams.length > 0) {
        await lockParking(tx, projection.name);
        if (!sameSet(parkedBefore, await parkedAmong(tx, projection.name, streams)))
          throw new ParkedStreamsChanged();
      }
      await holdEvents(tx, projection.name, held);
      return advanceCheckpoint(tx, projection.name, from, to);
    });
  };

  const withRetries = async (from: Checkpoint, events: RecordedEvent[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await applyBatch(from, events);
      } catch (error) {
        if (error instanceof ParkedStreamsChanged) {
          attempt = 0;
          continue;
        }
        // An outage is waited out however long it lasts; only the event's own failures count.
        const transient = isTransient(error);
        if (stopped || (!transient && attempt >= maxRetries)) throw error;
        const delay = Math.min(backoffMs * 2 ** (Math.min(attempt, 16) - 1), 5000);
        log(
          `${projection.name}: batch after #${from.position} failed (attempt ${attempt}${transient ? ', outage' : `/${maxRetries}`}), retrying in ${delay} ms: ${(error as Error).message}`,
        );
        await sleep(delay, {});
      }
    }
  };

  /** Parks the failing event's stream and moves the checkpoint past it, in one transaction. */
  const park = async (from: Checkpoint, event: RecordedEvent, error: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sql.begin(async (tx) => {
          await lockParking(tx, projection.name);
          await parkStream(tx, projection.name, event, error);
          if (!(await advanceCheckpoint(tx, projection.name, from, at(event))))
            throw new CheckpointMoved();
          return true;
        });
      } catch (e) {
        if (e instanceof CheckpointMoved) return false;
        if (stopped || !isTransient(e)) throw e;
        await sleep(Math.min(backoffMs * 2 ** Math.min(attempt, 16), 5000), {});
      }
    }
  };

  const acquireLock = async () => {
    lockConn = await sql.reserve();
    let announced = false;
    while (!stopped) {
      const [row] = await lockConn<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_lock(hashtext(${lockKey(projection.name)})) AS ok`;
      if (row?.ok) return true;
      if (!announced) log(`${projection.name}: another runner owns this projection; standing by`);
      announced = true;
      await sleep(pollIntervalMs, waker);
    }
    return false;
  };

  const loop = async () => {
    if (!(await acquireLock())) return;
    const listener = await sql.listen('events_appended', wake);
    unlisten = () => listener.unlisten();
    let checkpoint = await ensureCheckpoint(sql, projection.name);
    await sql`UPDATE projection_checkpoints SET status = 'running', last_error = NULL, updated_at = now()
              WHERE name = ${projection.name} AND status <> 'rebuilding'`;
    log(`${projection.name}: running from #${checkpoint.position}`);
    // While set, events are applied one at a time up to here: a batch failed and its bad event is being found.
    let narrowUntil: Checkpoint | undefined;
    while (!stopped) {
      let events: RecordedEvent[];
      try {
        events = await store.readAll(checkpoint, narrowUntil ? 1 : batchSize);
      } catch (error) {
        if (stopped || !isTransient(error)) throw error;
        log(`${projection.name}: cannot read the log, waiting: ${(error as Error).message}`);
        await sleep(Math.max(pollIntervalMs, 1000), waker);
        continue;
      }
      if (events.length === 0) {
        narrowUntil = undefined;
        await sleep(pollIntervalMs, waker);
        continue;
      }
      let applied: boolean;
      try {
        applied = await withRetries(checkpoint, events);
      } catch (error) {
        if (stopped) return;
        if (events.length > 1) {
          // Narrow down: replay one event at a time so the good ones land and the bad one is named.
          narrowUntil = at(events.at(-1)!);
          continue;
        }
        const event = events[0]!;
        // Only an event the projection applies can be its fault; anything else is an outage.
        if (!handles.has(event.type)) throw error;
        const message = `${(error as Error).message}`;
        applied = await park(checkpoint, event, message);
        if (applied)
          log(
            `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}); its later events wait behind it: ${message}`,
          );
      }
      if (!applied) {
        // Someone reset our checkpoint (a rebuild): start again from where it now stands.
        checkpoint = await ensureCheckpoint(sql, projection.name);
        narrowUntil = undefined;
        log(`${projection.name}: checkpoint was reset; continuing from #${checkpoint.position}`);
        continue;
      }
      checkpoint = at(events.at(-1)!);
      if (narrowUntil && !isBefore(checkpoint, narrowUntil)) narrowUntil = undefined;
    }
  };

  const done = loop()
    .catch(async (error: unknown) => {
      if (stopped) return;
      failure = error as Error;
      const message = `runner stopped: ${(error as Error).message}`;
      log(`${projection.name}: ${message}`);
      await sql`UPDATE projection_checkpoints SET status = 'failed', last_error = ${message}, updated_at = now()
                WHERE name = ${projection.name}`.catch(() => undefined);
    })
    .finally(async () => {
      await unlisten?.().catch(() => undefined);
      if (!failure)
        await sql`UPDATE projection_checkpoints SET status = 'idle', updated_at = now()
                  WHERE name = ${projection.name} AND status = 'running'`.catch(() => undefined);
      if (lockConn) {
        await lockConn`SELECT pg_advisory_unlock(hashtext(${lockKey(projection.name)}))`.catch(
          () => undefined,
        );
        lockConn.release();
      }
    });

  const whenCaughtUp = async (timeoutMs = 30_000) => {
    const [target] = await sql<
      { max: number }[]
    >`SELECT coalesce(max(position), 0) AS max FROM events`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (failure) throw failure;
      const [row] = await sql<{ behind: boolean }[]>`
        SELECT EXISTS (
          SELECT 1 FROM events e, projection_checkpoints c
          WHERE c.name = ${projection.name} AND e.position <= ${target!.max}
            AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
        ) OR NOT EXISTS (SELECT 1 FROM projection_checkpoints WHERE name = ${projection.name}) AS behind`;
      if (!row?.behind) return;
      if (Date.now() > deadline)
        throw new Error(`${projection.name} did not catch up within ${timeoutMs} ms`);
      wake();
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  return {
    name: projection.name,
    whenCaughtUp,
    done,
    stop: async () => {
      stopped = true;
      wake();
      await done;
    },
  };
};
