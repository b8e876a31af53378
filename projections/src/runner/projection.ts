import type { TransactionSql } from 'postgres';
import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import type { EventRef } from './parking.ts';
import type { Statement } from './statement.ts';
import type { StreamFold } from './streamFold.ts';

/** A read model in Postgres: pure `evolve(event) → statements`, applied with the checkpoint in one transaction. */
export type SqlProjection = {
  kind: 'sql';
  name: string;
  canHandle: readonly string[];
  evolve: (event: RecordedEvent) => Statement[];
  /**
   * Optional: the statements for a whole batch, when fewer, set-based
   * statements give the same result as `evolve` event by event (rebuild speed).
   */
  evolveBatch?: (events: RecordedEvent[]) => Statement[];
  /**
   * Optional: how the live runner applies a batch with state kept in its
   * memory (e.g. every saved search, to test listings against in JS instead
   * of in SQL). One is made per runner; see BatchMemory. A rebuild's copies
   * and the event-by-event replay of a failing batch use `evolveBatch` and
   * `evolve`, which must record the same.
   */
  inMemory?: () => BatchMemory;
  /** Empties the read model before a rebuild from position zero. */
  reset: Statement[];
  /**
   * Optional: statements that bring figures derived from many rows up to
   * date with what the batches changed (e.g. the medians of the buckets they
   * marked), too costly to run after every batch of a large backlog. The
   * runner runs them in the transaction of a batch that reaches the head of
   * the log, else at most every `atMostEveryMs` while it works through a
   * backlog, and before it reports itself caught up: the figures lag a
   * backlog by that much at most, and never a caught-up projection.
   */
  settle?: { statements: Statement[]; atMostEveryMs: number };
  /**
   * The tables this read model alone writes (unqualified, as its statements
   * name them). When given, a rebuild fills fresh copies of them beside the
   * live ones and swaps them in once caught up, so readers never see an empty
   * or partial model; without it the rebuild resets the tables in place.
   */
  tables?: readonly string[];
  /**
   * Optional, with `tables`: how a rebuild fills the copies from whole
   * streams, each folded once, instead of applying every event (rebuild speed).
   */
  foldStreams?: StreamFold;
};

/**
 * State a runner keeps in memory between batches, derived from the
 * projection's tables. The runner loads it in a batch's transaction whenever
 * it may not match the tables (at start, after any batch that did not
 * commit, when the checkpoint is not where the runner left it, or when
 * another writer bumped the projection's memory epoch: retryParked), and
 * otherwise lets each batch carry it forward: `evolveBatch` may read in the
 * batch's transaction, updates the state as its statements update the
 * tables, and returns the statements. The runner takes the write locks of
 * the projection's `tables` before either runs (batchMemory.ts).
 */
export type BatchMemory = {
  load: (tx: TransactionSql) => Promise<void>;
  evolveBatch: (tx: TransactionSql, events: RecordedEvent[]) => Promise<Statement[]>;
};

/**
 * A read model outside Postgres (e.g. the search index): the batch is applied
 * first and the checkpoint advanced only after it succeeded, so delivery is
 * at-least-once and `apply` must be idempotent.
 */
export type ExternalProjection = {
  kind: 'external';
  name: string;
  canHandle: readonly string[];
  apply: (events: RecordedEvent[]) => Promise<void>;
  /**
   * Optional pipelining: queues the batch without waiting for it to take
   * effect (resolves once the model has accepted it, in the order of calls),
   * and `done` waits until it has. The runner then sends the next batches
   * while earlier ones are processed and advances the checkpoint as each
   * one's `done` resolves, in order. Like `apply`, idempotent.
   */
  send?: (events: RecordedEvent[]) => Promise<{ done: () => Promise<void> }>;
  /**
   * Rebuilds the model from the log and sets the checkpoint it reflects. A
   * stream it could not apply is skipped and returned (with the event that
   * fails and why), and the rebuild parks it instead of stopping.
   */
  reset: () => Promise<{ unapplied: Unapplied[] } | void>;
  /** Optional: told when this process takes the projection over (its session begins). */
  started?: () => void;
  /**
   * Optional: work of its own when caught up (nothing in flight), between its
   * batches and so in order with them; an error ends the session as a batch's would.
   */
  idle?: () => Promise<void>;
  /**
   * Optional: fills a fresh copy of the model from the log beside the live one
   * (a rebuild while running): `checkpoint` is the position the copy reflects,
   * `unapplied` the streams it could not apply (to park). A projection that
   * offers this applies its live batches under `withSwapLockShared`
   * (swapLock.ts), so the swap can hold them off.
   */
  buildFresh?: (onProgress?: (done: number, total: number) => void) => Promise<{
    checkpoint: Checkpoint;
    unapplied: Unapplied[];
    copy: FreshCopy;
  }>;
};

/** A fresh copy of an external model, kept current by a rebuild until it is swapped in. */
type FreshCopy = {
  /** Applies later events to the copy, as `apply` does to the live model (idempotently). */
  apply: (events: RecordedEvent[]) => Promise<void>;
  /** Makes the copy the live model in one step readers cannot see halfway. */
  swap: () => Promise<void>;
  /** Removes what is left beside the live model: the old one after a swap, the copy otherwise. */
  drop: () => Promise<void>;
};

/** A stream a rebuild could not apply: the event at which it fails, and the error. */
export type Unapplied = { event: EventRef; error: string };

export type Projection = SqlProjection | ExternalProjection;
