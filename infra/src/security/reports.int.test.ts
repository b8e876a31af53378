// Security checklist: reports and their review. Attacks: reporting as someone else or reading
// someone else's notices (IDOR: no route takes a user id; ids smuggled in the body or the query
// are ignored), a non-admin reviewing or reading the queue, flooding admins with
// reports (rate limit), and oversized or malformed bodies and ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import {
  testApp,
  TEST_CLIENT_IP_HEADER,
  type TestApp,
  type TestUser,
} from '@rentals/testing/testApp';
import { reportsStreamId } from '@rentals/core/reports/events';
import { REPORT_LIMIT, reportApiMessages } from '@rentals/api/reports/model';
import { JSON_BODY_LIMIT } from '@rentals/api/shared/bodyLimit';

let t: TestApp;
let owner: TestUser;
let alice: TestUser;
let mallory: TestUser;
let admin: TestUser;

const listings = Array.from({ length: REPORT_LIMIT.perSubject + 1 }, (_, i) => `sec-rep-${i}`);

beforeAll(async () => {
  t = await testApp();
  owner = await t.registerUser('homeowner');
  alice = await t.registerUser('tenant');
  mallory = await t.registerUser('tenant');
  admin = await t.registerUser('admin');
  for (const id of listings)
    await appendListingEvents(t.deps.eventStore, id, [
      listingCreated(id, { ownerId: owner.user._id }),
    ]);
});
afterAll(() => t.close());

describe('reports: acting as someone else', () => {
  it('a reporter id smuggled in the body is ignored: a report is always the caller’s own', async () => {
    const res = await t.request<{ message: string }>('POST', '/api/reports', {
      token: mallory.token,
      json: { listingId: 'sec-rep-0', reason: 'Fake or scam', reporterId: alice.user._id },
    });
    expect(res.status).toBe(201);
    const { events } = await t.deps.eventStore.readStream(reportsStreamId('sec-rep-0'));
    expect(events.map((e) => e.data.reporterId)).toEqual([mallory.user._id]);
  });

  it('notices are the caller’s own, whatever user id the query names', async () => {
    await t.request('POST', '/api/reports', {
      token: alice.token,
      json: { listingId: 'sec-rep-0', reason: 'Wrong price or details' },
    });
    const decided = await t.request('POST', '/api/reports/listings/sec-rep-0/review', {
      token: admin.token,
      json: { action: 'askOwnerToFix', reason: 'Fix the rent' },
    });
    expect(decided.status).toBe(200);
    await catchUpReadModels(t.db.sql);
    const stolen = await t.request<{ notices: unknown[] }>(
      'GET',
      `/api/reports/notices?userId=${owner.user._id}`,
      { token: mallory.token },
    );
    expect(stolen.body.notices).toEqual([]);
    const own = await t.request<{ notices: unknown[] }>('GET', '/api/reports/notices', {
      token: owner.token,
    });
    expect(own.body.notices).toHaveLength(1);
  });

  it('only admins review: an owner cannot dismiss the reports about their own listing', async () => {
    await t.request('POST', '/api/reports', {
      token: mallory.token,
      json: { listingId: 'sec-rep-1', reason: 'Fake or scam' },
    });
    for (const user of [owner, mallory]) {
      const res = await t.request('POST', '/api/reports/listings/sec-rep-1/review', {
        token: user.token,
        json: { action: 'dismiss' },
      });
      expect(res.status).toBe(403);
    }
    const { events } = await t.deps.eventStore.readStream(reportsStreamId('sec-rep-1'));
    expect(events.map((e) => e.type)).toEqual(['ListingReported']);
  });
});

describe('reports: malformed and oversized input', () => {
  it.each([
    ['a body that is not JSON', '{"listingId": "sec-rep-2", '],
    ['an array', '[]'],
    ['a number for the reason', '{"listingId":"sec-rep-2","reason":5}'],
  ])('%s is a 400 with a message, never a 500', async (_name, body) => {
    const res = await t.request<{ message: string }>('POST', '/api/reports', {
      token: alice.token,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/\S/);
  });

  it('a body over the JSON limit is a 413', async () => {
    const res = await t.request<{ message: string }>('POST', '/api/reports', {
      token: alice.token,
      json: { listingId: 'sec-rep-2', reason: 'Fake or scam', note: 'x'.repeat(JSON_BODY_LIMIT) },
    });
    expect(res.status).toBe(413);
  });

  it('a review reason over its bound and an unknown action are field errors', async () => {
    const res = await t.request<{ errors: { path: string }[] }>(
      'POST',
      '/api/reports/listings/sec-rep-1/review',
      { token: admin.token, json: { action: 'ban', reason: 'x'.repeat(501) } },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.path).sort()).toEqual(['action', 'reason']);
  });

  it.each(['..%2F..%2Fetc', 'a'.repeat(65), '%00', 'x%20y'])(
    'a malformed listing id in the path (%s) is a 404',
    async (id) => {
      const res = await t.request('GET', `/api/reports/listings/${id}`, { token: admin.token });
      expect(res.status).toBe(404);
    },
  );
});

describe('reports: flooding the review queue', () => {
  it('is refused with a clear message after the limit, for that account only, until the hour is over', async () => {
    const flooder = await t.registerUser('tenant');
    const headers = { [TEST_CLIENT_IP_HEADER]: '10.9.8.7' };
    const send = (user: TestUser, listingId: string) =>
      t.request<{ message: string }>('POST', '/api/reports', {
        token: user.token,
        headers,
        json: { listingId, reason: 'Already rented' },
      });
    for (const id of listings.slice(0, REPORT_LIMIT.perSubject))
      expect((await send(flooder, id)).status, id).toBe(201);
    const refused = await send(flooder, listings.at(-1)!);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(reportApiMessages.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await t.registerUser('tenant');
    expect((await send(other, listings.at(-1)!)).status).toBe(201);
    t.clock.advance(REPORT_LIMIT.windowMs + 1000);
    expect((await send(flooder, listings.at(-1)!)).status).toBe(201);
  });
});
