// Security checklist: the admin console's API (issue 38). Attacks: a non-admin (tenant, owner, broker,
// a visitor) counting, listing or verifying; an owner verifying their own listing in bulk; oversized,
// duplicated or malformed id lists; control characters and SQL in the city filter; paging past the
// bound; smuggled fields (ignored: the caller is who the token says). The authorisation matrix covers every role on every route; these check what
// such a caller cannot change, and that input is refused before anything is read or written.
import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';
import { listingStreamId } from '@rentals/core/listings/events';
import { VERIFY_IDS_MAX } from '@rentals/api/admin/model';

const s = testAppWithUsers({
  owner: 'homeowner',
  broker: 'broker',
  tenant: 'tenant',
  admin: 'admin',
});

const verify = (json: unknown, token = s.admin.token) =>
  s.t.request<{ message?: string; errors?: { path: string }[] }>(
    'POST',
    '/api/admin/listings/verify',
    {
      token,
      json,
    },
  );
const eventTypes = async (id: string) =>
  (await s.t.deps.eventStore.readStream(listingStreamId(id))).events.map((e) => e.type);

beforeAll(async () => {
  await appendListingEvents(
    s.t.deps.eventStore,
    'sec-adm-1',
    [listingCreated('sec-adm-1', { ownerId: s.owner.user._id })],
    s.owner.user._id,
  );
  await catchUpReadModels(s.t.db.sql);
});

describe('admin console: only admins', () => {
  it.each(['owner', 'broker', 'tenant'] as const)(
    'a %s cannot verify, even their own listing, and nothing is recorded',
    async (who) => {
      const user = { owner: s.owner, broker: s.broker, tenant: s.tenant }[who];
      const res = await verify({ ids: ['sec-adm-1'], verified: true }, user.token);
      expect(res.status).toBe(403);
      expect(await eventTypes('sec-adm-1')).toEqual(['ListingCreated']);
    },
  );

  it('a visitor gets 401 on every admin route', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/listings'],
      ['POST', '/api/admin/listings/verify'],
    ] as const)
      expect(
        (await s.t.request(method, path, { json: method === 'POST' ? {} : undefined })).status,
      ).toBe(401);
  });
});

describe('admin console: malformed and oversized input', () => {
  it.each([
    [
      'more ids than the bound',
      { ids: Array.from({ length: VERIFY_IDS_MAX + 1 }, (_, i) => `x${i}`), verified: true },
    ],
    ['no ids', { ids: [], verified: true }],
    ['the same id twice', { ids: ['sec-adm-1', 'sec-adm-1'], verified: true }],
    ['an id with a path in it', { ids: ['../../etc/passwd'], verified: true }],
    ['an id with a NUL', { ids: ['sec-adm-1\u0000'], verified: true }],
    ['an over-long id', { ids: ['a'.repeat(65)], verified: true }],
    ['verified as a string', { ids: ['sec-adm-1'], verified: 'yes' }],
    ['no verified', { ids: ['sec-adm-1'] }],
  ])('%s is a 400 with a message, and nothing is recorded', async (_name, body) => {
    const res = await verify(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/\S/);
    expect(await eventTypes('sec-adm-1')).toEqual(['ListingCreated']);
  });

  it.each([
    ['a NUL in the city', 'city=Pune%00'],
    ['a city over its bound', `city=${'a'.repeat(101)}`],
    ['a page past the bound', 'page=501'],
    ['a page that is not a number', 'page=1%3BDROP'],
    ['an unknown verified value', 'verified=maybe'],
  ])('listing with %s is a 400, never a 500', async (_name, query) => {
    const res = await s.t.request<{ message: string }>('GET', `/api/admin/listings?${query}`, {
      token: s.admin.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/\S/);
  });

  it('an unknown query parameter is ignored: it filters nothing', async () => {
    const res = await s.t.request<{ total: number }>(
      'GET',
      `/api/admin/listings?ownerId=someone-else`,
      { token: s.admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
  });

  it('SQL in the city filter is a city name like any other: it finds nothing', async () => {
    const res = await s.t.request<{ total: number }>(
      'GET',
      `/api/admin/listings?city=${encodeURIComponent("x' OR '1'='1")}`,
      { token: s.admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });
});

describe('admin console: acting as someone else', () => {
  it('an admin id smuggled in the body is ignored: the verification is the caller’s', async () => {
    const res = await verify({ ids: ['sec-adm-1'], verified: true, adminId: s.owner.user._id });
    expect(res.status).toBe(200);
    const { events } = await s.t.deps.eventStore.readStream(listingStreamId('sec-adm-1'));
    expect(events.map((e) => [e.type, e.metadata.userId])).toEqual([
      ['ListingCreated', s.owner.user._id],
      ['ListingVerified', s.admin.user._id],
    ]);
  });
});
