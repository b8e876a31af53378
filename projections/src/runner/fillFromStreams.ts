import type { ReservedSql, Sql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { SqlProjection } from './projection.ts';
import type { Checkpoint } from '@rentals/core/eventStore/types';
import { createRebuildCheckpoint, fenceCheckpoint } from './checkpoints.ts';
import { parkFromLog } from './parking.ts';
import { giveWay } from '@rentals/core/giveWay';
import { copyText, GIVE_WAY_EVERY, type FoldedRows, type StreamFold } from './streamFold.ts';
import { ident } from '@rentals/core/db';
import { inShadow, type ShadowTables } from './shadowTables.ts';
import type { Statement } from './statement.ts';

/** Streams read, folded and written per round. */
const STREAMS_PER_BATCH = 5000;

/** Rows of a fold's finish per COPY (each COPY its own transaction, short like a batch's). */
const FINISH_ROWS_PER_COPY = 50_000;

export type FoldPart = {
  model: SqlProjection & { foldStreams: StreamFold };
  shadow: ShadowTables;
  /** The copy's checkpoint name (the copy's runner catches up from it). */
  copy: string;
};

/**
 * Where one part's rows go: a connection holding one transaction for the
 * whole fill, which began by emptying the part's copies. That lets every
 * COPY be a COPY FREEZE: rows are written frozen and their pages marked
 * all-visible, so the filled copy needs no vacuum pass before the swap (the
 * map search's index-only scans need the visibility map) and its first
 * readers set no hint bits. The transaction is marked a projection's (it
 * appends nothing), so the log's visibility fence does not wait for it while
 * it is open; an interrupted fill rolls back to empty copies, and the rebuild
 * starts over anyway.
 */
type FillTransaction = { conn: ReservedSql; part: FoldPart };

const openFill = async (sql: Sql, part: FoldPart): Promise<FillTransaction> => {
  const conn = await sql.reserve();
  try {
    await conn.unsafe('BEGIN');
    await conn`SELECT mark_projection_transaction()`;
    const tables = Object.keys(part.model.foldStreams.columns);
    await conn.unsafe(
      `TRUNCATE ${tables.map((t) => `${ident(part.shadow.schema)}.${ident(t)}`).join(', ')}`,
    );
    return { conn, part };
  } catch (error) {
    await closeFill({ conn, part }, false);
    throw error;
  }
};

const closeFill = async ({ conn }: FillTransaction, commit: boolean) => {
  try {
    await conn.unsafe(commit ? 'COMMIT' : 'ROLLBACK');
  } finally {
    conn.release();
  }
};

/** One COPY FREEZE into a copy table, on the fill's transaction. */
const copyInto = async (
  fill: FillTransaction,
  table: string,
  columns: readonly string[],
  text: string,
) => {
  if (text.length === 0) return;
  const target = `${ident(fill.part.shadow.schema)}.${ident(table)} (${columns.map(ident).join(', ')})`;
  const stream = await fill.conn.unsafe(`COPY ${target} FROM STDIN WITH (FREEZE)`).writable();
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
    stream.end(text);
  });
};

/**
 * A fold's rows as COPY text, per table of its copies, with breaks for the
 * event loop (see `fill`).
 */
const copyTexts = async (fill: FillTransaction, rows: FoldedRows) => {
  const texts: (readonly [string, readonly string[], string])[] = [];
  for (const [table, columns] of Object.entries(fill.part.model.foldStreams.columns)) {
    const all = rows[table] ?? [];
    let text = '';
    for (let from = 0; from < all.length; from += GIVE_WAY_EVERY) {
      text += copyText(all.slice(from, from + GIVE_WAY_EVERY));
      await giveWay();
    }
    texts.push([table, columns, text] as const);
  }
  return texts;
};

/**
 * COPY texts into the copies, one after the other: they share the fill's one
 * connection, and a second COPY sent before the first has ended never starts
 * (the fill hung on rent trends' finish, whose chunks overlapped).
 */
const sendCopies = async (fill: FillTransaction, texts: Awaited<ReturnType<typeof copyTexts>>) => {
  for (const [table, columns, text] of texts) await copyInto(fill, table, columns, text);
};

/** A fold's own statements, on the copies, in the fill's transaction. */
const runOnCopies = async ({ conn, part }: FillTransaction, statements: readonly Statement[]) => {
  for (const s of inShadow(part.shadow, [...statements]))
    await conn.unsafe(s.text, s.values as never[]);
};

/**
 * Fills the copies of read models that can fold whole streams (StreamFold),
 * all of one stream type, in one pass: the streams are read up to the log's
 * visibility fence 5,000 at a time, each model folds them to rows, and the
 * rows go into the copies with COPY, while the next streams are read and
 * folded (two cores: Postgres reads the next batch and writes the last while
 * we fold). Each copy's checkpoint
 * is then the fence, so its runner catches up from there event by event,
 * with the streams a model could not fold parked at the event that fails.
 * Every event is read once, and every row written once however many events
 * made it. A fold's `finish` then writes what it gathered over all the rows
 * (e.g. aggregates) and runs its statements on its copies. Each part's
 * copies are written in one transaction (FillTransaction), committed at the
 * end.
 */
export const fillFromStreams = async (
  sql: Sql,
  parts: readonly FoldPart[],
  onProgress: (applied: number, total: number) => void,
  log: (line: string) => void = () => {},
) => {
  const fence = await fenceCheckpoint(sql);
  for (const part of parts) await createRebuildCheckpoint(sql, part.copy, fence);
  const fills: FillTransaction[] = [];
  try {
    for (const part of parts) fills.push(await openFill(sql, part));
    await fill(sql, fills, fence, onProgress, log);
  } catch (error) {
    await Promise.allSettled(fills.map((f) => closeFill(f, false)));
    throw error;
  }
  for (const f of fills) await closeFill(f, true);
};

type FoldRun = ReturnType<FoldPart['model']['foldStreams']['start']>;
type Built = Awaited<ReturnType<FoldRun['build']>>;

/**
 * One batch's writes: each model's rows copied then its statements run, and the events it could
 * not apply parked, one after another.
 */
const writeBatch = (
  sql: Sql,
  fills: readonly FillTransaction[],
  built: Built[],
  texts: Awaited<ReturnType<typeof copyTexts>>[],
) =>
  Promise.all(
    fills.flatMap(({ part }, i) => {
      const { unapplied, statements = [] } = built[i]!;
      const copies = sendCopies(fills[i]!, texts[i]!).then(() =>
        runOnCopies(fills[i]!, statements),
      );
      const copy = { name: part.copy, canHandle: part.model.canHandle };
      const parked = unapplied.reduce(
        (previous, { event, error }) => previous.then(() => parkFromLog(sql, copy, event, error)),
        Promise.resolve(),
      );
      return [copies, parked];
    }),
  );

/** What each model computes at the end (e.g. medians), copied in chunks, then its statements. */
const finishFills = async (
  fills: readonly FillTransaction[],
  runs: FoldRun[],
  log: (line: string) => void,
) => {
  for (const [i, { part }] of fills.entries()) {
    const { finish } = runs[i]!;
    if (!finish) continue;
    const started = performance.now();
    const { rows = {}, statements = [] } = finish();
    const most = Math.max(0, ...Object.values(rows).map((r) => r.length));
    // Each chunk's text is made (here) while the last one is copied (Postgres); sent once that one has ended.
    let copying: Promise<unknown> = Promise.resolve();
    for (let from = 0; from < most; from += FINISH_ROWS_PER_COPY) {
      const chunk: FoldedRows = {};
      for (const [t, r] of Object.entries(rows))
        chunk[t] = r.slice(from, from + FINISH_ROWS_PER_COPY);
      const texts = await copyTexts(fills[i]!, chunk);
      await copying;
      copying = sendCopies(fills[i]!, texts);
    }
    await copying;
    await runOnCopies(fills[i]!, statements);
    log(`${part.model.name}: finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
};

const fill = async (
  sql: Sql,
  fills: readonly FillTransaction[],
  fence: Checkpoint,
  onProgress: (applied: number, total: number) => void,
  log: (line: string) => void,
) => {
  const parts = fills.map((f) => f.part);
  const streamType = parts[0]!.model.foldStreams.streamType;
  const ids = (
    await sql<{ stream_id: string }[]>`
      SELECT stream_id FROM streams WHERE stream_type = ${streamType} ORDER BY stream_id`
  ).map((r) => r.stream_id);
  const store = createEventStore(sql);
  const runs = parts.map((p) => p.model.foldStreams.start());
  // Only what no model reads is left out of the read.
  const omitData = parts
    .map((p) => p.model.foldStreams.omitData ?? [])
    .reduce((common, keys) => common.filter((k) => keys.includes(k)));
  const read = async (from: number) => {
    const batch = ids.slice(from, from + STREAMS_PER_BATCH);
    const streams = await store.readStreams(batch, fence, { omitData });
    return { count: batch.length, streams: [...streams.values()] };
  };
  let done = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let reading = ids.length > 0 ? read(0) : undefined;
  try {
    while (reading) {
      const { count, streams } = await reading;
      // The next streams are read (Postgres) while these are folded (here) and written.
      reading = done + count < ids.length ? read(done + count) : undefined;
      // Awaited at the next round or in `finally`; marked handled so a failure is not reported twice.
      reading?.catch(() => undefined);
      const built = await Promise.all(runs.map((run) => run.build(sql, streams)));
      // Made while Postgres still copies the previous batch. This thread also feeds that COPY's socket,
      // which holds a few MB of a batch's ~13 MB of text: folding and making text without a break left
      // Postgres waiting (the machine 27 % idle during the listing model's fill; 17 % with the breaks,
      // the fill's median 24 → 20.5 s; docs/PERFORMANCE.md).
      const texts = await Promise.all(fills.map((f, i) => copyTexts(f, built[i]!.rows)));
      // One batch in flight: the previous one's writes finish before these start.
      await writing;
      writing = writeBatch(sql, fills, built, texts);
      writing.catch(() => undefined);
      done += count;
      onProgress(done, ids.length);
    }
  } finally {
    await reading?.catch(() => undefined);
    await writing.catch(() => undefined);
  }
  await writing;
  await finishFills(fills, runs, log);
};
