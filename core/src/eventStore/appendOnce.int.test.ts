import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { createSql, type Sql } from '../db.ts';
import { ConcurrencyError } from '../errors.ts';
import { appendOnce } from './appendOnce.ts';
import { createEventStore } from './eventStore.ts';
import { createEventRegistry } from './registry.ts';
import type { Event } from './types.ts';

/*
 * An append whose connection the server ends while it waits (pg_terminate_backend on its
 * backend, as a reset would): appendOnce tries it again, and the stream ends with the events
 * once, whether the failed attempt's events were written meanwhile (as when a commit's answer
 * is lost) or not.
 */
const registry = createEventRegistry({
  Tick: {
    schema: Type.Object({ n: Type.Integer({ minimum: 0 }), note: Type.Optional(Type.String()) }),
    version: 1,
  },
});
const APP = 'append-once-test';
let db: TestDatabase;
let writer: Sql;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  db = await testDatabase();
  writer = createSql(db.url, { max: 1, applicationName: APP });
  // Its first query teaches the client the array types appends need.
  await writer`SELECT 1`;
  process.on('uncaughtException', onUncaught);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await writer.end({ timeout: 1 });
  await db.drop();
});

const tick = (n: number) => ({ type: 'Tick', data: { n, note: undefined } });

/** The writer's backend, once its append waits on a lock. */
const waitingWriter = async () => {
  for (;;) {
    const [row] = await db.sql<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${APP} AND wait_event_type = 'Lock'`;
    if (row) return row.pid;
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * Holds `streamId`'s creation open in a transaction of its own (appending `events` there), so the
 * writer's append of a new stream waits on it; then ends the writer's session, and commits the
 * holder's events (`commit`) or rolls them back.
 */
const faultWhileHeld = async (streamId: string, events: Event[], commit: boolean) => {
  let release!: () => void;
  let held!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const holding = new Promise<void>((r) => (held = r));
  const holder = db.sql
    .begin(async (tx) => {
      await createEventStore(tx as unknown as Sql, registry).append(streamId, 'test', 0, events);
      held();
      await released;
      if (!commit) throw new Error('rolled back');
    })
    .catch(() => undefined);
  await holding;
  const appended = appendOnce(
    createEventStore(writer, registry),
    { streamId, streamType: 'test', expectedVersion: 0, events: [tick(1)] },
    (ms) => new Promise((r) => setTimeout(r, ms / 10)),
  );
  await db.sql`SELECT pg_terminate_backend(${await waitingWriter()})`;
  release();
  await holder;
  return appended;
};

const ticks = async (streamId: string) =>
  (await createEventStore(db.sql, registry).readStream(streamId)).events.map((e) => e.data.n);

describe('appendOnce after a connection fault', () => {
  it('tries the append again, and the stream holds its events once', async () => {
    const result = await faultWhileHeld('s-retried', [tick(9)], false);
    expect(result).toMatchObject({ nextVersion: 1, retries: 1 });
    expect(await ticks('s-retried')).toEqual([1]);
    expect(uncaught).toEqual([]);
  });

  it('takes the same events already in the stream as its own append, and does not append them again', async () => {
    const result = await faultWhileHeld('s-committed', [tick(1)], true);
    expect(result).toMatchObject({ nextVersion: 1, retries: 1 });
    expect(await ticks('s-committed')).toEqual([1]);
  });

  it("refuses when another writer's events are there", async () => {
    await expect(faultWhileHeld('s-other', [tick(2)], true)).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(await ticks('s-other')).toEqual([2]);
  });

  it('does not retry a refusal without a fault', async () => {
    const store = createEventStore(writer, registry);
    await store.append('s-taken', 'test', 0, [tick(1)]);
    await expect(
      appendOnce(store, {
        streamId: 's-taken',
        streamType: 'test',
        expectedVersion: 0,
        events: [tick(1)],
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });
});
