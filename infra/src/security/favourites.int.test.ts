// Security checklist: favourites. Attacks: reading or changing another user's favourites
// (IDOR: no route takes a user id, and ids smuggled in the query or body are ignored),
// malformed listing ids, and flooding the event log by toggling a heart (rate limit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import {
  testApp,
  TEST_CLIENT_IP_HEADER,
  type TestApp,
  type TestUser,
} from '@rentals/testing/testApp';
import { FAVOURITE_TOGGLE_LIMIT, favouriteMessages } from '@rentals/api/favourites/model';

let t: TestApp;
let alice: TestUser;
let mallory: TestUser;

type List = { favourites: { listingId: string }[] };

beforeAll(async () => {
  t = await testApp();
  alice = await t.registerUser('tenant');
  mallory = await t.registerUser('tenant');
  await appendListingEvents(t.deps.eventStore, 'sec-fav-1', [listingCreated('sec-fav-1')]);
  expect((await t.request('PUT', '/api/favourites/sec-fav-1', { token: alice.token })).status).toBe(
    200,
  );
  await catchUpReadModels(t.db.sql);
});
afterAll(() => t.close());

describe('favourites: another user’s list', () => {
  it('cannot be read by naming the user anywhere', async () => {
    for (const path of [
      `/api/favourites?userId=${alice.user._id}`,
      `/api/favourites?user=${alice.user._id}&filter=all`,
      `/api/favourites/ids?userId=${alice.user._id}`,
    ]) {
      const res = await t.request<List & { listingIds?: string[] }>('GET', path, {
        token: mallory.token,
        headers: { 'x-user-id': alice.user._id },
      });
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toContain('sec-fav-1');
    }
  });

  it('cannot be changed: a removal acts on the caller’s own favourite only', async () => {
    const res = await t.request('DELETE', '/api/favourites/sec-fav-1', {
      token: mallory.token,
      json: { userId: alice.user._id },
    });
    expect(res.status).toBe(200);
    await catchUpReadModels(t.db.sql);
    const own = await t.request<List>('GET', '/api/favourites', { token: alice.token });
    expect(own.body.favourites.map((f) => f.listingId)).toEqual(['sec-fav-1']);
  });

  it('is not there for visitors or bad tokens', async () => {
    for (const [method, path] of [
      ['GET', '/api/favourites'],
      ['GET', '/api/favourites/ids'],
      ['PUT', '/api/favourites/sec-fav-1'],
      ['DELETE', '/api/favourites/sec-fav-1'],
    ] as const) {
      expect((await t.request(method, path)).status, path).toBe(401);
      expect((await t.request(method, path, { token: 'not-a-token' })).status, path).toBe(401);
    }
  });
});

describe('favourites: malformed listing ids', () => {
  it('are a 404 and record nothing', async () => {
    const before = await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events`;
    for (const id of [
      'a.b',
      'x'.repeat(65),
      '%00',
      '..%2F..%2Fetc',
      '%E0%A4%A',
      encodeURIComponent("1' OR '1'='1"),
      'unknown-listing',
    ]) {
      const res = await t.request<{ message: string }>('PUT', `/api/favourites/${id}`, {
        token: mallory.token,
        headers: { [TEST_CLIENT_IP_HEADER]: '10.9.9.9' },
      });
      expect(res.status, id).toBe(404);
      // A percent-encoding that decodes to nothing is refused by the router before the route.
      if (id !== '%E0%A4%A') expect(res.body.message, id).toBe('Property not found');
    }
    const after = await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('favourites: toggling a heart in a loop', () => {
  it('is refused with a clear message after the limit, for that account only, until the minute is over', async () => {
    const flooder = await t.registerUser('tenant');
    const headers = { [TEST_CLIENT_IP_HEADER]: '10.1.2.3' };
    for (let i = 0; i < FAVOURITE_TOGGLE_LIMIT.perSubject; i++) {
      const method = i % 2 === 0 ? 'PUT' : 'DELETE';
      const res = await t.request(method, '/api/favourites/sec-fav-1', {
        token: flooder.token,
        headers,
      });
      expect(res.status, `toggle ${i}`).toBe(200);
    }
    const refused = await t.request<{ message: string }>('PUT', '/api/favourites/sec-fav-1', {
      token: flooder.token,
      headers,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(favouriteMessages.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else behind the same address still can.
    const other = await t.request('PUT', '/api/favourites/sec-fav-1', {
      token: mallory.token,
      headers,
    });
    expect(other.status).toBe(200);
    t.clock.advance(FAVOURITE_TOGGLE_LIMIT.windowMs + 1000);
    const later = await t.request('PUT', '/api/favourites/sec-fav-1', {
      token: flooder.token,
      headers,
    });
    expect(later.status).toBe(200);
  });
});
