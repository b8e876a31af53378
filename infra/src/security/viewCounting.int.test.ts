// Security checklist: view counts. Attack: 20 requests with different User-Agents added
// 20 views. A viewer now counts once per listing per day, by account or by address,
// whatever the headers say, across web processes, never the owner, and never stored raw.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyServices } from '@rentals/api/properties/services';
import { VIEWED_PER_USER } from '@rentals/api/properties/viewCounter';
import {
  testApp,
  testAppWithUsers,
  TEST_CLIENT_IP_HEADER,
  type TestApp,
} from '@rentals/testing/testApp';
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { startProjection } from '@rentals/projections/runner/runner';

const s = testAppWithUsers({ owner: 'homeowner' });
let runners: ReturnType<typeof startProjection>[];

beforeAll(() => {
  runners = [listingReadModel, publicListingModel].map((p) =>
    startProjection(s.t.db.sql, p, { batchSize: 100, pollIntervalMs: 20 }),
  );
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

/** A fresh listed listing of `owner`, visible to visitors and signed-in users. */
const newListing = async () => {
  const id = `v-${randomUUID()}`;
  await appendListingEvents(
    s.t.deps.eventStore,
    id,
    [listingCreated(id, { ownerId: s.owner.user._id })],
    s.owner.user._id,
  );
  await Promise.all(runners.map((r) => r.whenCaughtUp()));
  return id;
};

const view = async (
  id: string,
  options: {
    app?: TestApp;
    token?: string;
    address?: string;
    headers?: Record<string, string>;
  } = {},
) => {
  const response = await (options.app ?? s.t).request('GET', `/api/properties/${id}`, {
    token: options.token,
    headers: {
      ...(options.address ? { [TEST_CLIENT_IP_HEADER]: options.address } : {}),
      ...options.headers,
    },
  });
  expect(response.status).toBe(200);
};

const viewsOf = async (id: string, apps: TestApp[] = [s.t]) => {
  for (const app of apps) await propertyServices(app.deps).views.flush();
  const [row] = await s.t.db.sql<{ views: string }[]>`
    SELECT views FROM listing_view_counts WHERE listing_id = ${id}`;
  return Number(row?.views ?? 0);
};

const DAY = 24 * 60 * 60 * 1000;

describe('one view per viewer per listing per day', () => {
  it('the issue’s attack: 20 requests with different User-Agents (and forged headers) are one view', async () => {
    const id = await newListing();
    for (let i = 0; i < 20; i++)
      await view(id, {
        address: '203.0.113.50',
        headers: {
          'user-agent': `Browser/${i}.0 (attempt ${i})`,
          'x-forwarded-for': `198.51.100.${i}`,
          'accept-language': i % 2 ? 'en-IN' : 'hi-IN',
          cookie: `session=${randomUUID()}`,
        },
      });
    expect(await viewsOf(id)).toBe(1);
  });

  it('counts different visitors’ addresses apart, and one IPv6 /64 as one visitor', async () => {
    const id = await newListing();
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await view(id, { address });
    for (let i = 1; i <= 10; i++) await view(id, { address: `2001:db8:42:7::${i.toString(16)}` });
    await view(id, { address: '::ffff:203.0.113.1' });
    expect(await viewsOf(id)).toBe(4);
  });

  it('counts a signed-in user once, from any address or browser, and another user again', async () => {
    const id = await newListing();
    const tenant = await s.t.registerUser('tenant');
    for (let i = 0; i < 5; i++)
      await view(id, {
        token: tenant.token,
        address: `192.0.2.${i}`,
        headers: { 'user-agent': `UA ${i}` },
      });
    const other = await s.t.registerUser('broker');
    await view(id, { token: other.token, address: '192.0.2.1' });
    expect(await viewsOf(id)).toBe(2);
  });

  it('never counts the owner viewing their own listing', async () => {
    const id = await newListing();
    for (let i = 0; i < 3; i++)
      await view(id, { token: s.owner.token, address: `192.0.2.${100 + i}` });
    expect(await viewsOf(id)).toBe(0);
  });

  it('counts the same viewer again on the next day (India time), once', async () => {
    const id = await newListing();
    const tenant = await s.t.registerUser('tenant');
    await view(id, { address: '203.0.113.77' });
    await view(id, { token: tenant.token });
    expect(await viewsOf(id)).toBe(2);
    s.t.clock.advance(DAY);
    await view(id, { address: '203.0.113.77' });
    await view(id, { address: '203.0.113.77' });
    await view(id, { token: tenant.token });
    expect(await viewsOf(id)).toBe(4);
  });

  it('holds across web processes: two apps on one database count a viewer once', async () => {
    const second = await testApp({
      deps: { sql: s.t.db.sql, clock: s.t.clock, jwtSecret: s.t.deps.jwtSecret },
    });
    try {
      const id = await newListing();
      const tenant = await s.t.registerUser('tenant');
      for (const app of [s.t, second, s.t, second]) {
        await view(id, { app, address: '203.0.113.90' });
        await view(id, { app, token: tenant.token });
      }
      expect(await viewsOf(id, [s.t, second])).toBe(2);
    } finally {
      await second.close();
    }
  });
});

describe('what is stored', () => {
  it('keeps no address or user id, only keyed hashes, and forgets past days', async () => {
    const id = await newListing();
    const tenant = await s.t.registerUser('tenant');
    await view(id, { address: '203.0.113.123' });
    await view(id, { token: tenant.token });
    await viewsOf(id);
    const rows = await s.t.db.sql<{ viewer: string }[]>`
      SELECT viewer FROM listing_viewers WHERE listing_id = ${id}`;
    expect(rows).toHaveLength(2);
    // Keyed: neither is a plain hash of what it identifies, which anyone could recompute from an address.
    // (A check that the hex did not contain '203' failed by chance about once in 70 runs.)
    const identities = [
      '203.0.113.123',
      'a:203.0.113.123',
      tenant.user._id,
      `u:${tenant.user._id}`,
    ];
    const plain = identities.flatMap((s) =>
      ['md5', 'sha1', 'sha256'].map((h) => createHash(h).update(s).digest('hex')),
    );
    for (const { viewer } of rows) {
      expect(viewer).toMatch(/^[0-9a-f]{32}$/);
      expect(plain.filter((h) => h.startsWith(viewer))).toEqual([]);
    }

    // Two days on, the next flush deletes those rows and their day's salt.
    s.t.clock.advance(2 * DAY);
    await view(id, { address: '203.0.113.124' });
    await viewsOf(id);
    const left = await s.t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM listing_viewers WHERE listing_id = ${id}`;
    expect(left[0]!.n).toBe(1);
    const salts = await s.t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM view_salts`;
    expect(salts[0]!.n).toBe(1);
  });
});

describe('the activity the dashboards show', () => {
  it('counts the same deduplicated views per India day as in the total (the owner’s chart)', async () => {
    const id = await newListing();
    for (const address of ['203.0.113.201', '203.0.113.202', '203.0.113.201'])
      await view(id, { address });
    await viewsOf(id);
    s.t.clock.advance(DAY);
    await view(id, { address: '203.0.113.201' });
    const total = await viewsOf(id);
    const days = await s.t.db.sql<{ views: number }[]>`
      SELECT views FROM listing_daily_views WHERE listing_id = ${id} ORDER BY day`;
    expect(days.map((d) => d.views)).toEqual([2, 1]);
    expect(total).toBe(3);
  });

  it('keeps a signed-in user’s own viewing history (not visitors’, not the owner’s), bounded', async () => {
    const id = await newListing();
    const tenant = await s.t.registerUser('tenant');
    await view(id, { token: tenant.token });
    await view(id, { token: s.owner.token });
    await view(id, { address: '203.0.113.250' });
    await viewsOf(id);
    const rows = await s.t.db.sql<{ user_id: string }[]>`
      SELECT user_id FROM user_viewed_listings WHERE listing_id = ${id}`;
    expect(rows.map((r) => r.user_id)).toEqual([tenant.user._id]);

    // At the bound, the oldest entry makes way for the newest.
    await s.t.db.sql`
      INSERT INTO user_viewed_listings (user_id, listing_id, viewed_at)
      SELECT ${tenant.user._id}, 'old-' || i, now() - interval '1 day' - i * interval '1 minute'
      FROM generate_series(1, ${VIEWED_PER_USER}) AS i`;
    const next = await newListing();
    await view(next, { token: tenant.token });
    await viewsOf(next);
    const kept = await s.t.db.sql<{ listing_id: string }[]>`
      SELECT listing_id FROM user_viewed_listings WHERE user_id = ${tenant.user._id}`;
    const ids = kept.map((r) => r.listing_id);
    expect(ids).toHaveLength(VIEWED_PER_USER);
    expect(ids).toContain(next);
    expect(ids).not.toContain(`old-${VIEWED_PER_USER}`);
  });
});

describe('a write answers with the listing’s views', () => {
  it('Delist, List and Still available keep the count My Properties shows (they answered 0)', async () => {
    const id = await newListing();
    for (const address of ['203.0.113.71', '203.0.113.72']) await view(id, { address });
    expect(await viewsOf(id)).toBe(2);
    for (const path of ['toggle-availability', 'toggle-availability', 'confirm-available']) {
      const response = await s.t.request<{ property: { views: number; isAvailable: boolean } }>(
        'PATCH',
        `/api/properties/${id}/${path}`,
        { token: s.owner.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.property.views).toBe(2);
    }
  });
});
