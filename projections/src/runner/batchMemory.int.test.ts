import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { bumpMemoryEpoch } from './batchMemory.ts';
import type { SqlProjection } from './projection.ts';
import { startProjection } from './runner.ts';
import { sql } from './statement.ts';
import { createSeenTables } from './testing/seenProjection.ts';
import { testEventStore } from './testing/testEventStore.ts';

/**
 * A runner's memory (SqlProjection.inMemory) must always match the tables a
 * batch starts from. The projection here remembers how many rows it has in
 * `seen`, and every batch's first statement fails unless the table holds
 * exactly that many: so a batch run on stale memory cannot commit.
 */
let db: TestDatabase;
let store: EventStore;
const NAME = 'memory-test';

beforeAll(async () => {
  db = await testDatabase();
  store = testEventStore(db.sql, 'Tick', 'Poison');
  await createSeenTables(db.sql);
});
afterAll(() => db.drop());

let loads = 0;
const insert = (position: number, streamId: string, poison: boolean) => [
  ...(poison ? [sql`SELECT 1 / 0`] : []),
  sql`INSERT INTO seen (projection, position, stream_id) VALUES (${NAME}, ${position}, ${streamId})`,
];
const projection: SqlProjection = {
  kind: 'sql',
  name: NAME,
  canHandle: ['Tick', 'Poison'],
  evolve: (e) => insert(e.position, e.streamId, e.type === 'Poison'),
  reset: [sql`DELETE FROM seen WHERE projection = ${NAME}`],
  inMemory: () => {
    let rows = 0;
    return {
      load: async (tx) => {
        loads += 1;
        const [r] = await tx<{ n: number }[]>`
          SELECT count(*)::int AS n FROM seen WHERE projection = ${NAME}`;
        rows = r!.n;
      },
      evolveBatch: (_tx, events) => {
        const before = rows;
        rows += events.length;
        return Promise.resolve([
          // Division by zero unless the table has what the memory says (not a constant: folded when planned).
          sql`SELECT 1 / (CASE WHEN count(*) = ${before} THEN 1 ELSE 0 END) FROM seen WHERE projection = ${NAME}`,
          ...events.flatMap((e) => insert(e.position, e.streamId, e.type === 'Poison')),
        ]);
      },
    };
  },
};

const tick = (stream: string, type = 'Tick') =>
  store.append(stream, 'test', 'any', [{ type, data: {} }]);
const rowCount = async () =>
  (
    await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM seen WHERE projection = ${NAME}`
  )[0]!.n;

describe('a runner with memory', () => {
  it('loads once, carries the memory between batches, and reloads whenever the tables may differ', async () => {
    const runner = startProjection(db.sql, projection, {
      pollIntervalMs: 5,
      maxRetries: 1,
      backoffMs: 1,
    });
    try {
      // Batches one after another: loaded once.
      for (let i = 0; i < 3; i++) {
        await tick(`t-${i}`);
        await runner.whenCaughtUp();
      }
      expect(loads).toBe(1);
      expect(await rowCount()).toBe(3);

      // Someone else writes the tables and bumps the epoch (as retryParked does): reloaded.
      await db.sql.begin(async (tx) => {
        await tx`INSERT INTO seen (projection, position, stream_id) VALUES (${NAME}, 0, 'by-hand')`;
        await bumpMemoryEpoch(tx, NAME);
      });
      await tick('t-3');
      await runner.whenCaughtUp();
      expect(loads).toBe(2);
      expect(await rowCount()).toBe(5);

      // A batch that fails: narrowed down event by event through `evolve` (not the memory), the bad
      // event's stream parked; the next batch reloads, because the memory had taken the failed batch.
      await store.append('t-4', 'test', 'any', [
        { type: 'Tick', data: {} },
        { type: 'Poison', data: {} },
      ]);
      await runner.whenCaughtUp();
      expect(
        await db.sql`SELECT 1 FROM projection_parked_streams WHERE projection = ${NAME}`,
      ).toHaveLength(1);
      const afterFailure = loads;
      await tick('t-5');
      await runner.whenCaughtUp();
      expect(loads).toBe(afterFailure + 1);
      expect(await rowCount()).toBe(7);
    } finally {
      await runner.stop();
    }
  });
});
