import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@rentals/testing/testApp';
import { freePort } from '../services/ports.ts';
import { startTestWebServer, type TestWebServer } from './testing/webServer.ts';

/**
 * /api/health through the real web server behind one trusted proxy hop: the
 * proxy's X-Forwarded-For names the client; a request without it came from
 * this machine.
 */
let web: TestWebServer;
let admin: TestUser;
let tenant: TestUser;
beforeAll(async () => {
  web = await startTestWebServer({ trustProxyHops: 1 });
  admin = await web.t.registerUser('admin');
  tenant = await web.t.registerUser('tenant');
});
afterAll(() => web.stop());

const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

const health = async (base: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/api/health`, { headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
};

const SECRET_ERROR = 'invalid input syntax for type integer: "1e+300" at listing-secret-42';

describe('GET /api/health', () => {
  it('tells the public the status alone; admins and this machine get the details', async () => {
    const anonymous = await health(web.base, REMOTE);
    expect(anonymous).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(Object.keys(anonymous.body)).toEqual(['status']);
    const signedIn = await health(web.base, { ...REMOTE, authorization: `Bearer ${tenant.token}` });
    expect(Object.keys(signedIn.body)).toEqual(['status']);

    for (const detailed of [
      await health(web.base, { ...REMOTE, authorization: `Bearer ${admin.token}` }),
      await health(web.base),
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
    await web.t.db.sql`
      INSERT INTO projection_checkpoints (name, status) VALUES ('listing-read-model', 'running')`;
    await web.t.db.sql`
      INSERT INTO projection_parked_streams (projection, stream_id, position, event_type, error)
      VALUES ('listing-read-model', 'listing-secret-42', 7, 'ListingDetailsRevised', ${SECRET_ERROR})`;
    try {
      const anonymous = await health(web.base, REMOTE);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ status: 'degraded' });
      expect(anonymous.text).not.toContain('secret');

      const local = await health(web.base);
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
      const asAdmin = await health(web.base, { ...REMOTE, authorization: `Bearer ${admin.token}` });
      expect(asAdmin.body).toMatchObject({
        status: 'degraded',
        parked: [{ streamId: 'listing-secret-42' }],
      });
    } finally {
      await web.t.db.sql`DELETE FROM projection_parked_streams`;
    }
  });

  it('is down (503) when a projection’s runner stopped, without its error for the public', async () => {
    await web.t.db.sql`
      UPDATE projection_checkpoints SET status = 'failed', last_error = ${SECRET_ERROR}
      WHERE name = 'listing-read-model'`;
    try {
      const anonymous = await health(web.base, REMOTE);
      expect(anonymous.status).toBe(503);
      expect(anonymous.body).toEqual({ status: 'down' });
      const local = await health(web.base);
      expect(local.status).toBe(503);
      expect(local.body).toMatchObject({
        status: 'down',
        projections: [{ name: 'listing-read-model', status: 'failed', lastError: SECRET_ERROR }],
      });
    } finally {
      await web.t.db.sql`UPDATE projection_checkpoints SET status = 'running', last_error = NULL`;
    }
  });

  it('is down (503) when Meilisearch does not answer, and says why only in the details', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const other = await startTestWebServer({
      trustProxyHops: 1,
      deps: { meili: { url: dead, key: 'unused-key' } },
    });
    try {
      const anonymous = await health(other.base, REMOTE);
      expect(anonymous.status).toBe(503);
      expect(anonymous.body).toEqual({ status: 'down' });
      const local = await health(other.base);
      expect(local.body).toMatchObject({ status: 'down', meilisearch: { ok: false } });
      expect((local.body.meilisearch as { error?: string }).error).toBeTruthy();
    } finally {
      await other.stop();
    }
  });
});
