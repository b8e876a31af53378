import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TestDatabase } from '@rentals/testing/database';
import {
  restartablePostgres,
  type RestartablePostgres,
} from '@rentals/testing/restartablePostgres';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { startProjection } from './runner.ts';
import { createSeenTables, seenProjection } from './testing/seenProjection.ts';
import { testEventStore } from './testing/testEventStore.ts';

/*
 * Fault drill: the database goes away under a running projection and comes
 * back. The runner must survive, take its lock again, LISTEN again and apply
 * the next append on the NOTIFY alone: its poll interval is far longer than
 * the test may run, so only the wake-up can apply it in time.
 */
let pg: RestartablePostgres;
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  pg = await restartablePostgres();
  db = await createDatabase(pg.adminUrl, { max: 10 });
  store = testEventStore(db.sql, 'Tick');
  await createSeenTables(db.sql);
}, 120_000);
afterAll(async () => {
  await db?.sql.end({ timeout: 1 });
  await pg?.remove();
});

/** The runner's log, with a way to await its next line that matches. */
const logWatcher = () => {
  const lines: string[] = [];
  let waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  return {
    lines,
    log: (line: string) => {
      lines.push(line);
      const matched = waiting.filter((w) => w.pattern.test(line));
      waiting = waiting.filter((w) => !matched.includes(w));
      for (const w of matched) w.resolve(line);
    },
    next: (pattern: RegExp) => new Promise<string>((resolve) => waiting.push({ pattern, resolve })),
  };
};

/** Resolves once the projection has applied the event at `position` (the read model is the evidence). */
const applied = async (name: string, position: number) => {
  for (;;) {
    const [row] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seen WHERE projection = ${name} AND position = ${position}`;
    if (row!.n > 0) return row!.n;
    await new Promise((r) => setTimeout(r, 20));
  }
};

const tick = { type: 'Tick', data: {} };

describe('projection runner under a database outage', () => {
  it.each([
    ['stopped (fast shutdown)', () => pg.stop()],
    ['killed (SIGKILL)', () => pg.kill()],
  ])(
    'survives Postgres being %s and restarted, and wakes on the next append through LISTEN',
    async (_how, takeDown) => {
      const name = `drill-${_how.split(' ')[0]}`;
      const watch = logWatcher();
      const runner = startProjection(db.sql, seenProjection(name), {
        pollIntervalMs: 600_000,
        heartbeatMs: 100,
        backoffMs: 50,
        log: watch.log,
      });
      await watch.next(/running from/);
      const before = await store.append(`${name}-s`, 'test', 'any', [tick]);
      expect(await applied(name, before.lastPosition)).toBe(1);

      const lost = watch.next(/lost the database/);
      const back = watch.next(/running from/);
      await takeDown();
      await lost;
      await pg.start();
      await back;

      const after = await store.append(`${name}-s`, 'test', 'any', [tick]);
      expect(await applied(name, after.lastPosition)).toBe(1);
      expect(watch.lines.filter((l) => /worker failed|parked/.test(l))).toEqual([]);
      await runner.stop();
    },
    60_000,
  );
});
