import { hostname } from 'node:os';
import type { Sql, TransactionSql } from 'postgres';
import { sessionClient } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { APPENDED_CHANNEL, mayConcern } from '@rentals/core/eventStore/appendedNotice';
import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import { batchMemoryKeeper } from './batchMemory.ts';
import { sleepUnlessWoken, wakeUp, type Waker } from './waker.ts';
import type { Projection } from './projection.ts';
import { advanceCheckpoint, ensureCheckpoint, projectionLockKey } from './checkpoints.ts';
import { holdEvents, lockParking, parkedAmong, parkStream } from './parking.ts';
import { markProjectionTransaction } from './projectionTransaction.ts';
import { isTransient } from '@rentals/core/dbErrors';

export type RunnerOptions = {
  /** Events per batch when caught up (latency: a burst's first events commit without waiting for the rest). */
  batchSize?: number;
  /**
   * The largest batch when far behind (a bulk import): each full batch doubles
   * the next one up to this, and a batch that is not full (caught up) goes back
   * to `batchSize`. Read models' `evolveBatch` makes a big batch a few
   * set-based statements.
   */
  maxBatchSize?: number;
  pollIntervalMs?: number;
  /** Attempts per batch before the runner narrows down to the failing event (and parks its stream). */
  maxRetries?: number;
  backoffMs?: number;
  /** How often the owning runner writes its heartbeat (projection_heartbeats). */
  heartbeatMs?: number;
  /**
   * Where the runner says what it does: each applied batch, retries, parked
   * streams, lost sessions. `fields` carry the projection and the events'
   * correlation ids (the request ids of the commands), for JSON logs.
   */
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn' | 'error') => void;
  /** Log every applied batch too (the projections process: its lines follow requests into projections). */
  logApplied?: boolean;
  /** Batches an external projection with `send` may have sent and not yet seen done. */
  pipelineDepth?: number;
};

/** A log line names at most this many correlation ids (a catch-up batch can hold hundreds). */
const CORRELATION_IDS_LOGGED = 100;

/** The distinct correlation ids of events (their commands' request ids), in log order, bounded. */
const correlationIdsOf = (events: readonly RecordedEvent[]) => {
  const ids = [
    ...new Set(events.flatMap((e) => (e.metadata.correlationId ? [e.metadata.correlationId] : []))),
  ];
  return ids.length > CORRELATION_IDS_LOGGED
    ? {
        correlationIds: ids.slice(0, CORRELATION_IDS_LOGGED),
        correlationIdsOmitted: ids.length - CORRELATION_IDS_LOGGED,
      }
    : { correlationIds: ids };
};

/** The heartbeat's period; health counts a worker gone after STALE_AFTER_SECONDS (readSideHealth.ts) without one. */
const HEARTBEAT_MS = 2000;

/** The rate written with each heartbeat covers this much recent time (health's time-left estimate). */
const RATE_WINDOW_MS = 10_000;

/** Events applied per second over the last RATE_WINDOW_MS, from (time, count) marks of the batches. */
const recentRate = () => {
  const marks: { at: number; events: number }[] = [];
  const since = Date.now();
  return {
    add: (events: number) => marks.push({ at: Date.now(), events }),
    perSecond: (): number | null => {
      const now = Date.now();
      while (marks.length > 0 && marks[0]!.at < now - RATE_WINDOW_MS) marks.shift();
      const span = Math.min(RATE_WINDOW_MS, now - since);
      if (span <= 0) return null;
      return (marks.reduce((n, m) => n + m.events, 0) * 1000) / span;
    },
  };
};

export type RunningProjection = {
  name: string;
  /** Resolves once every event committed before the call has been applied or held; rejects after `timeoutMs`. */
  whenCaughtUp: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
  /** The loop's promise: settles when `stop()` is called (the worker never stops by itself). */
  done: Promise<void>;
};

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

const sameCheckpoint = (a: Checkpoint, b: Checkpoint) =>
  a.transactionId === b.transactionId && a.position === b.position;

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
  const maxBatchSize = Math.max(batchSize, options.maxBatchSize ?? 8000);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const maxRetries = options.maxRetries ?? 5;
  const backoffMs = options.backoffMs ?? 100;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const pipelineDepth = Math.max(1, options.pipelineDepth ?? 4);
  const log = options.log ?? (() => {});
  const owner = `${hostname()}:${process.pid}`;
  const store = createEventStore(sql);
  const handles = new Set(projection.canHandle);

  let stopped = false;
  let lastError: Error | undefined;
  let rate = recentRate();
  const waker: Waker = {};
  const wake = () => wakeUp(waker);
  let session: Sql | undefined;

  /** Splits a batch into the events to apply and those held behind parked streams. */
  const split = (relevant: RecordedEvent[], parked: Set<string>) => ({
    apply: relevant.filter((e) => !parked.has(e.streamId)),
    held: relevant.filter((e) => parked.has(e.streamId)),
  });

  // Settling (projection.settle): when it last ran, and whether a batch since has left it to do.
  // A runner that starts on a backlog settles at its head (or after atMostEveryMs), not on its first batch.
  let settledAt = Date.now();
  let unsettled = false;
  const runSettle = async (tx: TransactionSql) => {
    if (projection.kind !== 'sql' || !projection.settle) return;
    for (const s of projection.settle.statements)
      await tx.unsafe(s.text, s.values as never[], { prepare: true });
  };
  /** Whether a batch of `events` read with `requested` as the limit settles: it reached the head, or it is time. */
  const settlesNow = (events: RecordedEvent[], requested: number) =>
    projection.kind === 'sql' &&
    !!projection.settle &&
    (events.length < requested || Date.now() - settledAt >= projection.settle.atMostEveryMs);
  /** After a batch that did not settle, when the log has nothing more: settles in a transaction of its own. */
  const settleIfDue = async () => {
    if (!unsettled) return;
    await sql.begin(async (tx) => {
      await markProjectionTransaction(tx);
      await runSettle(tx);
    });
    settledAt = Date.now();
    unsettled = false;
  };

  // Whether the worker is replaying a failed batch event by event.
  let narrowing = false;
  // This runner's memory of a projection that keeps one (SqlProjection.inMemory).
  const memory =
    projection.kind === 'sql' && projection.inMemory
      ? batchMemoryKeeper(projection.name, projection.inMemory(), projection.tables ?? [], (line) =>
          log(line, { projection: projection.name }),
        )
      : undefined;

  const applyBatch = async (
    from: Checkpoint,
    events: RecordedEvent[],
    settle = true,
  ): Promise<boolean> => {
    const to = at(events.at(-1)!);
    const relevant = events.filter((e) => handles.has(e.type));
    const streams = [...new Set(relevant.map((e) => e.streamId))];
    if (projection.kind === 'sql') {
      // A failed batch narrowed down to single events replays them by `evolve`, the reference path.
      const inMemory = narrowing ? undefined : memory;
      if (narrowing) memory?.failed();
      return sql
        .begin(async (tx) => {
          await markProjectionTransaction(tx);
          let parked = new Set<string>();
          if (streams.length > 0) {
            await lockParking(tx, projection.name);
            parked = await parkedAmong(tx, projection.name, streams);
          }
          const { apply, held } = split(relevant, parked);
          const statements = inMemory
            ? await inMemory.statements(tx, from, apply)
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
          if (settle) await runSettle(tx);
          if (!(await advanceCheckpoint(tx, projection.name, from, to)))
            throw new CheckpointMoved();
          return true;
        })
        .then((applied) => {
          if (applied) inMemory?.committed(to);
          else inMemory?.failed();
          if (applied && projection.settle) {
            if (settle) settledAt = Date.now();
            unsettled = !settle;
          }
          return applied;
        })
        .catch((error: unknown) => {
          inMemory?.failed();
          if (error instanceof CheckpointMoved) return false;
          throw error;
        });
    }
    // External: apply first (idempotently), then hold and advance. If a retry released one of
    // the streams we held meanwhile, apply the batch again so its events are not lost.
    const parkedBefore = await parkedAmong(sql, projection.name, streams);
    const { apply, held } = split(relevant, parkedBefore);
    if (apply.length > 0) await projection.apply(apply);
    return commitExternal(from, events, streams, parkedBefore, held);
  };

  const withRetries = async (from: Checkpoint, events: RecordedEvent[], settle = true) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await applyBatch(from, events, settle);
      } catch (error) {
        if (error instanceof ParkedStreamsChanged) {
          attempt = 0;
          continue;
        }
        // An outage is waited out however long it lasts; only the event's own failures count.
        const transient = isTransient(error);
        if (stopped || lost || (!transient && attempt >= maxRetries)) throw error;
        const delay = Math.min(backoffMs * 2 ** (Math.min(attempt, 16) - 1), 5000);
        log(
          `${projection.name}: batch after #${from.position} failed (attempt ${attempt}${transient ? ', outage' : `/${maxRetries}`}), retrying in ${delay} ms: ${(error as Error).message}`,
          {
            projection: projection.name,
            from: from.position,
            to: events.at(-1)!.position,
            error: (error as Error).message,
            ...correlationIdsOf(events.filter((e) => handles.has(e.type))),
          },
          'warn',
        );
        await sleepUnlessWoken(delay, {});
      }
    }
  };

  /** Names the batch's commands (correlation ids), so a request can be followed into the projections. */
  const logApplied = (events: RecordedEvent[]) => {
    const relevant = events.filter((e) => handles.has(e.type));
    if (relevant.length === 0) return;
    const [first, last] = [relevant[0]!.position, relevant.at(-1)!.position];
    log(`${projection.name}: applied ${relevant.length} event(s) #${first}..#${last}`, {
      projection: projection.name,
      events: relevant.length,
      from: first,
      to: last,
      ...correlationIdsOf(relevant),
    });
  };

  /** Parks the failing event's stream and moves the checkpoint past it, in one transaction. */
  const park = async (from: Checkpoint, event: RecordedEvent, error: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sql.begin(async (tx) => {
          await markProjectionTransaction(tx);
          await lockParking(tx, projection.name);
          await parkStream(tx, projection.name, event, error);
          if (!(await advanceCheckpoint(tx, projection.name, from, at(event))))
            throw new CheckpointMoved();
          return true;
        });
      } catch (e) {
        if (e instanceof CheckpointMoved) return false;
        if (stopped || !isTransient(e)) throw e;
        await sleepUnlessWoken(Math.min(backoffMs * 2 ** Math.min(attempt, 16), 5000), {});
      }
    }
  };

  /** Commits an external batch that took effect: holds its parked streams' events and advances. */
  const commitExternal = (
    from: Checkpoint,
    events: RecordedEvent[],
    streams: string[],
    parkedBefore: Set<string>,
    held: RecordedEvent[],
  ) =>
    sql.begin(async (tx) => {
      await markProjectionTransaction(tx);
      if (streams.length > 0) {
        await lockParking(tx, projection.name);
        if (!sameSet(parkedBefore, await parkedAmong(tx, projection.name, streams)))
          throw new ParkedStreamsChanged();
      }
      await holdEvents(tx, projection.name, held);
      return advanceCheckpoint(tx, projection.name, from, at(events.at(-1)!));
    });

  /**
   * An external projection with `send`: up to `pipelineDepth` batches are
   * sent ahead while the earlier ones are processed, and the checkpoint
   * advances as each one is done, in log order. Returns the checkpoint reached
   * once caught up (nothing in flight, nothing to read). Any failure ends the
   * pipeline (what was sent and not committed is sent again: at least once;
   * a batch sent ahead of one that then fails may reach the model before a
   * stream of it is parked, which a retry of the parked stream makes good)
   * and is thrown: the caller goes on from the committed checkpoint the
   * ordinary way, with retries, narrowing down and parking.
   */
  const sendAhead = async (
    send: NonNullable<Extract<Projection, { kind: 'external' }>['send']>,
    from: Checkpoint,
    limit: { value: number },
  ): Promise<Checkpoint> => {
    type InFlight = {
      from: Checkpoint;
      events: RecordedEvent[];
      streams: string[];
      parkedBefore: Set<string>;
      held: RecordedEvent[];
      done: () => Promise<void>;
    };
    const inFlight: InFlight[] = [];
    let committed = from;
    let sent = from;
    while (!stopped) {
      const gone = lostSession();
      if (gone) throw gone;
      if (inFlight.length < pipelineDepth) {
        const events = await store.readAll(sent, limit.value);
        limit.value =
          events.length === limit.value ? Math.min(limit.value * 2, maxBatchSize) : batchSize;
        if (events.length > 0) {
          const relevant = events.filter((e) => handles.has(e.type));
          const streams = [...new Set(relevant.map((e) => e.streamId))];
          const parkedBefore = await parkedAmong(sql, projection.name, streams);
          const { apply, held } = split(relevant, parkedBefore);
          const { done } = apply.length > 0 ? await send(apply) : { done: async () => {} };
          inFlight.push({ from: sent, events, streams, parkedBefore, held, done });
          sent = at(events.at(-1)!);
          continue;
        }
        if (inFlight.length === 0) return committed;
      }
      const head = inFlight.shift()!;
      await head.done();
      if (
        !(await commitExternal(head.from, head.events, head.streams, head.parkedBefore, head.held))
      )
        throw new CheckpointMoved();
      if (options.logApplied) logApplied(head.events);
      rate.add(head.events.length);
      committed = at(head.events.at(-1)!);
    }
    return committed;
  };

  /** Set when the session's connection is gone (cut, or replaced by a new backend): start over. */
  let lost: Error | undefined;
  let lockPid: number | undefined;
  const heartbeatWaker: Waker = {};
  /** Read through a call: the checks below run after awaits, where another callback may have set it. */
  const lostSession = (): Error | undefined => lost;
  const loseSession = (reason: string) => {
    lost ??= Object.assign(new Error(reason), { code: 'CONNECTION_CLOSED' });
    wakeUp(heartbeatWaker);
    wake();
  };

  /**
   * The session's own connection holds the advisory lock (a standby waits on
   * it), LISTENs for appends and writes the heartbeat, so all three end
   * together and a new session restores all three.
   */
  const acquireLock = async () => {
    const own = sessionClient(sql, {
      // An append of none of the types this projection handles is passed on the next poll (or with the
      // next batch): waking every projection for every append cost each a read of the log and a
      // transaction per write.
      onnotify: (channel, payload) => {
        if (channel === APPENDED_CHANNEL && mayConcern(payload, handles)) wake();
      },
      onclose: () => {
        // A client being replaced may still report its close; only the current one counts.
        if (session === own) loseSession('the connection holding the projection lock was closed');
      },
    });
    session = own;
    let announced = false;
    while (!stopped) {
      const [row] = await own<{ ok: boolean; pid: number }[]>`
        SELECT pg_try_advisory_lock(hashtext(${projectionLockKey(projection.name)})) AS ok, pg_backend_pid() AS pid`;
      if (row?.ok) {
        lockPid = row.pid;
        lost = undefined;
        return own;
      }
      if (!announced) log(`${projection.name}: another runner owns this projection; standing by`);
      announced = true;
      await sleepUnlessWoken(pollIntervalMs, waker);
    }
    return undefined;
  };

  /**
   * Only from the backend that took the lock: a connection the server cut
   * comes back as a new backend without the lock, and a heartbeat from it
   * would claim a projection nobody owns.
   */
  const beat = async (own: Sql) => {
    const perSecond = rate.perSecond();
    const rows = await own`
      INSERT INTO projection_heartbeats (projection, owner, beat_at, events_per_second)
      SELECT ${projection.name}, ${owner}, now(), ${perSecond}::float8 WHERE pg_backend_pid() = ${lockPid!}
      ON CONFLICT (projection) DO UPDATE SET owner = EXCLUDED.owner, beat_at = now(),
        events_per_second = EXCLUDED.events_per_second
      RETURNING 1`;
    return rows.length > 0 || 'the connection holding the projection lock was replaced';
  };

  /** Beats until its session ends; a beat of an older session that finishes late changes nothing. */
  const heartbeat = async (own: Sql) => {
    const current = () => !stopped && !lost && session === own;
    while (current()) {
      await sleepUnlessWoken(heartbeatMs, heartbeatWaker);
      if (!current()) return;
      const alive = await beat(own).catch((error: Error) => error.message);
      if (alive !== true && current()) loseSession(alive);
    }
  };

  /**
   * One ownership of the projection: lock, LISTEN, heartbeat, then batches
   * until stopped. Throws when anything outside an event's own failure goes
   * wrong (the database went away, the lock connection was cut); the
   * supervisor below then starts a new session, which takes the lock and
   * LISTENs afresh.
   */
  const runSession = async () => {
    const own = await acquireLock();
    if (!own) return;
    // LISTEN before reading, so an append between the read and the wait still wakes us.
    await own.unsafe(`LISTEN ${APPENDED_CHANNEL}`);
    // The heartbeat before the checkpoint row: health must never see a projection's row without one.
    const first = await beat(own);
    if (first !== true) throw Object.assign(new Error(first), { code: 'CONNECTION_CLOSED' });
    rate = recentRate();
    let checkpoint = await ensureCheckpoint(sql, projection.name);
    let checkpointReadAt = Date.now();
    // Lags and read-your-writes count only these types (migration 0188): the others are passed late.
    await sql`UPDATE projection_checkpoints SET handles = ${sql.array([...handles])}::text[]
              WHERE name = ${projection.name} AND handles IS DISTINCT FROM ${sql.array([...handles])}::text[]`;
    await sql`UPDATE projection_checkpoints SET status = 'running', last_error = NULL, updated_at = now()
              WHERE name = ${projection.name} AND status <> 'rebuilding'`;
    const beating = heartbeat(own);
    log(`${projection.name}: running from #${checkpoint.position}`);
    try {
      // While set, events are applied one at a time up to here: a batch failed and its bad event is being found.
      let narrowUntil: Checkpoint | undefined;
      // Grows while batches come back full (a backlog), back to `batchSize` once one does not.
      const limit = { value: batchSize };
      // The next batch's events, read while a full batch is applied.
      let ahead: { from: Checkpoint; events: Promise<RecordedEvent[]> } | undefined;
      const send = projection.kind === 'external' ? projection.send : undefined;
      while (!stopped) {
        const gone = lostSession();
        if (gone) throw gone;
        if (send && !narrowUntil) {
          try {
            checkpoint = await sendAhead(send, checkpoint, limit);
            // Caught up: nothing in flight and nothing to read.
            await sleepUnlessWoken(pollIntervalMs, waker);
            continue;
          } catch (error) {
            if (stopped) return;
            const gone = lostSession();
            if (gone) throw gone;
            if (error instanceof CheckpointMoved) {
              checkpoint = await ensureCheckpoint(sql, projection.name);
              log(
                `${projection.name}: checkpoint was reset; continuing from #${checkpoint.position}`,
              );
              continue;
            }
            if (isTransient(error)) throw error;
            // The checkpoint stands where the last batch that took effect left it: go on from there the
            // ordinary way (retries, then narrowing down and parking); the pipeline resumes afterwards.
            checkpoint = await ensureCheckpoint(sql, projection.name);
            log(
              `${projection.name}: a batch sent ahead failed; applying from #${checkpoint.position} one batch at a time: ${(error as Error).message}`,
              { projection: projection.name, error: (error as Error).message },
              'warn',
            );
          }
        }
        const requested = narrowUntil ? 1 : limit.value;
        const readAhead = ahead;
        ahead = undefined;
        const events =
          readAhead && !narrowUntil && sameCheckpoint(readAhead.from, checkpoint)
            ? await readAhead.events.catch(() => store.readAll(checkpoint, requested))
            : await store.readAll(checkpoint, requested);
        if (!narrowUntil)
          limit.value =
            events.length === limit.value ? Math.min(limit.value * 2, maxBatchSize) : batchSize;
        // A full batch means a backlog: the next batch's events are read while this one is applied.
        // Used only if this one lands where it ends (not when it fails, parks or finds a reset).
        if (!narrowUntil && events.length === requested && requested > 1) {
          const from = at(events.at(-1)!);
          const next = store.readAll(from, limit.value);
          next.catch(() => undefined); // read again above, unless the loop has ended
          ahead = { from, events: next };
        }
        if (events.length === 0) {
          narrowUntil = undefined;
          await settleIfDue();
          // A rebuild in place resets the checkpoint; a busy runner notices at its next batch (the
          // compare-and-set fails), an idle one only here: at most once a second, not on every poll.
          if (projection.kind === 'sql' && Date.now() - checkpointReadAt >= 1000) {
            checkpointReadAt = Date.now();
            const stored = await ensureCheckpoint(sql, projection.name);
            if (
              stored.transactionId !== checkpoint.transactionId ||
              stored.position !== checkpoint.position
            ) {
              checkpoint = stored;
              log(
                `${projection.name}: checkpoint was reset; continuing from #${checkpoint.position}`,
              );
              continue;
            }
          }
          await sleepUnlessWoken(pollIntervalMs, waker);
          continue;
        }
        let applied: boolean;
        let parkedNow = false;
        try {
          narrowing = narrowUntil !== undefined;
          applied = await withRetries(checkpoint, events, settlesNow(events, requested));
        } catch (error) {
          if (stopped) return;
          const gone = lostSession();
          if (gone) throw gone;
          if (isTransient(error)) throw error;
          if (events.length > 1) {
            // Narrow down: replay one event at a time so the good ones land and the bad one is named.
            narrowUntil = at(events.at(-1)!);
            continue;
          }
          const event = events[0]!;
          // Only an event the projection applies can be its fault; anything else is an outage.
          if (!handles.has(event.type)) throw error;
          // Never park a stream for what was the database's fault: only when it answers now.
          await sql`SELECT 1`;
          const message = `${(error as Error).message}`;
          applied = await park(checkpoint, event, message);
          if (applied)
            log(
              `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}); its later events wait behind it: ${message}`,
              {
                projection: projection.name,
                streamId: event.streamId,
                position: event.position,
                eventType: event.type,
                error: message,
                ...correlationIdsOf([event]),
              },
              'error',
            );
          parkedNow = applied;
        }
        if (!applied) {
          // Someone reset our checkpoint (a rebuild): start again from where it now stands.
          checkpoint = await ensureCheckpoint(sql, projection.name);
          narrowUntil = undefined;
          log(`${projection.name}: checkpoint was reset; continuing from #${checkpoint.position}`);
          continue;
        }
        if (options.logApplied && !parkedNow) logApplied(events);
        rate.add(events.length);
        checkpoint = at(events.at(-1)!);
        if (narrowUntil && !isBefore(checkpoint, narrowUntil)) narrowUntil = undefined;
      }
    } finally {
      loseSession('session ended');
      // Not awaited: a beat stuck on a frozen connection ends when endSession closes it.
      void beating;
    }
  };

  /** Closes the session's connection, which gives up the lock and the LISTEN with it. */
  const endSession = async () => {
    const ending = session;
    session = undefined;
    await ending?.end({ timeout: 1 }).catch(() => undefined);
  };

  /**
   * The worker never stops by itself: whatever ends a session (an outage, a
   * restart of the database, a bug) is logged, recorded where /api/health
   * reads it when the database answers, and followed by a new session after
   * a backoff. Only `stop()` ends the loop.
   */
  const loop = async () => {
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await runSession();
        attempt = 0;
      } catch (error) {
        if (stopped) break;
        lastError = error as Error;
        const transient = isTransient(error);
        const delay = Math.min(backoffMs * 2 ** (Math.min(attempt, 16) - 1), 5000);
        log(
          `${projection.name}: ${transient ? 'lost the database' : 'worker failed'}, starting again in ${delay} ms: ${lastError.message}`,
          { projection: projection.name, error: lastError.message },
          transient ? 'warn' : 'error',
        );
        if (!transient)
          await sql`UPDATE projection_checkpoints SET status = 'failed', last_error = ${lastError.message}, updated_at = now()
                    WHERE name = ${projection.name}`.catch(() => undefined);
        await endSession();
        await sleepUnlessWoken(delay, waker);
        continue;
      }
      await endSession();
    }
    await endSession();
    // A clean stop: the projection has no worker now, and health says so at once.
    await sql`UPDATE projection_checkpoints SET status = 'idle', updated_at = now()
              WHERE name = ${projection.name} AND status = 'running'`.catch(() => undefined);
    if (lockPid !== undefined)
      await sql`DELETE FROM projection_heartbeats WHERE projection = ${projection.name} AND owner = ${owner}`.catch(
        () => undefined,
      );
  };

  const done = loop();

  const whenCaughtUp = async (timeoutMs = 30_000) => {
    const [target] = await sql<
      { max: number }[]
    >`SELECT coalesce(max(position), 0) AS max FROM events`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await sql<{ behind: boolean }[]>`
        SELECT EXISTS (
          SELECT 1 FROM events e, projection_checkpoints c
          WHERE c.name = ${projection.name} AND e.position <= ${target!.max}
            AND (e.transaction_id, e.position) > (c.transaction_id, c.position)
        ) OR NOT EXISTS (SELECT 1 FROM projection_checkpoints WHERE name = ${projection.name}) AS behind`;
      // Caught up includes settled: a batch that left its settling for later has had it.
      if (!row?.behind && !unsettled) return;
      if (Date.now() > deadline)
        throw new Error(
          `${projection.name} did not catch up within ${timeoutMs} ms${lastError ? ` (last error: ${lastError.message})` : ''}`,
        );
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
