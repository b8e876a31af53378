import type { ReservedSql, Sql } from 'postgres';
import { createEventStore } from '@rentals/api/eventStore/eventStore';
import type { Checkpoint, RecordedEvent } from '@rentals/api/eventStore/types';
import type { Projection } from './projection.ts';
import { advanceCheckpoint, ensureCheckpoint, setStatus } from './checkpoints.ts';

export type RunnerOptions = {
  batchSize?: number;
  pollIntervalMs?: number;
  /** Attempts per batch before the runner narrows down to the failing event. */
  maxRetries?: number;
  backoffMs?: number;
  log?: (line: string) => void;
};

export type RunningProjection = {
  name: string;
  /** Resolves once every event committed before the call has been applied; rejects if the projection fails. */
  whenCaughtUp: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
  /** The loop's promise: settles when the runner stops (or fails on a poison event). */
  done: Promise<void>;
};

export class PoisonEventError extends Error {}

const lockKey = (name: string) => `projection:${name}`;

const sleep = (ms: number, signal: { wake?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

/**
 * Runs one projection: owns it through a session advisory lock (a second
 * runner waits as a standby), reads the log after its checkpoint with the
 * transaction-id fence, applies batches with the checkpoint in one transaction,
 * wakes on NOTIFY, retries with backoff, and stops loudly on a poison event.
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

  const applyBatch = async (from: Checkpoint, events: RecordedEvent[]): Promise<boolean> => {
    const to = { transactionId: events.at(-1)!.transactionId, position: events.at(-1)!.position };
    const relevant = events.filter((e) => handles.has(e.type));
    if (projection.kind === 'sql') {
      return sql
        .begin(async (tx) => {
          const statements = projection.evolveBatch
            ? projection.evolveBatch(relevant)
            : relevant.flatMap((e) => projection.evolve(e));
          // Issued together so they are pipelined on the transaction's connection, in order.
          await Promise.all(
            statements.map((s) => tx.unsafe(s.text, s.values as never[], { prepare: true })),
          );
          const moved = await advanceCheckpoint(tx, projection.name, from, to);
          if (!moved) throw new CheckpointMoved();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof CheckpointMoved) return false;
          throw error;
        });
    }
    if (relevant.length > 0) await projection.apply(relevant);
    return sql.begin((tx) => advanceCheckpoint(tx, projection.name, from, to));
  };

  const withRetries = async (from: Checkpoint, events: RecordedEvent[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await applyBatch(from, events);
      } catch (error) {
        if (stopped || attempt >= maxRetries) throw error;
        const delay = Math.min(backoffMs * 2 ** (attempt - 1), 5000);
        log(
          `${projection.name}: batch after #${from.position} failed (attempt ${attempt}/${maxRetries}), retrying in ${delay} ms: ${(error as Error).message}`,
        );
        await sleep(delay, {});
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
    let size = batchSize;
    while (!stopped) {
      const events = await store.readAll(checkpoint, size);
      if (events.length === 0) {
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
          size = 1;
          continue;
        }
        const event = events[0]!;
        const message = `stopped at event #${event.position} (${event.type} on ${event.streamId}): ${(error as Error).message}`;
        log(`${projection.name}: ${message}`);
        await setStatus(sql, projection.name, 'failed', message).catch(() => undefined);
        throw new PoisonEventError(`${projection.name} ${message}`);
      }
      if (!applied) {
        // Someone reset our checkpoint (a rebuild): start again from where it now stands.
        checkpoint = await ensureCheckpoint(sql, projection.name);
        log(`${projection.name}: checkpoint was reset; continuing from #${checkpoint.position}`);
        continue;
      }
      checkpoint = {
        transactionId: events.at(-1)!.transactionId,
        position: events.at(-1)!.position,
      };
      size = batchSize;
    }
  };

  const done = loop()
    .catch((error: unknown) => {
      failure = error as Error;
      if (!(error instanceof PoisonEventError))
        log(`${projection.name}: runner crashed: ${(error as Error).message}`);
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

class CheckpointMoved extends Error {}
