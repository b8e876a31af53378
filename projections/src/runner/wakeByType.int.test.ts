import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { APPENDED_CHANNEL } from '@rentals/core/eventStore/appendedNotice';
import { projectionsBehind, projectionStates } from '../queries/readSideHealth.ts';
import { waitForStream } from '../queries/readYourWrites.ts';
import { createSeenTables, seenProjection } from './testing/seenProjection.ts';
import { testEventStore } from './testing/testEventStore.ts';
import { startProjection } from './runner.ts';

/*
 * Migration 0188: the append's NOTIFY names the types appended, and a
 * projection wakes only for the types it handles. Both projections below
 * poll once a minute, so whatever they do within the test was set off by a
 * NOTIFY (or by whenCaughtUp, which wakes its own projection).
 */
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await testDatabase();
  store = testEventStore(db.sql, 'Tick', 'Tock');
  await createSeenTables(db.sql);
  // Every move of a checkpoint, so a test can tell one batch from several.
  await db.sql.unsafe(`
    CREATE TABLE checkpoint_moves (name text NOT NULL, position bigint NOT NULL);
    CREATE FUNCTION log_checkpoint_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.position <> OLD.position THEN
        INSERT INTO checkpoint_moves VALUES (NEW.name, NEW.position);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER checkpoint_moves AFTER UPDATE ON projection_checkpoints
      FOR EACH ROW EXECUTE FUNCTION log_checkpoint_move();`);
});
afterAll(() => db.drop());

const tick = { type: 'Tick', data: {} };
const tock = { type: 'Tock', data: {} };
const MINUTE = 60_000;

const moves = async (name: string) =>
  (
    await db.sql<{ position: number }[]>`
      SELECT position FROM checkpoint_moves WHERE name = ${name} ORDER BY position`
  ).map((r) => r.position);

const checkpointOf = async (name: string) => {
  const [row] = await db.sql<{ position: number }[]>`
    SELECT position FROM projection_checkpoints WHERE name = ${name}`;
  return row!.position;
};

/** Resolves once the projection has applied the event at `position` (its `seen` row), or fails after 20 s. */
const applied = async (projection: string, position: number) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await db.sql`
      SELECT 1 FROM seen WHERE projection = ${projection} AND position = ${position}`;
    if (row) return;
    if (Date.now() > deadline) throw new Error(`${projection} did not apply #${position}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('waking projections by the types appended', () => {
  it("announces the append's last position and its distinct types, sorted", async () => {
    const payloads: string[] = [];
    let heard: () => void = () => {};
    const heardOne = new Promise<void>((resolve) => (heard = resolve));
    const listener = await db.sql.listen(APPENDED_CHANNEL, (payload) => {
      payloads.push(payload);
      heard();
    });
    const { lastPosition } = await store.append('announce-1', 'test', 'any', [tock, tick, tock]);
    await heardOne;
    await listener.unlisten();
    expect(payloads).toEqual([`${lastPosition} Tick,Tock`]);
  });

  it('wakes a projection for the types it handles and passes the others with its next batch', async () => {
    const ticks = startProjection(db.sql, seenProjection('ticks'), { pollIntervalMs: MINUTE });
    const tocks = startProjection(
      db.sql,
      { ...seenProjection('tocks'), canHandle: ['Tock'] },
      { pollIntervalMs: MINUTE },
    );
    try {
      await ticks.whenCaughtUp();
      await tocks.whenCaughtUp();
      const before = await checkpointOf('ticks');

      // Twenty appends the ticks projection does not handle, each applied by the tocks projection
      // before the next: every one's NOTIFY has reached both projections' sessions by then.
      const tockPositions: number[] = [];
      for (let i = 0; i < 20; i++) {
        const { lastPosition } = await store.append('clock-tock', 'test', 'any', [tock]);
        await applied('tocks', lastPosition);
        tockPositions.push(lastPosition);
      }
      // At most one move: a read already under way when whenCaughtUp returned may have taken the first.
      expect((await moves('ticks')).filter((p) => p > before).length).toBeLessThanOrEqual(1);
      expect(await checkpointOf('ticks')).toBeLessThan(tockPositions.at(-1)!);

      // Behind only by events it does not handle: no lag for health, nothing for read-your-writes to
      // wait for (without the types it would wait out its bound, a minute).
      const [state] = (await projectionStates(db.sql)).filter((s) => s.name === 'ticks');
      expect(state).toMatchObject({ lag: 0 });
      const behind = await projectionsBehind(db.sql, tockPositions.at(-1)!);
      expect(behind.map((r) => r.name)).not.toContain('ticks');
      await waitForStream(db.sql, 'clock-tock', MINUTE, 'ticks');
      expect(await checkpointOf('ticks')).toBeLessThan(tockPositions.at(-1)!);

      // A type it handles wakes it at once (its poll is a minute away), and one batch takes it past
      // the events it passed over.
      const { lastPosition: tickAt } = await store.append('clock-tick', 'test', 'any', [tick]);
      await applied('ticks', tickAt);
      expect(await checkpointOf('ticks')).toBe(tickAt);
      expect((await moves('ticks')).filter((p) => p > tockPositions.at(-1)!)).toEqual([tickAt]);
      const [after] = (await projectionStates(db.sql)).filter((s) => s.name === 'ticks');
      expect(after).toMatchObject({ lag: 0 });
    } finally {
      await ticks.stop();
      await tocks.stop();
    }
  }, 30_000);

  it('counts as lag the events a projection handles and has not applied', async () => {
    // No worker: the ticks projection's checkpoint stays where the test above left it.
    await store.append('lag-1', 'test', 'any', [tock, tock, tick, tock]);
    await store.append('lag-2', 'test', 'any', [tick]);
    const [state] = (await projectionStates(db.sql)).filter((s) => s.name === 'ticks');
    expect(state).toMatchObject({ lag: 2 });
    const [{ max: head } = { max: 0 }] = await db.sql<
      { max: number }[]
    >`SELECT max(position) FROM events`;
    expect((await projectionsBehind(db.sql, head)).map((r) => r.name)).toContain('ticks');
    const [capped] = (await projectionStates(db.sql, { lagCap: 3 })).filter(
      (s) => s.name === 'ticks',
    );
    // Past the cap the log's positions stand in for the count, whatever the types.
    expect(capped!.lag).toBe(5);
  });
});
