import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { attemptLimit, createAttemptLimiter } from './attemptLimit.ts';

let db: TestDatabase;
beforeAll(async () => {
  // Many connections, so that a burst really runs side by side in Postgres.
  db = await testDatabase({ max: 20 });
});
afterAll(() => db.drop());

const LIMIT = attemptLimit('burst-test', { minutes: 15, perAddress: 10, perSubject: 5 });
let nextAddress = 0;
const newAddress = () => `198.51.100.${++nextAddress}`;
const now = new Date('2026-12-05T08:00:00Z');

const burst = (n: number, attempt: (i: number) => Promise<{ blocked: boolean }>) =>
  Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));

describe('the attempt limiter under a burst of simultaneous attempts', () => {
  // Ten rounds, because a race shows only now and then: the old limiter,
  // which counted rows up to its own id, let 6 of such a burst through.
  it('lets exactly the subject’s limit through, in every round', async () => {
    const limiter = createAttemptLimiter(db.sql, LIMIT);
    for (let round = 0; round < 10; round++) {
      const address = newAddress();
      const results = await burst(40, () => limiter.begin('victim@example.com', address, now));
      expect(results.filter((r) => !r.blocked)).toHaveLength(LIMIT.perSubject);
    }
  });

  it('lets exactly the address’s limit through when the burst tries many subjects', async () => {
    const limiter = createAttemptLimiter(db.sql, LIMIT);
    for (let round = 0; round < 10; round++) {
      const address = newAddress();
      const results = await burst(40, (i) =>
        limiter.begin(`person-${i}@example.com`, address, now),
      );
      expect(results.filter((r) => !r.blocked)).toHaveLength(LIMIT.perAddress);
    }
  });

  it('keeps no record of a refused attempt, so the count stays at the limit', async () => {
    const limiter = createAttemptLimiter(db.sql, LIMIT);
    const address = newAddress();
    const results = await burst(30, () => limiter.begin('someone@example.com', address, now));
    const refused = results.filter((r) => r.blocked);
    expect(refused).toHaveLength(30 - LIMIT.perSubject);
    const [row] = await db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM limited_attempts WHERE action = ${LIMIT.action} AND address = ${address}`;
    expect(row!.n).toBe(LIMIT.perSubject);
    // The block lifts when the first recorded attempt leaves the window.
    for (const r of refused) expect(r).toEqual({ blocked: true, retryAfterSeconds: 15 * 60 });
  });

  it('counts each address of one burst on its own', async () => {
    const limiter = createAttemptLimiter(db.sql, LIMIT);
    const [a, b] = [newAddress(), newAddress()];
    const results = await burst(20, (i) => limiter.begin('x@example.com', i % 2 ? a : b, now));
    expect(results.filter((r) => !r.blocked)).toHaveLength(2 * LIMIT.perSubject);
  });
});
