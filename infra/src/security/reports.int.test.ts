// Security checklist: reports and their review. Attacks: reporting as someone else or reading
// someone else's notices (IDOR: no route takes a user id; ids smuggled in the body or the query
// are ignored), a non-admin reviewing or reading the queue, flooding admins with
// reports (rate limit), and oversized or malformed bodies and ids.
import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER, type TestUser } from '@rentals/testing/testApp';
import { listingStreamId } from '@rentals/core/listings/events';
import { reportsStreamId } from '@rentals/core/reports/events';
import { TRUSTED_REPORTER_AGE_MS } from '@rentals/core/reports/report';
import { REPORT_LIMIT, reportApiMessages } from '@rentals/api/reports/model';
import { JSON_BODY_LIMIT } from '@rentals/api/shared/bodyLimit';
import { call } from './testing/attacker.ts';
import { startTestWebServer } from './testing/webServer.ts';

const s = testAppWithUsers({
  owner: 'homeowner',
  alice: 'tenant',
  mallory: 'tenant',
  admin: 'admin',
});

const listings = Array.from({ length: REPORT_LIMIT.perSubject + 1 }, (_, i) => `sec-rep-${i}`);

beforeAll(async () => {
  for (const id of listings)
    await appendListingEvents(s.t.deps.eventStore, id, [
      listingCreated(id, { ownerId: s.owner.user._id }),
    ]);
});

describe('reports: acting as someone else', () => {
  it('a reporter id smuggled in the body is ignored: a report is always the caller’s own', async () => {
    const res = await s.t.request<{ message: string }>('POST', '/api/reports', {
      token: s.mallory.token,
      json: { listingId: 'sec-rep-0', reason: 'Fake or scam', reporterId: s.alice.user._id },
    });
    expect(res.status).toBe(201);
    const { events } = await s.t.deps.eventStore.readStream(reportsStreamId('sec-rep-0'));
    expect(events.map((e) => e.data.reporterId)).toEqual([s.mallory.user._id]);
  });

  it('notices are the caller’s own, whatever user id the query names', async () => {
    await s.t.request('POST', '/api/reports', {
      token: s.alice.token,
      json: { listingId: 'sec-rep-0', reason: 'Wrong price or details' },
    });
    const decided = await s.t.request('POST', '/api/reports/listings/sec-rep-0/review', {
      token: s.admin.token,
      json: { action: 'askOwnerToFix', reason: 'Fix the rent' },
    });
    expect(decided.status).toBe(200);
    await catchUpReadModels(s.t.db.sql);
    const stolen = await s.t.request<{ notices: unknown[] }>(
      'GET',
      `/api/reports/notices?userId=${s.owner.user._id}`,
      { token: s.mallory.token },
    );
    expect(stolen.body.notices).toEqual([]);
    const own = await s.t.request<{ notices: unknown[] }>('GET', '/api/reports/notices', {
      token: s.owner.token,
    });
    expect(own.body.notices).toHaveLength(1);
  });

  it('only admins review: an owner cannot dismiss the reports about their own listing', async () => {
    await s.t.request('POST', '/api/reports', {
      token: s.mallory.token,
      json: { listingId: 'sec-rep-1', reason: 'Fake or scam' },
    });
    for (const user of [s.owner, s.mallory]) {
      const res = await s.t.request('POST', '/api/reports/listings/sec-rep-1/review', {
        token: user.token,
        json: { action: 'dismiss' },
      });
      expect(res.status).toBe(403);
    }
    const { events } = await s.t.deps.eventStore.readStream(reportsStreamId('sec-rep-1'));
    expect(events.map((e) => e.type)).toEqual(['ListingReported']);
  });
});

describe('reports: malformed and oversized input', () => {
  it.each([
    ['a body that is not JSON', '{"listingId": "sec-rep-2", '],
    ['an array', '[]'],
    ['a number for the reason', '{"listingId":"sec-rep-2","reason":5}'],
  ])('%s is a 400 with a message, never a 500', async (_name, body) => {
    const res = await s.t.request<{ message: string }>('POST', '/api/reports', {
      token: s.alice.token,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/\S/);
  });

  it('a body over the JSON limit is a 413', async () => {
    const res = await s.t.request<{ message: string }>('POST', '/api/reports', {
      token: s.alice.token,
      json: { listingId: 'sec-rep-2', reason: 'Fake or scam', note: 'x'.repeat(JSON_BODY_LIMIT) },
    });
    expect(res.status).toBe(413);
  });

  it('a review reason over its bound and an unknown action are field errors', async () => {
    const res = await s.t.request<{ errors: { path: string }[] }>(
      'POST',
      '/api/reports/listings/sec-rep-1/review',
      { token: s.admin.token, json: { action: 'ban', reason: 'x'.repeat(501) } },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.path).sort()).toEqual(['action', 'reason']);
  });

  it.each(['..%2F..%2Fetc', 'a'.repeat(65), '%00', 'x%20y'])(
    'a malformed listing id in the path (%s) is a 404',
    async (id) => {
      const res = await s.t.request('GET', `/api/reports/listings/${id}`, { token: s.admin.token });
      expect(res.status).toBe(404);
    },
  );
});

describe('reports: flooding the review queue', () => {
  it('is refused with a clear message after the limit, for that account only, until the hour is over', async () => {
    const flooder = await s.t.registerUser('tenant');
    const headers = { [TEST_CLIENT_IP_HEADER]: '10.9.8.7' };
    const send = (user: TestUser, listingId: string) =>
      s.t.request<{ message: string }>('POST', '/api/reports', {
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
    const other = await s.t.registerUser('tenant');
    expect((await send(other, listings.at(-1)!)).status).toBe(201);
    s.t.clock.advance(REPORT_LIMIT.windowMs + 1000);
    expect((await send(flooder, listings.at(-1)!)).status).toBe(201);
  });
});

describe('reports: a brigade of accounts cannot hide a competitor’s listing', () => {
  let brigade = 0;
  const scam = (user: TestUser, listingId: string, address: string) =>
    s.t.request<{ reportId: string }>('POST', '/api/reports', {
      token: user.token,
      headers: { [TEST_CLIENT_IP_HEADER]: address },
      json: { listingId, reason: 'Fake or scam' },
    });
  const target = async () => {
    const id = `sec-brigade-${++brigade}`;
    await appendListingEvents(s.t.deps.eventStore, id, [
      listingCreated(id, { ownerId: s.owner.user._id }),
    ]);
    return id;
  };
  const accounts = async (n: number) => {
    const made: TestUser[] = [];
    for (let i = 0; i < n; i++) made.push(await s.t.registerUser('tenant'));
    return made;
  };
  const hidden = async (listingId: string) => {
    const { events } = await s.t.deps.eventStore.readStream(listingStreamId(listingId));
    return events.at(-1)?.type === 'ListingHiddenForReview';
  };

  it('three throwaway accounts from one address hide nothing', async () => {
    const id = await target();
    for (const u of await accounts(3)) expect((await scam(u, id, '192.0.2.10')).status).toBe(201);
    expect(await hidden(id)).toBe(false);
  });

  it('new accounts hide nothing from different addresses either', async () => {
    const id = await target();
    let n = 0;
    for (const u of await accounts(3))
      expect((await scam(u, id, `192.0.2.${20 + ++n}`)).status).toBe(201);
    expect(await hidden(id)).toBe(false);
  });

  it('a brigade of ten new accounts from one address hides nothing', async () => {
    const id = await target();
    for (const u of await accounts(10)) expect((await scam(u, id, '192.0.2.60')).status).toBe(201);
    expect(await hidden(id)).toBe(false);
  });

  it('a brigade of ten new accounts from ten addresses hides nothing', async () => {
    const id = await target();
    let n = 0;
    for (const u of await accounts(10))
      expect((await scam(u, id, `192.0.2.${70 + ++n}`)).status).toBe(201);
    expect(await hidden(id)).toBe(false);
  });

  it('accounts whose email is not confirmed cannot report at all (403)', async () => {
    const id = await target();
    const unconfirmed = await s.t.registerUser('tenant', { unverified: true });
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    const res = await scam(unconfirmed, id, '192.0.2.90');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Please confirm your email address first: we sent you a link.',
    });
  });

  it('three trusted reporters (confirmed, past their first day, three addresses) hide it', async () => {
    const id = await target();
    const trusted = await accounts(3);
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    let n = 0;
    for (const u of trusted) await scam(u, id, `192.0.2.${100 + ++n}`);
    expect(await hidden(id)).toBe(true);
  });

  it('a reporter whose reports were upheld weighs more: two of them hide a listing', async () => {
    const [a, b] = await accounts(2);
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    // Each had two reports upheld before (an admin asked the owner to fix the listing).
    for (const u of [a!, b!])
      for (let i = 0; i < 2; i++) {
        const earlier = await target();
        await scam(u, earlier, '192.0.2.110');
        await s.t.request('POST', `/api/reports/listings/${earlier}/review`, {
          token: s.admin.token,
          json: { action: 'askOwnerToFix', reason: 'Please correct the photos' },
        });
      }
    const id = await target();
    await scam(a!, id, '192.0.2.111');
    expect(await hidden(id)).toBe(false);
    await scam(b!, id, '192.0.2.112');
    expect(await hidden(id)).toBe(true);
    const history = await s.t.request<{ openReports: { weight: number; why: string[] }[] }>(
      'GET',
      `/api/reports/listings/${id}`,
      { token: s.admin.token },
    );
    expect(history.body.openReports[0]).toMatchObject({
      weight: 2,
      why: [
        expect.stringMatching(/^Account 1 day old, email confirmed: counts as 1$/),
        '2 earlier reports upheld by our team: +1',
      ],
    });
  });

  it('a reporter whose reports were undone as a brigade weighs nothing afterwards', async () => {
    const [u] = await accounts(1);
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    for (let i = 0; i < 2; i++) {
      const earlier = await target();
      const { body } = await scam(u!, earlier, '192.0.2.120');
      await s.t.request('POST', `/api/reports/listings/${earlier}/review`, {
        token: s.admin.token,
        json: { action: 'undoBrigade', reportIds: [body.reportId] },
      });
    }
    const id = await target();
    await scam(u!, id, '192.0.2.121');
    const history = await s.t.request<{ openReports: { weight: number; why: string[] }[] }>(
      'GET',
      `/api/reports/listings/${id}`,
      { token: s.admin.token },
    );
    expect(history.body.openReports[0]).toMatchObject({ weight: 0, counts: false });
    expect(history.body.openReports[0]?.why).toContain(
      '2 earlier reports rejected by our team: −1',
    );
  });

  it('accounts older than a day count once per address: three from one address are one', async () => {
    const id = await target();
    const [a, b, c, d, e] = await accounts(5);
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    for (const u of [a!, b!, c!]) await scam(u, id, '192.0.2.30');
    await scam(d!, id, '192.0.2.31');
    expect(await hidden(id)).toBe(false);
    await scam(e!, id, '192.0.2.32');
    expect(await hidden(id)).toBe(true);
  });

  it('an admin sees the reports grouped by account age and shared address, and undoes the brigade in one action', async () => {
    const id = await target();
    const [old1, old2, old3, honest] = await accounts(4);
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    const [fresh1, fresh2] = await accounts(2);
    const genuine = await s.t.request<{ reportId: string }>('POST', '/api/reports', {
      token: honest!.token,
      headers: { [TEST_CLIENT_IP_HEADER]: '192.0.2.40' },
      json: { listingId: id, reason: 'Wrong price or details' },
    });
    const made = [
      await scam(fresh1!, id, '192.0.2.41'),
      await scam(fresh2!, id, '192.0.2.41'),
      await scam(old1!, id, '192.0.2.42'),
      await scam(old2!, id, '192.0.2.43'),
      await scam(old3!, id, '192.0.2.44'),
    ].map((r) => r.body.reportId);
    expect(await hidden(id)).toBe(true);

    type Seen = { reportId: string; newAccount: boolean; sharedAddress: number | null };
    const history = await s.t.request<{ openReports: (Seen & Record<string, unknown>)[] }>(
      'GET',
      `/api/reports/listings/${id}`,
      { token: s.admin.token },
    );
    expect(history.status).toBe(200);
    const seen = new Map(history.body.openReports.map((r) => [r.reportId, r]));
    expect(seen.get(made[0]!)).toMatchObject({
      newAccount: true,
      sharedAddress: 1,
      counts: false,
      weight: 0,
      why: ['Account less than a day old when reporting: does not count'],
    });
    // The three older accounts were made together (a minute apart): one cluster; the two fresh ones another.
    expect(seen.get(made[2]!)?.createdTogether).toBe(seen.get(made[3]!)?.createdTogether);
    expect(seen.get(made[0]!)?.createdTogether).not.toBe(seen.get(made[2]!)?.createdTogether);
    expect(seen.get(made[1]!)).toMatchObject({ newAccount: true, sharedAddress: 1, counts: false });
    expect(seen.get(made[2]!)).toMatchObject({
      newAccount: false,
      sharedAddress: null,
      counts: true,
    });
    expect(seen.get(made[2]!)?.accountAgeHours).toBeGreaterThanOrEqual(24);
    expect(seen.get(genuine.body.reportId)).toMatchObject({
      counts: false,
      reason: 'Wrong price or details',
    });

    const undo = await s.t.request<{ decision: string }>(
      'POST',
      `/api/reports/listings/${id}/review`,
      {
        token: s.admin.token,
        json: { action: 'undoBrigade', reportIds: made },
      },
    );
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.decision).toMatch(
      /^Restored by an admin, who dismissed \d+ reports? as a brigade$/,
    );
    const { events } = await s.t.deps.eventStore.readStream(listingStreamId(id));
    expect(events.at(-1)).toMatchObject({
      type: 'ListingReviewCleared',
      data: { isAvailable: true, adminId: s.admin.user._id },
    });
    // The honest report is still open for review; the brigade's are gone.
    await catchUpReadModels(s.t.db.sql);
    const queue = await s.t.request<{
      entries: { listingId: string; openReports: number; hidden: boolean }[];
    }>('GET', '/api/reports/queue', { token: s.admin.token });
    expect(queue.body.entries.find((e) => e.listingId === id)).toMatchObject({
      openReports: 1,
      hidden: false,
    });
    const after = await s.t.request<{ openReports: Seen[] }>('GET', `/api/reports/listings/${id}`, {
      token: s.admin.token,
    });
    expect(after.body.openReports.map((r) => r.reportId)).toEqual([genuine.body.reportId]);
  });

  it('a forged X-Forwarded-For does not make one address many (TRUST_PROXY_HOPS=0)', async () => {
    const web = await startTestWebServer({ trustProxyHops: 0 });
    try {
      const id = 'sec-brigade-xff';
      const victim = await web.t.registerUser('homeowner');
      await appendListingEvents(web.t.deps.eventStore, id, [
        listingCreated(id, { ownerId: victim.user._id }),
      ]);
      const aged: TestUser[] = [];
      for (let i = 0; i < 3; i++) aged.push(await web.t.registerUser('tenant'));
      web.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
      for (const [i, u] of aged.entries()) {
        const res = await call(web.base, 'POST', '/api/reports', {
          token: u.token,
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `203.0.113.${i + 1}` },
          json: { listingId: id, reason: 'Fake or scam' },
        });
        expect(res.status, res.text).toBe(201);
      }
      const { events } = await web.t.deps.eventStore.readStream(listingStreamId(id));
      expect(events.map((e) => e.type)).toEqual(['ListingCreated']);
    } finally {
      await web.stop();
    }
  });

  it('only an admin undoes a brigade, naming open reports of that listing', async () => {
    const id = await target();
    const [u] = await accounts(1);
    const { body } = await scam(u!, id, '192.0.2.50');
    for (const user of [s.owner, u!]) {
      const res = await s.t.request('POST', `/api/reports/listings/${id}/review`, {
        token: user.token,
        json: { action: 'undoBrigade', reportIds: [body.reportId] },
      });
      expect(res.status).toBe(403);
    }
    const elsewhere = await s.t.request<{ message: string }>(
      'POST',
      `/api/reports/listings/${id}/review`,
      {
        token: s.admin.token,
        json: { action: 'undoBrigade', reportIds: ['not-a-report-of-this-listing'] },
      },
    );
    expect(elsewhere).toMatchObject({
      status: 409,
      body: { message: 'Choose the open reports of this listing that are the brigade' },
    });
    for (const reportIds of [[], ['bad id!'], Array.from({ length: 101 }, (_, i) => `r${i}`)]) {
      const res = await s.t.request('POST', `/api/reports/listings/${id}/review`, {
        token: s.admin.token,
        json: { action: 'undoBrigade', reportIds },
      });
      expect(res.status, JSON.stringify(reportIds).slice(0, 40)).toBe(400);
    }
    const { events } = await s.t.deps.eventStore.readStream(reportsStreamId(id));
    expect(events.map((e) => e.type)).toEqual(['ListingReported']);
  });
});
