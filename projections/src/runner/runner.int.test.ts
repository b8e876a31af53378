import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { startProjection } from './runner.ts';
import { rebuildProjection } from './rebuild.ts';
import { createSeenTables, seenProjection } from './testing/seenProjection.ts';
import { testEventStore } from './testing/testEventStore.ts';
import { projectionStates } from '../queries/readSideHealth.ts';
import type { ExternalProjection, SqlProjection } from './projection.ts';
import { sql } from './statement.ts';
import { retryParked } from './retryParked.ts';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await testDatabase({ max: 40 });
  // The runner's own test events, not the product's: the store refuses types it does not know.
  store = testEventStore(db.sql, 'Tick', 'Poison');
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

/** An external projection of Ticks that records the positions it applied; `check` may throw first. */
const recordingExternal = (
  name: string,
  check: (events: Parameters<ExternalProjection['apply']>[0]) => void,
) => {
  const applied: number[] = [];
  const projection: ExternalProjection = {
    kind: 'external',
    name,
    canHandle: ['Tick'],
    apply: async (events) => {
      check(events);
      applied.push(...events.map((e) => e.position));
      await Promise.resolve();
    },
    reset: async () => {},
  };
  return { projection, applied };
};

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

  describe('an event it cannot apply', () => {
    const parkedRows = (projection: string) =>
      db.sql<{ stream_id: string; position: number; event_type: string; error: string }[]>`
        SELECT stream_id, position, event_type, error FROM projection_parked_streams
        WHERE projection = ${projection}`;
    const heldRows = async (projection: string) =>
      (
        await db.sql<{ position: number }[]>`
          SELECT position FROM projection_parked_events WHERE projection = ${projection} ORDER BY position`
      ).map((r) => r.position);
    const appliedOf = async (projection: string, streamId: string) =>
      (
        await db.sql<{ position: number }[]>`
          SELECT position FROM seen WHERE projection = ${projection} AND stream_id = ${streamId} ORDER BY seq`
      ).map((r) => r.position);

    it('parks only its stream, holds that stream’s later events and goes on with every other stream', async () => {
      const logs: string[] = [];
      const runner = startProjection(db.sql, seenProjection('parking'), {
        batchSize: 50,
        pollIntervalMs: 5,
        maxRetries: 2,
        backoffMs: 1,
        log: (l) => logs.push(l),
      });
      await runner.whenCaughtUp();
      const before = await store.append('pk-1', 'test', 0, [tick]);
      const bad = await store.append('pk-2', 'test', 0, [{ type: 'Tick', data: { poison: true } }]);
      const after = await store.append('pk-3', 'test', 0, [tick]);
      const held = await store.append('pk-2', 'test', 1, [tick, tick]);
      await runner.whenCaughtUp(10_000);
      const later = await store.append('pk-4', 'test', 0, [tick]);
      const heldLater = await store.append('pk-2', 'test', 3, [tick]);
      await runner.whenCaughtUp(10_000);

      expect(await appliedOf('parking', 'pk-1')).toEqual([before.lastPosition]);
      expect(await appliedOf('parking', 'pk-3')).toEqual([after.lastPosition]);
      expect(await appliedOf('parking', 'pk-4')).toEqual([later.lastPosition]);
      expect(await appliedOf('parking', 'pk-2')).toEqual([]);
      expect(await parkedRows('parking')).toEqual([
        {
          stream_id: 'pk-2',
          position: bad.lastPosition,
          event_type: 'Tick',
          error: expect.stringContaining('division by zero') as unknown,
        },
      ]);
      expect(await heldRows('parking')).toEqual([
        bad.lastPosition,
        held.lastPosition - 1,
        held.lastPosition,
        heldLater.lastPosition,
      ]);
      const [state] = (await projectionStates(db.sql)).filter((s) => s.name === 'parking');
      expect(state).toMatchObject({ status: 'running', lag: 0, parked: 1 });
      expect(logs.some((l) => l.includes(`parked stream pk-2 at event #${bad.lastPosition}`))).toBe(
        true,
      );

      // A retry that still fails keeps the stream parked, with the new error, and applies nothing.
      await db.sql`UPDATE events SET type = 'Poison' WHERE position = ${bad.lastPosition}`;
      expect(await retryParked(db.sql, seenProjection('parking'), 'pk-2')).toMatchObject({
        outcome: 'still-parked',
        applied: 0,
        position: bad.lastPosition,
        eventType: 'Poison',
      });
      expect((await parkedRows('parking'))[0]).toMatchObject({ event_type: 'Poison' });
      expect(await appliedOf('parking', 'pk-2')).toEqual([]);

      // Fixed in the log (as an upcaster would): the retry applies the held events in log order
      // while the runner keeps running, and releases the stream.
      await db.sql`UPDATE events SET type = 'Tick', data = '{}' WHERE position = ${bad.lastPosition}`;
      expect(await retryParked(db.sql, seenProjection('parking'), 'pk-2')).toEqual({
        outcome: 'applied',
        applied: 4,
      });
      expect(await appliedOf('parking', 'pk-2')).toEqual([
        bad.lastPosition,
        held.lastPosition - 1,
        held.lastPosition,
        heldLater.lastPosition,
      ]);
      expect(await parkedRows('parking')).toEqual([]);
      expect(await heldRows('parking')).toEqual([]);
      // Released: the stream's next event is applied as usual.
      const next = await store.append('pk-2', 'test', 4, [tick]);
      await runner.whenCaughtUp(10_000);
      expect((await appliedOf('parking', 'pk-2')).at(-1)).toBe(next.lastPosition);
      await runner.stop();
      const rows = await seen('parking');
      expect(rows.every((r) => r.times === 1)).toBe(true);
    });

    it('parks in an external projection too, and the retry replays through it', async () => {
      let refuse = true;
      const { projection: external, applied } = recordingExternal('external-parking', (events) => {
        if (refuse && events.some((e) => (e.data as { poison?: boolean }).poison === true))
          throw new Error('the index refused the document');
      });
      const runner = startProjection(db.sql, external, {
        batchSize: 50,
        pollIntervalMs: 5,
        maxRetries: 2,
        backoffMs: 1,
      });
      await runner.whenCaughtUp();
      applied.length = 0;
      const bad = await store.append('ex-1', 'test', 0, [{ type: 'Tick', data: { poison: true } }]);
      const other = await store.append('ex-2', 'test', 0, [tick]);
      const held = await store.append('ex-1', 'test', 1, [tick]);
      await runner.whenCaughtUp(10_000);
      expect(applied).toContain(other.lastPosition);
      expect(applied).not.toContain(bad.lastPosition);
      expect(applied).not.toContain(held.lastPosition);
      expect(await heldRows('external-parking')).toEqual([bad.lastPosition, held.lastPosition]);
      refuse = false;
      expect(await retryParked(db.sql, external, 'ex-1')).toEqual({
        outcome: 'applied',
        applied: 2,
      });
      expect(applied.slice(-2)).toEqual([bad.lastPosition, held.lastPosition]);
      expect(await parkedRows('external-parking')).toEqual([]);
      await runner.stop();
    });

    it('waits out an outage instead of parking', async () => {
      let outages = 8;
      const { projection: flaky, applied } = recordingExternal('flaky', (events) => {
        if (events.some((e) => e.streamId === 'fl-1') && outages-- > 0)
          throw Object.assign(new Error('terminating connection'), { code: '57P01' });
      });
      const runner = startProjection(db.sql, flaky, {
        pollIntervalMs: 5,
        maxRetries: 2,
        backoffMs: 1,
      });
      const appended = await store.append('fl-1', 'test', 0, [tick]);
      await runner.whenCaughtUp(30_000);
      await runner.stop();
      expect(outages).toBeLessThan(0);
      expect(applied).toContain(appended.lastPosition);
      expect(await parkedRows('flaky')).toEqual([]);
    });

    it('parks during a rebuild instead of stopping, to the same read model as incremental processing', async () => {
      const incremental = startProjection(db.sql, seenProjection('rebuilt-parking'), {
        batchSize: 3,
        pollIntervalMs: 5,
        maxRetries: 1,
      });
      await store.append('rp-1', 'test', 0, [tick]);
      const bad = await store.append('rp-2', 'test', 0, [{ type: 'Poison', data: {} }]);
      await store.append('rp-2', 'test', 1, [tick]);
      await store.append('rp-3', 'test', 0, [tick]);
      await incremental.whenCaughtUp(10_000);
      await incremental.stop();
      const snapshot = () =>
        db.sql`SELECT stream_id, n FROM seen_counts WHERE projection = 'rebuilt-parking' ORDER BY stream_id`;
      const before = await snapshot();
      const heldBefore = await heldRows('rebuilt-parking');
      const result = await rebuildProjection(db.sql, seenProjection('rebuilt-parking'), () => {}, {
        batchSize: 50,
      });
      // Every Poison event in the shared log parks its stream (earlier tests wrote some too).
      expect(result.parked).toBeGreaterThanOrEqual(1);
      expect(await snapshot()).toEqual(before);
      expect(await heldRows('rebuilt-parking')).toEqual(heldBefore);
      expect(heldBefore).toContain(bad.lastPosition);
      const [state] = (await projectionStates(db.sql)).filter((s) => s.name === 'rebuilt-parking');
      expect(state).toMatchObject({ status: 'idle', lag: 0 });
    });
  });
});

describe('settling (figures derived from many rows)', () => {
  /** Counts its ticks; settling records how many it had counted at that moment. */
  const counting = (name: string): SqlProjection => ({
    kind: 'sql',
    name,
    canHandle: ['Tick'],
    evolve: () => [sql`INSERT INTO settle_ticks (projection) VALUES (${name})`],
    reset: [],
    settle: {
      statements: [
        sql`INSERT INTO settle_runs (projection, ticks)
            SELECT ${name}, count(*) FROM settle_ticks WHERE projection = ${name}`,
      ],
      atMostEveryMs: 600_000,
    },
  });
  const runs = async (name: string) =>
    (
      await db.sql<{ ticks: number }[]>`
        SELECT ticks::int FROM settle_runs WHERE projection = ${name} ORDER BY id`
    ).map((r) => r.ticks);

  const tickCount = async () =>
    (await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE type = 'Tick'`)[0]!
      .n;

  beforeAll(async () => {
    await db.sql`CREATE TABLE settle_ticks (projection text NOT NULL)`;
    await db.sql`CREATE TABLE settle_runs (id serial PRIMARY KEY, projection text NOT NULL, ticks int NOT NULL)`;
  });

  it('settles once a backlog is worked through, not after each batch, and before it reports itself caught up', async () => {
    for (let i = 0; i < 40; i++) await store.append(`settle-${i % 3}`, 'test', 'any', [tick]);
    const ticks = await tickCount();
    const runner = startProjection(db.sql, counting('settling'), {
      batchSize: 4,
      maxBatchSize: 8,
      pollIntervalMs: 5,
    });
    await runner.whenCaughtUp();
    await runner.stop();
    const total = ticks;
    // Six batches or more (4, 8, 8, …); none settles but the one at the head of the log.
    expect(total / 8).toBeGreaterThanOrEqual(5);
    expect(await runs('settling')).toEqual([total]);
  });

  it('settles when the last batch filled its limit exactly and the log then has nothing more', async () => {
    await db.sql`TRUNCATE settle_ticks, settle_runs`;
    for (let i = 0; i < 12; i++) await store.append(`settle-exact-${i % 3}`, 'test', 'any', [tick]);
    const [{ n } = { n: 0 }] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events`;
    // Batches of exactly the log's size: the one batch is full, so only the empty read after it can settle.
    const runner = startProjection(db.sql, counting('exact'), {
      batchSize: n,
      maxBatchSize: n,
      pollIntervalMs: 5,
    });
    await runner.whenCaughtUp();
    await runner.stop();
    expect(await runs('exact')).toEqual([await tickCount()]);
  });
});

describe('a rebuild in place while the projection runs', () => {
  it('is taken up by the running projector even when no new event arrives to wake it', async () => {
    await db.sql`CREATE TABLE idle_ticks (n int NOT NULL)`;
    const idle: SqlProjection = {
      kind: 'sql',
      name: 'idle-in-place',
      canHandle: ['Tick'],
      evolve: () => [sql`INSERT INTO idle_ticks VALUES (1)`],
      reset: [sql`TRUNCATE idle_ticks`],
    };
    for (let i = 0; i < 5; i++) await store.append(`idle-${i}`, 'test', 'any', [tick]);
    const live = startProjection(db.sql, idle, { batchSize: 50, pollIntervalMs: 5 });
    await live.whenCaughtUp();
    const [{ n: before } = { n: 0 }] = await db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM idle_ticks`;
    // No tables of its own: reset in place, and the live runner (which holds the projection) replays.
    await rebuildProjection(db.sql, idle);
    await live.whenCaughtUp();
    await live.stop();
    const [{ n: after } = { n: 0 }] = await db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM idle_ticks`;
    expect(after).toBe(before);
    expect(before).toBeGreaterThanOrEqual(5);
  });
});
