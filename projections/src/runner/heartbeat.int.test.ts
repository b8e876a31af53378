import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import {
  etaSeconds,
  projectionStates,
  STALE_AFTER_SECONDS as STALE_AFTER_PRODUCTION,
} from '../queries/readSideHealth.ts';
import { createSeenTables, seenProjection } from './testing/seenProjection.ts';
import { testEventStore } from './testing/testEventStore.ts';
import { startProjection } from './runner.ts';

/*
 * Fault drill: the projections process is killed. Its checkpoint row still
 * says 'running' (a dead process updates nothing), but its heartbeat stops,
 * so the read side's state shows the worker gone once the heartbeat is older
 * than the freshness limit, with the lag that builds up behind it.
 */
let db: TestDatabase;
let store: EventStore;
const STALE_AFTER_SECONDS = 1;
const HEARTBEAT_MS = 200;

beforeAll(async () => {
  db = await testDatabase();
  store = testEventStore(db.sql, 'Tick');
  await createSeenTables(db.sql);
});
afterAll(() => db.drop());

const state = async (name: string) =>
  (await projectionStates(db.sql, { staleAfterSeconds: STALE_AFTER_SECONDS })).find(
    (s) => s.name === name,
  );

/** Resolves with the projection's state once `test` holds for it. */
const until = async (
  name: string,
  test: (s: NonNullable<Awaited<ReturnType<typeof state>>>) => boolean,
) => {
  for (;;) {
    const s = await state(name);
    if (s && test(s)) return s;
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('projection heartbeats', () => {
  it('keep an idle worker alive, and show a killed one gone within the freshness limit, with its lag', async () => {
    const script = fileURLToPath(new URL('./testing/runSeenProjection.ts', import.meta.url));
    const child = spawn(process.execPath, [script, db.url, 'beating', String(HEARTBEAT_MS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const first = await until('beating', (s) => s.alive);
    // Idle (no events to apply) for several freshness periods: still alive, the heartbeat moves.
    let seen = first.lastSeenAt!.getTime();
    for (let beats = 0; beats < 3 * ((STALE_AFTER_SECONDS * 1000) / HEARTBEAT_MS); beats++) {
      const next = await until('beating', (s) => s.lastSeenAt!.getTime() > seen);
      expect(next.alive).toBe(true);
      seen = next.lastSeenAt!.getTime();
    }

    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    await store.append('behind', 'test', 'any', [{ type: 'Tick', data: {} }]);
    const gone = await until('beating', (s) => !s.alive);
    // The last heartbeat came before the kill, so it turns stale within the limit (plus a poll on a busy machine).
    expect(Date.now() - killedAt).toBeLessThan(STALE_AFTER_SECONDS * 1000 + 2000);
    expect(gone).toMatchObject({ status: 'running', alive: false, lag: 1 });
  }, 30_000);

  it('show a killed worker gone once Postgres ends its session, while its last heartbeat is still fresh', async () => {
    const script = fileURLToPath(new URL('./testing/runSeenProjection.ts', import.meta.url));
    const child = spawn(process.execPath, [script, db.url, 'killed', String(HEARTBEAT_MS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const fresh = () =>
      projectionStates(db.sql).then((all) => all.find((s) => s.name === 'killed'));
    for (;;) {
      if ((await fresh())?.alive) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    // The production freshness limit (10 s): the heartbeat alone would call it alive that long.
    let gone = await fresh();
    while (gone?.alive) gone = await fresh();
    const [heartbeat] = await db.sql<{ fresh: boolean }[]>`
      SELECT beat_at > now() - make_interval(secs => ${STALE_AFTER_PRODUCTION}) AS fresh
      FROM projection_heartbeats WHERE projection = 'killed'`;
    expect(heartbeat?.fresh).toBe(true);
    // Its status row says whatever the killed session last wrote (running or idle): not alive is the point.
    expect(gone).toMatchObject({ alive: false });
  }, 30_000);

  it('hands the projection to a standby when the owner is killed: it beats instead, applying nothing twice', async () => {
    const script = fileURLToPath(new URL('./testing/runSeenProjection.ts', import.meta.url));
    const child = spawn(process.execPath, [script, db.url, 'handover', String(HEARTBEAT_MS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await until('handover', (s) => s.alive);
    const lines: string[] = [];
    let announced: () => void = () => {};
    const standingBy = new Promise<void>((resolve) => (announced = resolve));
    const standby = startProjection(db.sql, seenProjection('handover'), {
      pollIntervalMs: 50,
      heartbeatMs: HEARTBEAT_MS,
      log: (line) => {
        lines.push(line);
        if (/standing by/.test(line)) announced();
      },
    });
    await standingBy;
    for (let i = 0; i < 5; i++)
      await store.append(`handover-${i}`, 'test', 'any', [{ type: 'Tick', data: {} }]);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await standby.whenCaughtUp();
    const [owner] = await db.sql<{ owner: string }[]>`
      SELECT owner FROM projection_heartbeats WHERE projection = 'handover'`;
    expect(owner?.owner).toMatch(new RegExp(`:${process.pid}$`));
    expect(await state('handover')).toMatchObject({ alive: true, lag: 0 });
    const twice = await db.sql`
      SELECT position FROM seen WHERE projection = 'handover' GROUP BY position HAVING count(*) > 1`;
    expect(twice).toHaveLength(0);
    expect(lines.some((l) => /running from/.test(l))).toBe(true);
    await standby.stop();
  }, 30_000);

  it('carry the recent rate, from which health estimates the time left', async () => {
    // 20 ms an event: 40 events take 0.8 s, several heartbeats (200 ms) while behind, loaded machine or not.
    const runner = startProjection(db.sql, seenProjection('rated', 20), {
      batchSize: 10,
      pollIntervalMs: 20,
      heartbeatMs: HEARTBEAT_MS,
    });
    await runner.whenCaughtUp();
    const appended = 40;
    for (let i = 0; i < appended; i++)
      await store.append(`rated-${i}`, 'test', 'any', [{ type: 'Tick', data: {} }]);
    // Behind: the rate is positive while the lag shrinks.
    const moving = await until('rated', (s) => (s.eventsPerSecond ?? 0) > 0 && s.lag > 0);
    expect(etaSeconds(moving.lag, moving.eventsPerSecond)).toBeGreaterThan(0);
    await runner.whenCaughtUp();
    const caughtUp = await until('rated', (s) => s.lag === 0);
    expect(etaSeconds(caughtUp.lag, caughtUp.eventsPerSecond)).toBe(0);
    await runner.stop();
  }, 30_000);
});
