import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER, type TestUser } from '@rentals/testing/testApp';
import { TRUSTED_REPORTER_AGE_MS } from '@rentals/core/reports/report';
import { listingStreamId } from '@rentals/core/listings/events';

/**
 * The admin console's API on real Postgres: the counts, the listings awaiting
 * verification (paged, by city), bulk verification through the listing's own
 * command with a result per id, and the recent decisions in words.
 */
const s = testAppWithUsers({ owner: 'homeowner', admin: { role: 'admin', name: 'Meera Admin' } });

type Overview = {
  counts: Record<string, number>;
  recentDecisions: { listingId: string; title: string | null; adminName: string; text: string }[];
};
type Listings = { listings: { id: string; city: string; isVerified: boolean }[]; total: number };
type Results = {
  results: { id: string; ok: boolean; isVerified?: boolean; status?: number; message?: string }[];
};

const place = (city: string) => ({ location: { ...testFields().location, city } });
const verify = (ids: string[], verified: boolean, user = s.admin) =>
  s.t.request<Results>('POST', '/api/admin/listings/verify', {
    token: user.token,
    json: { ids, verified },
  });
const listings = async (query: string) => {
  await catchUpReadModels(s.t.db.sql);
  const res = await s.t.request<Listings>('GET', `/api/admin/listings?${query}`, {
    token: s.admin.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const overview = async () => {
  await catchUpReadModels(s.t.db.sql);
  const res = await s.t.request<Overview>('GET', '/api/admin/overview', { token: s.admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  for (let i = 0; i < 22; i++)
    await appendListingEvents(
      s.t.deps.eventStore,
      `adm-${i}`,
      [
        listingCreated(`adm-${i}`, {
          ownerId: s.owner.user._id,
          fields: place(i < 2 ? 'Pune' : 'Mumbai'),
        }),
      ],
      s.owner.user._id,
    );
  await appendListingEvents(s.t.deps.eventStore, 'adm-verified', [
    listingCreated('adm-verified', { ownerId: s.owner.user._id, isVerified: true }),
  ]);
  await catchUpReadModels(s.t.db.sql);
});

describe('admin console API', () => {
  it('counts the listings awaiting verification', async () => {
    expect((await overview()).counts).toEqual({
      reportedListings: 0,
      openReports: 0,
      hiddenAwaitingDecision: 0,
      awaitingVerification: 22,
      muchBelowSimilar: 0,
      duplicatePairs: 0,
    });
  });

  it('lists unverified listings a page of 20 at a time, and by city however it is typed', async () => {
    const first = await listings('verified=false');
    expect(first.total).toBe(22);
    expect(first.listings).toHaveLength(20);
    expect((await listings('verified=false&page=2')).listings).toHaveLength(2);
    const pune = await listings('verified=false&city=%20pune%20');
    expect(pune.listings.map((l) => l.id).sort()).toEqual(['adm-0', 'adm-1']);
    expect((await listings('verified=true')).listings.map((l) => l.id)).toEqual(['adm-verified']);
  });

  it('verifies several at once with the listing’s command, a result per id', async () => {
    const res = await verify(['adm-0', 'adm-1', 'adm-missing'], true);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: 'adm-0', ok: true, isVerified: true },
      { id: 'adm-1', ok: true, isVerified: true },
      { id: 'adm-missing', ok: false, status: 404, message: expect.any(String) as unknown },
    ]);
    const { events } = await s.t.deps.eventStore.readStream(listingStreamId('adm-0'));
    expect(events.at(-1)).toMatchObject({
      type: 'ListingVerified',
      metadata: { userId: s.admin.user._id },
    });
    expect((await listings('verified=false&city=Pune')).total).toBe(0);
    expect((await overview()).counts.awaitingVerification).toBe(20);
  });

  it('verifying a verified listing changes nothing; unverifying brings it back', async () => {
    expect((await verify(['adm-0'], true)).body.results).toEqual([
      { id: 'adm-0', ok: true, isVerified: true },
    ]);
    expect((await verify(['adm-0'], false)).body.results).toEqual([
      { id: 'adm-0', ok: true, isVerified: false },
    ]);
    expect((await listings('verified=false&city=Pune')).listings.map((l) => l.id)).toEqual([
      'adm-0',
    ]);
  });

  it('recent decisions say who decided what, in words, newest first; an owner’s edit is no decision', async () => {
    await appendListingEvents(
      s.t.deps.eventStore,
      'adm-1',
      [
        {
          type: 'ListingVerificationRevoked',
          data: { listingId: 'adm-1', at: s.t.clock().toISOString() },
        },
      ],
      s.owner.user._id,
    );
    const { recentDecisions } = await overview();
    expect(recentDecisions.map((d) => [d.listingId, d.text, d.adminName])).toEqual([
      ['adm-0', 'No longer verified', 'Meera Admin'],
      ['adm-1', 'Verified by an admin', 'Meera Admin'],
      ['adm-0', 'Verified by an admin', 'Meera Admin'],
    ]);
  });

  it('counts open reports and the listings they hid', async () => {
    // Three reporters whose accounts are older than a day, each from an address of its own (docs/TRUST.md).
    const reporters: TestUser[] = [];
    for (let i = 0; i < 3; i++) reporters.push(await s.t.registerUser('tenant'));
    s.t.clock.advance(TRUSTED_REPORTER_AGE_MS);
    for (const [i, reporter] of reporters.entries()) {
      const res = await s.t.request('POST', '/api/reports', {
        token: reporter.token,
        json: { listingId: 'adm-5', reason: 'Fake or scam' },
        headers: { [TEST_CLIENT_IP_HEADER]: `198.51.100.${i + 1}` },
      });
      expect(res.status).toBe(201);
    }
    expect((await overview()).counts).toMatchObject({
      reportedListings: 1,
      openReports: 3,
      hiddenAwaitingDecision: 1,
    });
  });
});
