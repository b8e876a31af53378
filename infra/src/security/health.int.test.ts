import { afterAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@rentals/core/db';
import { projectionLockKey } from '@rentals/projections/runner/checkpoints';
import { freePort } from '../services/ports.ts';
import { testWebServerWithUsers, startTestWebServer } from './testing/webServer.ts';

/**
 * /api/health through the real web server behind one trusted proxy hop: the
 * proxy's X-Forwarded-For names the client; a request without it came from
 * this machine.
 */
const s = testWebServerWithUsers({ admin: 'admin', tenant: 'tenant' }, { trustProxyHops: 1 });
/** The session of the projection's worker, holding its lock (reserved: never closed as idle). */
let worker: Sql & { release: () => void };
afterAll(() => worker?.release());

const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

const health = async (base: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/api/health`, { headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
};

/** Down (503): the public sees the status alone, this machine sees at least `detail`. */
const expectDown = async (detail: Record<string, unknown>) => {
  const anonymous = await health(s.web.base, REMOTE);
  expect(anonymous.status).toBe(503);
  expect(anonymous.body).toEqual({ status: 'down' });
  const local = await health(s.web.base);
  expect(local.status).toBe(503);
  expect(local.body).toMatchObject(detail);
};

const SECRET_ERROR = 'invalid input syntax for type integer: "1e+300" at listing-secret-42';

describe('GET /api/health', () => {
  it('tells the public the status alone; admins and this machine get the details', async () => {
    const anonymous = await health(s.web.base, REMOTE);
    expect(anonymous).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(Object.keys(anonymous.body)).toEqual(['status']);
    const signedIn = await health(s.web.base, {
      ...REMOTE,
      authorization: `Bearer ${s.tenant.token}`,
    });
    expect(Object.keys(signedIn.body)).toEqual(['status']);

    for (const detailed of [
      await health(s.web.base, { ...REMOTE, authorization: `Bearer ${s.admin.token}` }),
      await health(s.web.base),
    ]) {
      expect(detailed.status).toBe(200);
      expect(detailed.body).toMatchObject({
        status: 'ok',
        postgres: { ok: true },
        meilisearch: { ok: true },
        search: { engine: 'meilisearch' },
        projections: [],
        parked: [],
      });
      expect(detailed.body).toHaveProperty('publicSite');
    }
  });

  it('is degraded (200) with a parked stream, and names it only to those who may see details', async () => {
    await s.web.t.db.sql`
      INSERT INTO projection_checkpoints (name, status) VALUES ('listing-read-model', 'running')`;
    // A worker whose heartbeat stays fresh for the whole file (a live projections process).
    await s.web.t.db.sql`
      INSERT INTO projection_heartbeats (projection, owner, beat_at)
      VALUES ('listing-read-model', 'test:1', now() + interval '1 day')`;
    worker = await s.web.t.db.sql.reserve();
    await worker`SELECT pg_advisory_lock(hashtext(${projectionLockKey('listing-read-model')}))`;
    await s.web.t.db.sql`
      INSERT INTO projection_parked_streams (projection, stream_id, position, event_type, error)
      VALUES ('listing-read-model', 'listing-secret-42', 7, 'ListingDetailsRevised', ${SECRET_ERROR})`;
    try {
      const anonymous = await health(s.web.base, REMOTE);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ status: 'degraded' });
      expect(anonymous.text).not.toContain('secret');

      const local = await health(s.web.base);
      expect(local.status).toBe(200);
      expect(local.body).toMatchObject({
        status: 'degraded',
        projections: [{ name: 'listing-read-model', status: 'running', parked: 1 }],
        parked: [
          {
            projection: 'listing-read-model',
            streamId: 'listing-secret-42',
            position: 7,
            eventType: 'ListingDetailsRevised',
            error: SECRET_ERROR,
            held: 0,
          },
        ],
      });
      const asAdmin = await health(s.web.base, {
        ...REMOTE,
        authorization: `Bearer ${s.admin.token}`,
      });
      expect(asAdmin.body).toMatchObject({
        status: 'degraded',
        parked: [{ streamId: 'listing-secret-42' }],
      });
    } finally {
      await s.web.t.db.sql`DELETE FROM projection_parked_streams`;
    }
  });

  it('is down (503) when a projection’s runner stopped, without its error for the public', async () => {
    await s.web.t.db.sql`
      UPDATE projection_checkpoints SET status = 'failed', last_error = ${SECRET_ERROR}
      WHERE name = 'listing-read-model'`;
    try {
      await expectDown({
        status: 'down',
        projections: [{ name: 'listing-read-model', status: 'failed', lastError: SECRET_ERROR }],
      });
    } finally {
      await s.web.t.db.sql`UPDATE projection_checkpoints SET status = 'running', last_error = NULL`;
    }
  });

  it('is down (503) when a projection’s worker is gone (stale heartbeat), with its lag and last heartbeat', async () => {
    await s.web.t.db.sql`
      UPDATE projection_heartbeats SET beat_at = now() - interval '1 minute'
      WHERE projection = 'listing-read-model'`;
    await s.web.t.db.sql`
      SELECT * FROM append_events('behind-1', 'test', -1, ARRAY['Tick'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`;
    // The Tick and whatever the set-up appended after the model's checkpoint (the accounts' confirmations).
    const [behind] = await s.web.t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM events e, projection_checkpoints c
      WHERE c.name = 'listing-read-model' AND (e.transaction_id, e.position) > (c.transaction_id, c.position)`;
    expect(behind!.n).toBeGreaterThanOrEqual(1);
    try {
      await expectDown({
        status: 'down',
        projections: [
          {
            name: 'listing-read-model',
            status: 'down',
            lag: behind!.n,
            lastSeenAt: expect.any(String) as unknown,
          },
        ],
      });
    } finally {
      await s.web.t.db.sql`
        UPDATE projection_heartbeats SET beat_at = now() + interval '1 day'`;
    }
  });

  it('is degraded (200), not down, while a rebuild fills its copy beside the live model', async () => {
    await s.web.t.db.sql`
      INSERT INTO projection_checkpoints (name, status) VALUES ('listing-read-model~rebuild', 'rebuilding')`;
    try {
      const local = await health(s.web.base);
      expect(local.status).toBe(200);
      expect(local.body).toMatchObject({ status: 'degraded' });
      expect(
        (local.body as { projections: { name: string; status: string }[] }).projections,
      ).toContainEqual(
        expect.objectContaining({ name: 'listing-read-model~rebuild', status: 'rebuilding' }),
      );
    } finally {
      await s.web.t.db
        .sql`DELETE FROM projection_checkpoints WHERE name = 'listing-read-model~rebuild'`;
    }
  });

  it('is degraded (200), not down, when Meilisearch does not answer: searches fall back to Postgres', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const other = await startTestWebServer({
      trustProxyHops: 1,
      deps: { meili: { url: dead, key: 'unused-key' } },
    });
    try {
      const anonymous = await health(other.base, REMOTE);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ status: 'degraded' });
      const local = await health(other.base);
      expect(local.body).toMatchObject({ status: 'degraded', meilisearch: { ok: false } });
      expect((local.body.meilisearch as { error?: string }).error).toBeTruthy();

      // Ready for a load balancer: it serves, searches included.
      const search = await fetch(`${other.base}/api/properties/public`, { headers: REMOTE });
      expect(search.status).toBe(200);
      await search.arrayBuffer();
      const ready = await fetch(`${other.base}/api/health/ready`, { headers: REMOTE });
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'degraded' });
    } finally {
      await other.stop();
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('are 200 while the instance can serve', async () => {
    const live = await fetch(`${s.web.base}/api/health/live`, { headers: REMOTE });
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${s.web.base}/api/health/ready`, { headers: REMOTE });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });

  it('readiness is 503 without Postgres, while liveness stays 200 (restart nothing, route elsewhere)', async () => {
    const nowhere = createSql(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/nothing`, {
      max: 1,
    });
    const other = await startTestWebServer({ deps: { sql: nowhere } });
    try {
      const ready = await fetch(`${other.base}/api/health/ready`, { headers: REMOTE });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'down' });
      const live = await fetch(`${other.base}/api/health/live`, { headers: REMOTE });
      expect(live.status).toBe(200);
      await live.arrayBuffer();
    } finally {
      await other.stop();
      await nowhere.end({ timeout: 1 });
    }
  });
});
