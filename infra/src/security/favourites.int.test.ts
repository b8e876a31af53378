// Security checklist: favourites. Attacks: reading or changing another user's favourites
// (IDOR: no route takes a user id, and ids smuggled in the query or body are ignored),
// malformed listing ids, and flooding the event log by toggling a heart (rate limit).
import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER } from '@rentals/testing/testApp';
import { FAVOURITE_TOGGLE_LIMIT, favouriteMessages } from '@rentals/api/favourites/model';

const s = testAppWithUsers({ alice: 'tenant', mallory: 'tenant' });

type List = { favourites: { listingId: string }[] };

beforeAll(async () => {
  await appendListingEvents(s.t.deps.eventStore, 'sec-fav-1', [listingCreated('sec-fav-1')]);
  expect(
    (await s.t.request('PUT', '/api/favourites/sec-fav-1', { token: s.alice.token })).status,
  ).toBe(200);
  await catchUpReadModels(s.t.db.sql);
});

describe('favourites: another user’s list', () => {
  it('cannot be read by naming the user anywhere', async () => {
    for (const path of [
      `/api/favourites?userId=${s.alice.user._id}`,
      `/api/favourites?user=${s.alice.user._id}&filter=all`,
      `/api/favourites/ids?userId=${s.alice.user._id}`,
    ]) {
      const res = await s.t.request<List & { listingIds?: string[] }>('GET', path, {
        token: s.mallory.token,
        headers: { 'x-user-id': s.alice.user._id },
      });
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toContain('sec-fav-1');
    }
  });

  it('cannot be changed: a removal acts on the caller’s own favourite only', async () => {
    const res = await s.t.request('DELETE', '/api/favourites/sec-fav-1', {
      token: s.mallory.token,
      json: { userId: s.alice.user._id },
    });
    expect(res.status).toBe(200);
    await catchUpReadModels(s.t.db.sql);
    const own = await s.t.request<List>('GET', '/api/favourites', { token: s.alice.token });
    expect(own.body.favourites.map((f) => f.listingId)).toEqual(['sec-fav-1']);
  });

  it('is not there for visitors or bad tokens', async () => {
    for (const [method, path] of [
      ['GET', '/api/favourites'],
      ['GET', '/api/favourites/ids'],
      ['PUT', '/api/favourites/sec-fav-1'],
      ['DELETE', '/api/favourites/sec-fav-1'],
    ] as const) {
      expect((await s.t.request(method, path)).status, path).toBe(401);
      expect((await s.t.request(method, path, { token: 'not-a-token' })).status, path).toBe(401);
    }
  });
});

describe('favourites: malformed listing ids', () => {
  it('are a 404 and record nothing', async () => {
    const before = await s.t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events`;
    for (const id of [
      'a.b',
      'x'.repeat(65),
      '%00',
      '..%2F..%2Fetc',
      '%E0%A4%A',
      encodeURIComponent("1' OR '1'='1"),
      'unknown-listing',
    ]) {
      const res = await s.t.request<{ message: string }>('PUT', `/api/favourites/${id}`, {
        token: s.mallory.token,
        headers: { [TEST_CLIENT_IP_HEADER]: '10.9.9.9' },
      });
      expect(res.status, id).toBe(404);
      // A percent-encoding that decodes to nothing is refused by the router before the route.
      if (id !== '%E0%A4%A') expect(res.body.message, id).toBe('Property not found');
    }
    const after = await s.t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('favourites: toggling a heart in a loop', () => {
  it('is refused with a clear message after the limit, for that account only, until the minute is over', async () => {
    const flooder = await s.t.registerUser('tenant');
    const headers = { [TEST_CLIENT_IP_HEADER]: '10.1.2.3' };
    for (let i = 0; i < FAVOURITE_TOGGLE_LIMIT.perSubject; i++) {
      const method = i % 2 === 0 ? 'PUT' : 'DELETE';
      const res = await s.t.request(method, '/api/favourites/sec-fav-1', {
        token: flooder.token,
        headers,
      });
      expect(res.status, `toggle ${i}`).toBe(200);
    }
    const refused = await s.t.request<{ message: string }>('PUT', '/api/favourites/sec-fav-1', {
      token: flooder.token,
      headers,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(favouriteMessages.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else behind the same address still can.
    const other = await s.t.request('PUT', '/api/favourites/sec-fav-1', {
      token: s.mallory.token,
      headers,
    });
    expect(other.status).toBe(200);
    s.t.clock.advance(FAVOURITE_TOGGLE_LIMIT.windowMs + 1000);
    const later = await s.t.request('PUT', '/api/favourites/sec-fav-1', {
      token: flooder.token,
      headers,
    });
    expect(later.status).toBe(200);
  });
});
