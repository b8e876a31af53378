import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/infra/testing/testDatabase';
import { ConcurrencyError } from '../shared/errors.ts';
import { createEventStore, type EventStore } from './eventStore.ts';
import { START } from './types.ts';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await testDatabase({ max: 40 });
  store = createEventStore(db.sql);
});
afterAll(() => db.drop());

const tick = (n: number) => ({ type: 'Tick', data: { n } });

describe('event store', () => {
  it('appends events to a new stream and reads them back in order with their metadata', async () => {
    const result = await store.append('s-1', 'test', 0, [tick(1), tick(2)], { userId: 'u-1' });
    expect(result.nextVersion).toBe(2);
    const { version, events } = await store.readStream('s-1');
    expect(version).toBe(2);
    expect(events.map((e) => [e.type, e.data.n, e.streamVersion])).toEqual([
      ['Tick', 1, 1],
      ['Tick', 2, 2],
    ]);
    expect(events[0]!.metadata).toEqual({ userId: 'u-1', schemaVersion: 1 });
    expect(events[1]!.position).toBe(result.lastPosition);
  });

  it('rejects an append whose expected version is stale, and one that expects a new stream that exists', async () => {
    await store.append('s-2', 'test', 0, [tick(1)]);
    await expect(store.append('s-2', 'test', 0, [tick(2)])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await store.append('s-2', 'test', 1, [tick(2)]);
    const stale = store.append('s-2', 'test', 1, [tick(3)]);
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ status: 409 });
    expect((await store.readStream('s-2')).version).toBe(2);
  });

  it('lets exactly one of many concurrent appends with the same expected version win, for every version', async () => {
    const writers = 12;
    const rounds = 8;
    await store.append('race', 'test', 0, [tick(0)]);
    for (let version = 1; version <= rounds; version++) {
      const results = await Promise.allSettled(
        Array.from({ length: writers }, (_, w) => store.append('race', 'test', version, [tick(w)])),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(writers - 1);
      for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    }
    const { version, events } = await store.readStream('race');
    expect(version).toBe(rounds + 1);
    expect(events.map((e) => e.streamVersion)).toEqual(
      Array.from({ length: rounds + 1 }, (_, i) => i + 1),
    );
  });

  it('does not let readers see an event whose transaction is still open, nor anything after it', async () => {
    const slow = await db.sql.reserve();
    try {
      await slow.unsafe('BEGIN');
      await slow`SELECT * FROM append_events('slow', 'test', 0, ARRAY['Tick'], ARRAY['{"n":1}'::jsonb], ARRAY['{}'::jsonb])`;
      const fast = await store.append('fast', 'test', 0, [tick(2)]);
      const visible = await store.readAll(START, 10_000);
      expect(visible.some((e) => e.streamId === 'fast' || e.streamId === 'slow')).toBe(false);
      await slow.unsafe('COMMIT');
      const after = await store.readAll(START, 10_000);
      const slowEvent = after.find((e) => e.streamId === 'slow')!;
      const fastEvent = after.find((e) => e.streamId === 'fast')!;
      // The open transaction took the lower position and committed later; it is read first.
      expect(slowEvent.position).toBeLessThan(fast.lastPosition);
      expect(after.indexOf(slowEvent)).toBeLessThan(after.indexOf(fastEvent));
    } finally {
      slow.release();
    }
  });
});
