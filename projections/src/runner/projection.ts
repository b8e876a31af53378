import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { EventRef } from './parking.ts';
import type { Statement } from './statement.ts';

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
  /** Empties the read model before a rebuild from position zero. */
  reset: Statement[];
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
   * Rebuilds the model from the log and sets the checkpoint it reflects. A
   * stream it could not apply is skipped and returned (with the event that
   * fails and why), and the rebuild parks it instead of stopping.
   */
  reset: () => Promise<{ unapplied: Unapplied[] } | void>;
};

/** A stream a rebuild could not apply: the event at which it fails, and the error. */
export type Unapplied = { event: EventRef; error: string };

export type Projection = SqlProjection | ExternalProjection;
