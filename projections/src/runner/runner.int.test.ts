import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/infra/testing/testDatabase';
import { createEventStore, type EventStore } from '@rentals/api/eventStore/eventStore';
import { startProjection } from './runner.ts';
import { rebuildProjection } from './rebuild.ts';
import { createSeenTables, seenProjection } from './testing/seenProjection.ts';
import { projectionStates } from './checkpoints.ts';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await testDatabase({ max: 40 });
  store = createEventStore(db.sql);
  await createSeenTables(db.sql);
});
afterAll(() => db.drop());

const tick = { type: 'Tick', data: {} };

const seen = async (projection: string) => {
  const rows = await db.sql<{ position: number; times: number }[]>`
    SELECT position, count(*)::int AS times FROM seen WHERE projection = ${projection} GROUP BY position`;
  return rows;
};
const allPositions = async () =>
  (await db.sql<{ position: number }[]>`SELECT position FROM events ORDER BY position`).map(
    (r) => r.position,
  );

describe('projection runner', () => {
  it('sees every event exactly once when transactions commit out of order', async () => {
    const runner = startProjection(db.sql, seenProjection('ooo'), {
      batchSize: 7,
      pollIntervalMs: 5,
    });
    // Many writers; each holds its transaction open for a random time after taking its position,
    // so positions commit in a shuffled order while the projection keeps reading.
    const writer = async (w: number) => {
      for (let i = 0; i < 10; i++) {
        await db.sql.begin(async (tx) => {
          await tx`SELECT * FROM append_events(${`w-${w}`}, 'test', -1, ARRAY['Tick'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`;
          await tx`SELECT pg_sleep(${Math.random() * 0.03})`;
        });
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
    await runner.whenCaughtUp();
    await runner.stop();
    const rows = await seen('ooo');
    expect(rows.every((r) => r.times === 1)).toBe(true);
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(await allPositions());
    expect(rows).toHaveLength(160);
  });

  it('does not move past a lower position whose transaction is still open', async () => {
    const runner = startProjection(db.sql, seenProjection('gap'), { pollIntervalMs: 5 });
    await runner.whenCaughtUp();
    const slow = await db.sql.reserve();
    await slow.unsafe('BEGIN');
    const [low] = await slow<{ last_position: number }[]>`
      SELECT * FROM append_events('gap-slow', 'test', 0, ARRAY['Tick'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`;
    const high = await store.append('gap-fast', 'test', 0, [tick]);
    expect(high.lastPosition).toBeGreaterThan(low!.last_position);
    // Give the runner every chance to read the higher event before the lower one commits.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10));
    const before = (await seen('gap')).map((r) => r.position);
    expect(before).not.toContain(high.lastPosition);
    await slow.unsafe('COMMIT');
    slow.release();
    await runner.whenCaughtUp();
    await runner.stop();
    const after = (await seen('gap')).map((r) => r.position);
    expect(after).toContain(low!.last_position);
    expect(after).toContain(high.lastPosition);
  });

  it('resumes from its checkpoint after the process is killed mid-batch, losing and repeating nothing', async () => {
    for (let i = 0; i < 60; i++) await store.append(`kill-${i % 5}`, 'test', 'any', [tick]);
    const script = fileURLToPath(new URL('./testing/runSeenProjection.ts', import.meta.url));
    const child = spawn(process.execPath, [script, db.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const checkpoint = async () =>
      (
        await db.sql<
          { position: number }[]
        >`SELECT position FROM projection_checkpoints WHERE name = 'seen'`
      )[0]?.position ?? 0;
    while ((await checkpoint()) === 0) await new Promise((r) => setTimeout(r, 20));
    // Each batch takes ~400 ms (10 events × 40 ms), so this lands inside the next batch.
    await new Promise((r) => setTimeout(r, 150));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const applied = await seen('seen');
    const upToCheckpoint = await db.sql<{ position: number }[]>`
      SELECT e.position FROM events e, projection_checkpoints c
      WHERE c.name = 'seen' AND (e.transaction_id, e.position) <= (c.transaction_id, c.position)`;
    // Nothing of the interrupted batch is visible: rows exist for exactly the events up to the checkpoint.
    expect(applied.every((r) => r.times === 1)).toBe(true);
    expect(applied.map((r) => r.position).sort((a, b) => a - b)).toEqual(
      upToCheckpoint.map((r) => r.position).sort((a, b) => a - b),
    );
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.length).toBeLessThan((await allPositions()).length);

    const resumed = startProjection(db.sql, seenProjection('seen'), {
      batchSize: 10,
      pollIntervalMs: 5,
    });
    await resumed.whenCaughtUp();
    await resumed.stop();
    const rows = await seen('seen');
    expect(rows.every((r) => r.times === 1)).toBe(true);
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(await allPositions());
  });

  it('rebuilds from zero to the same read model as incremental processing', async () => {
    const incremental = startProjection(db.sql, seenProjection('rebuilt'), {
      batchSize: 3,
      pollIntervalMs: 5,
    });
    for (let i = 0; i < 30; i++) await store.append(`rb-${i % 4}`, 'test', 'any', [tick]);
    await incremental.whenCaughtUp();
    await incremental.stop();
    const snapshot = () =>
      db.sql`SELECT stream_id, n FROM seen_counts WHERE projection = 'rebuilt' ORDER BY stream_id`;
    const before = await snapshot();
    const progress: number[] = [];
    await rebuildProjection(db.sql, seenProjection('rebuilt'), (p) => progress.push(p.applied));
    expect(await snapshot()).toEqual(before);
    expect(progress.at(-1)).toBe((await allPositions()).length);
    const [state] = (await projectionStates(db.sql)).filter((s) => s.name === 'rebuilt');
    expect(state).toMatchObject({ status: 'idle', lag: 0 });
  });

  it('stops on a poison event with a clear error and a non-zero lag, without skipping it', async () => {
    const logs: string[] = [];
    const runner = startProjection(db.sql, seenProjection('poisoned'), {
      batchSize: 50,
      pollIntervalMs: 5,
      maxRetries: 2,
      backoffMs: 1,
      log: (l) => logs.push(l),
    });
    await runner.whenCaughtUp();
    const good = await store.append('p-1', 'test', 0, [tick]);
    const bad = await store.append('p-2', 'test', 0, [{ type: 'Poison', data: {} }]);
    await store.append('p-3', 'test', 0, [tick]);
    await expect(runner.whenCaughtUp(10_000)).rejects.toThrow(
      /stopped at event #\d+ \(Poison on p-2\)/,
    );
    await runner.done;
    const [state] = (await projectionStates(db.sql)).filter((s) => s.name === 'poisoned');
    expect(state!.status).toBe('failed');
    expect(state!.lag).toBe(2);
    expect(state!.position).toBe(good.lastPosition);
    expect(state!.lastError).toContain(`#${bad.lastPosition}`);
    expect(logs.some((l) => l.includes('division by zero'))).toBe(true);
  });
});
