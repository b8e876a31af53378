import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { mailbox } from '@rentals/testing/mailbox';
import { TEST_CLIENT_IP_HEADER, testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import { TRUSTED_REPORTER_AGE_MS } from '@rentals/core/reports/report';
import { accountStreamId } from '@rentals/core/accounts/events';
import { listingStreamId } from '@rentals/core/listings/events';

/**
 * Reports and their review through the API on real Postgres: reports become
 * events on the listing's reports stream, the queue projection orders them,
 * and each decision does what it says (delist, suspend) and tells the owner
 * in-app and by email (the run's mail catcher).
 */
const s = testAppWithUsers({ owner: 'homeowner', admin: 'admin' });
const tenants: TestUser[] = [];
const mail = mailbox();

type Queue = {
  entries: {
    listingId: string;
    openReports: number;
    reasons: Record<string, number>;
    hidden: boolean;
    possiblyRented: boolean;
  }[];
};

let addresses = 0;
/** Each report from an address of its own: one address counts once towards hiding. */
const report = (listingId: string, reason: string, user: TestUser, note?: string) =>
  s.t.request<{ message?: string; reportId?: string }>('POST', '/api/reports', {
    token: user.token,
    json: { listingId, reason, ...(note === undefined ? {} : { note }) },
    headers: { [TEST_CLIENT_IP_HEADER]: `198.51.100.${++addresses}` },
  });
const review = (listingId: string, action: string, reason?: string, user = s.admin) =>
  s.t.request<{ decision?: string; message?: string }>(
    'POST',
    `/api/reports/listings/${listingId}/review`,
    { token: user.token, json: { action, ...(reason === undefined ? {} : { reason }) } },
  );
const queue = async () => {
  await catchUpReadModels(s.t.db.sql);
  const res = await s.t.request<Queue>('GET', '/api/reports/queue', { token: s.admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries;
};
const listing = (id: string, ownerId = s.owner.user._id) =>
  appendListingEvents(s.t.deps.eventStore, id, [
    listingCreated(id, { ownerId, fields: { title: `Flat ${id}` } }),
  ]);

beforeAll(async () => {
  for (let i = 0; i < 4; i++) tenants.push(await s.t.registerUser('tenant'));
  // Only accounts older than a day count towards hiding (docs/TRUST.md).
  s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
  for (const id of ['rep-a', 'rep-b', 'rep-c', 'rep-d', 'rep-e']) await listing(id);
});

describe('reporting', () => {
  it('a signed-in user reports a listing once; a second try says so', async () => {
    const [a] = tenants;
    const first = await report('rep-a', 'Wrong price or details', a!, 'Rent is higher');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await report('rep-a', 'Fake or scam', a!);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'You have already reported this listing' },
    });
  });

  it('an owner cannot report their own listing, nor anyone a listing that does not exist', async () => {
    expect((await report('rep-a', 'Fake or scam', s.owner)).status).toBe(403);
    expect((await report('rep-none', 'Fake or scam', tenants[0]!)).status).toBe(404);
  });

  it("the 'Possibly rented' query takes a bounded list of well-formed ids", async () => {
    for (const ids of [
      '',
      'a,,b',
      'bad id',
      Array.from({ length: 51 }, (_, i) => `x${i}`).join(','),
    ])
      expect(
        (await s.t.request('GET', `/api/reports/possibly-rented?ids=${encodeURIComponent(ids)}`))
          .status,
        ids,
      ).toBe(400);
  });

  it('bad input is a 400 naming each field; visitors get 401', async () => {
    const res = await s.t.request<{ message: string; errors: { path: string }[] }>(
      'POST',
      '/api/reports',
      {
        token: tenants[1]!.token,
        json: { listingId: 'bad id!', reason: 'Spam', note: 'x'.repeat(501) },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.errors.map((e) => e.path).sort()).toEqual(['listingId', 'note', 'reason']);
    expect(
      (
        await s.t.request('POST', '/api/reports', {
          json: { listingId: 'rep-a', reason: 'Fake or scam' },
        })
      ).status,
    ).toBe(401);
  });

  it("three 'Already rented' reports mark the listing possibly rented; an owner's edit ends it", async () => {
    for (const u of tenants.slice(0, 3))
      expect((await report('rep-b', 'Already rented', u)).status).toBe(201);
    await catchUpReadModels(s.t.db.sql);
    const marked = await s.t.request<{ listingIds: string[] }>(
      'GET',
      '/api/reports/possibly-rented?ids=rep-a,rep-b',
    );
    expect(marked.body.listingIds).toEqual(['rep-b']);
    const entry = (await queue()).find((e) => e.listingId === 'rep-b');
    expect(entry).toMatchObject({ openReports: 3, possiblyRented: true, hidden: false });
    await appendListingEvents(s.t.deps.eventStore, 'rep-b', [
      {
        type: 'ListingDetailsRevised',
        data: { listingId: 'rep-b', at: s.t.clock().toISOString(), title: 'Still here' },
      },
    ]);
    expect((await queue()).find((e) => e.listingId === 'rep-b')?.possiblyRented).toBe(false);
  });

  it("three 'Fake or scam' reports hide it pending review; the queue puts most reports first", async () => {
    for (const u of tenants.slice(0, 3)) await report('rep-c', 'Fake or scam', u);
    const entries = await queue();
    expect(entries.find((e) => e.listingId === 'rep-c')?.hidden).toBe(true);
    const counts = entries.map((e) => e.openReports);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });
});

describe('reviewing', () => {
  it('the queue, a listing history and the decisions are for admins only', async () => {
    expect(
      (await s.t.request('GET', '/api/reports/queue', { token: tenants[0]!.token })).status,
    ).toBe(403);
    expect(
      (await s.t.request('GET', '/api/reports/listings/rep-a', { token: s.owner.token })).status,
    ).toBe(403);
    expect((await review('rep-a', 'dismiss', undefined, s.owner)).status).toBe(403);
  });

  it('an admin sees the listing with its history, events of both streams in order', async () => {
    const res = await s.t.request<{
      listing: { _id: string };
      events: { type: string; streamId: string; text: string }[];
    }>('GET', '/api/reports/listings/rep-a', { token: s.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.listing._id).toBe('rep-a');
    expect(res.body.events.map((e) => e.type)).toEqual(['ListingCreated', 'ListingReported']);
    // What people read: words, not type names.
    expect(res.body.events.map((e) => e.text)).toEqual([
      'Listed by its owner',
      expect.stringMatching(/^Reported as ‘/) as unknown,
    ]);
  });

  it('a Kannada page gets the history and the reports’ weights in Kannada, the same events', async () => {
    const res = await s.t.request<{
      events: { type: string; text: string }[];
      openReports: { why: string[] }[];
    }>('GET', '/api/reports/listings/rep-a', {
      token: s.admin.token,
      headers: { 'accept-language': 'kn-IN' },
    });
    expect(res.body.events.map((e) => e.type)).toEqual(['ListingCreated', 'ListingReported']);
    expect(res.body.events[0]!.text).toBe('ಮಾಲೀಕರು ಲಿಸ್ಟ್ ಮಾಡಿದರು');
    for (const text of [...res.body.events.map((e) => e.text), ...res.body.openReports[0]!.why])
      expect(text).toMatch(/\p{Script=Kannada}/u);
  });

  it('dismissing closes the reports; a second decision finds nothing to review', async () => {
    expect((await review('rep-a', 'dismiss')).body).toMatchObject({
      action: 'dismiss',
      decision: 'Reports dismissed by an admin',
    });
    expect((await review('rep-a', 'dismiss')).status).toBe(409);
    expect((await queue()).map((e) => e.listingId)).not.toContain('rep-a');
  });

  it('asking to fix needs a reason, and tells the owner in-app and by email', async () => {
    await report('rep-d', 'Wrong price or details', tenants[0]!);
    expect((await review('rep-d', 'askOwnerToFix')).status).toBe(409);
    const asked = await review('rep-d', 'askOwnerToFix', 'The rent shown is wrong');
    expect(asked.status).toBe(200);
    expect(asked.body.decision).toBe('Owner asked to fix it: The rent shown is wrong');
    const email = await mail.next(s.owner.email);
    expect(email.subject).toBe('Please correct your listing on Rentals');
    expect(email.text).toContain('The rent shown is wrong');
    await catchUpReadModels(s.t.db.sql);
    const notices = await s.t.request<{
      notices: { kind: string; reason: string; listingId: string }[];
    }>('GET', '/api/reports/notices', { token: s.owner.token });
    expect(notices.body.notices[0]).toMatchObject({
      kind: 'fix-requested',
      listingId: 'rep-d',
      reason: 'The rent shown is wrong',
    });
  });

  it('delisting delists the listing as the admin and tells the owner', async () => {
    expect((await review('rep-c', 'delist', 'Reported as a scam by three people')).status).toBe(
      200,
    );
    const { events } = await s.t.deps.eventStore.readStream(listingStreamId('rep-c'));
    // rep-c was hidden pending review: the decision ends that and keeps it out (a listed listing gets
    // the ordinary ListingDelisted, as the suspension below shows).
    expect(events.at(-1)).toMatchObject({
      type: 'ListingReviewCleared',
      data: { isAvailable: false },
      metadata: { userId: s.admin.user._id },
    });
    expect((await mail.next(s.owner.email)).subject).toBe('Your listing was removed from Rentals');
  });

  it('suspending the owner blocks sign-in, ends sessions and delists every listing', async () => {
    await report('rep-e', 'Broker posing as owner', tenants[3]!);
    expect((await review('rep-e', 'suspendOwner', 'Broker posing as owner')).status).toBe(200);
    expect((await s.t.request('GET', '/api/auth/me', { token: s.owner.token })).status).toBe(401);
    const login = await s.t.request<{ message: string }>('POST', '/api/auth/login', {
      json: { email: s.owner.email, password: s.owner.password },
    });
    expect(login).toMatchObject({
      status: 403,
      body: { message: 'This account has been suspended; you cannot sign in' },
    });
    const account = await s.t.deps.eventStore.readStream(accountStreamId(s.owner.user._id));
    expect(account.events.map((e) => e.type)).toEqual(['AccountEmailVerified', 'AccountSuspended']);
    for (const id of ['rep-a', 'rep-b', 'rep-d', 'rep-e']) {
      const { events } = await s.t.deps.eventStore.readStream(listingStreamId(id));
      expect(events.at(-1)?.type, id).toBe('ListingDelisted');
    }
    expect((await mail.next(s.owner.email)).subject).toBe('Your Rentals account was suspended');
  });
});
