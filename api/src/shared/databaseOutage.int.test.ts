import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { buildApp } from '../app.ts';
import { createDatabase } from '@rentals/testing/database';
import { listingForm } from '@rentals/testing/listingForm';
import {
  restartablePostgres,
  type RestartablePostgres,
} from '@rentals/testing/restartablePostgres';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './errorHandler.ts';

/*
 * Fault drill: the database is down while clients read and write. Each gets a
 * 503 with Retry-After at once (never a 500 with internals, never a hang);
 * once it is back the same calls succeed, and every write acknowledged with
 * a 2xx before, during or after the outage is in the log.
 */
let pg: RestartablePostgres;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  pg = await restartablePostgres();
  t = await testApp({ db: await createDatabase(pg.adminUrl) });
  owner = await t.registerUser('homeowner');
}, 120_000);
afterAll(async () => {
  await t?.db.sql.end({ timeout: 1 });
  await pg?.remove();
});

const read = () => t.request('GET', '/api/properties/my-properties', { token: owner.token });
const write = () =>
  t.request<{ property?: { _id: string } }>('POST', '/api/properties', {
    token: owner.token,
    form: listingForm(),
  });

describe('the web API while Postgres is down', () => {
  it.each([
    ['stopped (fast shutdown)', () => pg.stop()],
    ['killed (SIGKILL)', () => pg.kill()],
  ])(
    'answers 503 with Retry-After while it is %s, and serves again once it is back',
    async (_how, takeDown) => {
      const acknowledged: string[] = [];
      const before = await write();
      expect(before.status).toBe(201);
      acknowledged.push(before.body.property!._id);

      await takeDown();
      for (const call of [read, write, read, write]) {
        const response = await call();
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(response.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }

      await pg.start();
      // A client honouring Retry-After: until its connections are back, 503 (never anything else).
      const deadline = Date.now() + 10_000;
      let again = await read();
      while (again.status === 503 && Date.now() < deadline) {
        expect(again.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await read();
      }
      expect(again.status).toBe(200);
      const after = await write();
      expect(after.status).toBe(201);
      acknowledged.push(after.body.property!._id);

      const logged = await t.db.sql<{ id: string }[]>`
      SELECT data->>'listingId' AS id FROM events WHERE type = 'ListingCreated'`;
      expect(logged.map((e) => e.id)).toEqual(expect.arrayContaining(acknowledged));
    },
    60_000,
  );

  it('answers 503 with Retry-After when a statement runs past the statement timeout', async () => {
    // The web process's client (statement_timeout) against a table another session holds locked.
    const sql = createSql(t.db.url, { max: 2, statementTimeoutMs: 200 });
    const app = buildApp({ ...t.deps, sql, eventStore: createEventStore(sql) });
    try {
      const response = await t.db.sql.begin(async (tx) => {
        await tx`LOCK TABLE events IN ACCESS EXCLUSIVE MODE`;
        const form = new Response(listingForm());
        return app.handle(
          new Request('http://localhost/api/properties', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${owner.token}`,
              'content-type': form.headers.get('content-type')!,
            },
            body: await form.arrayBuffer(),
          }),
        );
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
