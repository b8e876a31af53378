import type { Sql } from 'postgres';
import { giveWay } from '@rentals/core/giveWay';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { Unapplied } from './projection.ts';
import type { Statement } from './statement.ts';

/** A `text[]` column's value (any other array or object is written as JSON, for `jsonb` columns). */
export class TextArray {
  constructor(readonly items: readonly string[]) {}
}

/** Rows per table, each row its values in the order of the table's `columns`. */
export type FoldedRows = Record<string, unknown[][]>;

/** What a fold leaves once every stream's rows are in: more rows to COPY, then statements on the copies. */
type FoldFinish = { rows?: FoldedRows; statements?: Statement[] };

/** One rebuild's fold: it may gather figures over every batch for its `finish`. */
type FoldRun = {
  /**
   * The rows of these streams (each its events in stream order), the streams
   * it could not fold, and statements to run on the copies once these rows are in.
   */
  build: (
    db: Sql,
    streams: RecordedEvent[][],
  ) => Promise<{ rows: FoldedRows; unapplied: Unapplied[]; statements?: Statement[] }>;
  /**
   * Once every stream's rows are in, before the copies' indexes are built:
   * rows computed over all of them (e.g. aggregates), COPYed, then
   * set-based statements run on the copies.
   */
  finish?: () => FoldFinish;
};

/**
 * How a rebuild fills a read model from whole streams instead of event by
 * event: each stream folded to its state at the rebuild's start, and the
 * model's rows written once, with COPY. Used only when every event type the
 * model handles lives on these streams (`eventTypes`); the rows must be what
 * `evolve` event by event leaves (each model has a test that compares them).
 */
export type StreamFold = {
  streamType: string;
  /** The event types of these streams; other events in a stream are not folded, as the runner never hands them over. */
  eventTypes: readonly string[];
  /** The columns written, per table (unqualified, as the model's statements name them), by `build` and `finish`. */
  columns: Readonly<Record<string, readonly string[]>>;
  /**
   * Top-level keys of the events' data the fold never reads: left out when
   * the log is read for it (a narrower read; writing out `jsonb` is most of
   * what reading the log costs Postgres).
   */
  omitData?: readonly string[];
  /** A fresh run for one rebuild. */
  start: () => FoldRun;
};

/** Streams folded, or rows made into COPY text, between two breaks for the event loop. */
export const GIVE_WAY_EVERY = 500;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A StreamFold from a pure per-stream `fold` (undefined when the stream
 * leaves no rows, e.g. deleted) and a batch `rows` (which may ask Postgres,
 * once per batch). A stream whose fold throws is folded up to the event at
 * which it starts to fail, and that event is returned to be parked, as the
 * runner would have parked it there. `begin` makes a run's own state (handed
 * to `rows`, `statements` and `finish`), fresh for each rebuild.
 */
export const streamFold = <S, R = undefined>(spec: {
  streamType: string;
  eventTypes: readonly string[];
  columns: Readonly<Record<string, readonly string[]>>;
  omitData?: readonly string[];
  fold: (events: RecordedEvent[]) => S | undefined;
  begin?: () => R;
  rows: (db: Sql, folded: S[], run: R) => Promise<FoldedRows> | FoldedRows;
  /** Statements for a batch, run after its rows are in. */
  statements?: (folded: S[], run: R) => Statement[];
  finish?: (run: R) => FoldFinish;
}): StreamFold => {
  const types = new Set(spec.eventTypes);
  const { finish, statements } = spec;
  return {
    streamType: spec.streamType,
    eventTypes: spec.eventTypes,
    columns: spec.columns,
    ...(spec.omitData && { omitData: spec.omitData }),
    start: () => {
      const run = spec.begin ? spec.begin() : (undefined as R);
      return {
        ...(finish && { finish: () => finish(run) }),
        build: async (db, streams) => {
          const folded: S[] = [];
          const unapplied: Unapplied[] = [];
          for (const [n, stream] of streams.entries()) {
            // Bun feeds a rebuild's COPY from this thread (fillFromStreams.ts): a break now and then.
            if (n > 0 && n % GIVE_WAY_EVERY === 0) await giveWay();
            const events = stream.filter((e) => types.has(e.type));
            if (events.length === 0) continue;
            let state: S | undefined;
            try {
              state = spec.fold(events);
            } catch (error) {
              const failsAt = events.findIndex((_, i) => {
                try {
                  spec.fold(events.slice(0, i + 1));
                  return false;
                } catch {
                  return true;
                }
              });
              const at = failsAt === -1 ? events.length - 1 : failsAt;
              const failing = events[at]!;
              unapplied.push({
                event: {
                  streamId: failing.streamId,
                  position: failing.position,
                  transactionId: failing.transactionId,
                  type: failing.type,
                },
                error: message(error),
              });
              state = at > 0 ? spec.fold(events.slice(0, at)) : undefined;
            }
            if (state !== undefined) folded.push(state);
          }
          return {
            rows: await spec.rows(db, folded, run),
            unapplied,
            ...(statements && { statements: statements(folded, run) }),
          };
        },
      };
    },
  };
};

/** COPY's text format escapes (backslash, and the row and column separators). */
const escapeCopy = (text: string) => text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!);
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** An array literal's element, quoted (backslash and double quote escaped). */
const arrayElement = (item: string) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** One value in COPY's text format. */
export const copyValue = (value: unknown): string => {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot COPY the number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof TextArray) return escapeCopy(`{${value.items.map(arrayElement).join(',')}}`);
  return escapeCopy(JSON.stringify(value));
};

/** Rows as one chunk of COPY text (tab-separated values, one line each). */
export const copyText = (rows: readonly unknown[][]) => {
  let text = '';
  for (const row of rows) text += `${row.map(copyValue).join('\t')}\n`;
  return text;
};
