import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { messages } from '@rentals/core/listings/decide';
import { listingStreamId } from '@rentals/core/listings/events';
import type { SearchAudience, SearchCriteria } from '@rentals/projections/queries/criteria';
import { createMeili } from '@rentals/projections/queries/meili';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import { listingForm } from '@rentals/testing/listingForm';
import { startReadSide } from '@rentals/testing/readSide';
import { TRUSTED_REPORTER_AGE_MS } from '@rentals/core/reports/report';
import {
  TEST_CLIENT_IP_HEADER,
  testApp,
  type TestApp,
  type TestUser,
} from '@rentals/testing/testApp';
import { listingPageStatus } from '../web/listingStatus.ts';

/**
 * Three 'Fake or scam' reports hide a listing pending review (issue 17):
 * out of list search in both engines, the map, the visitors' document and
 * its public page, exactly like a delisted one, until an admin dismisses
 * the reports. Its owner sees why and may edit it, but not relist it.
 */
let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let owner: TestUser;
let admin: TestUser;
let viewer: TestUser;
const reporters: TestUser[] = [];
/** Reporters with no record yet: `reporters` had their reports dismissed above, which lowers their weight. */
const freshReporters: TestUser[] = [];
const index = `listings_h_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index } },
  });
  readSide = startReadSide(t.db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  owner = await t.registerUser('homeowner');
  admin = await t.registerUser('admin');
  viewer = await t.registerUser('tenant');
  for (let i = 0; i < 3; i++) reporters.push(await t.registerUser('tenant'));
  for (let i = 0; i < 3; i++) freshReporters.push(await t.registerUser('tenant'));
  // Only accounts older than a day count towards hiding (docs/TRUST.md).
  t.clock.advance(TRUSTED_REPORTER_AGE_MS);
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

type One = { property: PropertyDocument; message?: string };

const create = async () => {
  const res = await t.request<One>('POST', '/api/properties', {
    token: owner.token,
    form: listingForm(),
  });
  expect(res.status).toBe(201);
  return res.body.property._id;
};
let addresses = 0;
/** Each report from an address of its own: one address counts once towards hiding. */
const reportScam = (id: string, user: TestUser) =>
  t.request('POST', '/api/reports', {
    token: user.token,
    json: { listingId: id, reason: 'Fake or scam' },
    headers: { [TEST_CLIENT_IP_HEADER]: `198.51.100.${++addresses}` },
  });
const review = (id: string, action: string, reason?: string) =>
  t.request<{ decision?: string }>('POST', `/api/reports/listings/${id}/review`, {
    token: admin.token,
    json: { action, ...(reason === undefined ? {} : { reason }) },
  });

const criteria: SearchCriteria = { sort: 'newest', page: 1, limit: 50 };
const INDIA = '68,6,98,37';

/** Where the listing shows, once every read model and the index have caught up. */
const whereShown = async (id: string) => {
  await readSide.caughtUp();
  const meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
  const found = async (audience: SearchAudience) => ({
    meili: (await searchInMeili(meili, audience, criteria, index)).ids.includes(id),
    postgres: (await searchInPostgres(t.db.sql, audience, criteria)).ids.includes(id),
  });
  const map = async (token?: string) => {
    const res = await t.request<{ points?: { id: string }[] }>(
      'GET',
      `/api/properties/map?bbox=${INDIA}&zoom=5`,
      token ? { token } : {},
    );
    expect(res.status).toBe(200);
    return (res.body.points ?? []).some((p) => p.id === id);
  };
  return {
    tenants: await found('full'),
    visitors: await found('public'),
    tenantMap: await map(viewer.token),
    visitorMap: await map(),
    visitorDocument: (await t.request('GET', `/api/properties/${id}`)).status,
    publicPage: (await listingPageStatus(t.deps.eventStore, `/browse/${id}`)) ?? 200,
  };
};
/** What `whereShown` answers for a listing shown everywhere, or nowhere. */
const seen = (shown: boolean) => ({
  tenants: { meili: shown, postgres: shown },
  visitors: { meili: shown, postgres: shown },
  tenantMap: shown,
  visitorMap: shown,
  visitorDocument: shown ? 200 : 404,
  publicPage: shown ? 200 : 404,
});
const everywhere = seen(true);
const nowhere = seen(false);

const mine = async (id: string) => {
  await readSide.caughtUp();
  const res = await t.request<{ properties: PropertyDocument[] }>(
    'GET',
    '/api/properties/my-properties',
    { token: owner.token },
  );
  return res.body.properties.find((p) => p._id === id);
};

describe("three 'Fake or scam' reports hide a listing pending review", () => {
  let id: string;

  it('two reports change nothing; the third hides it from search, the map and the public page', async () => {
    id = await create();
    expect(await whereShown(id)).toEqual(everywhere);
    for (const reporter of reporters.slice(0, 2))
      expect((await reportScam(id, reporter)).status).toBe(201);
    expect(await whereShown(id)).toEqual(everywhere);
    expect((await reportScam(id, reporters[2]!)).status).toBe(201);
    const { events } = await t.deps.eventStore.readStream(listingStreamId(id));
    expect(events.at(-1)).toMatchObject({
      type: 'ListingHiddenForReview',
      data: { reason: 'Fake or scam' },
    });
    expect(await whereShown(id)).toEqual(nowhere);
  });

  it('its owner sees it as hidden pending review; others are told it is under review', async () => {
    expect(await mine(id)).toMatchObject({
      isAvailable: false,
      hiddenForReview: { reason: 'Fake or scam' },
    });
    const asViewer = await t.request<One>('GET', `/api/properties/${id}`, { token: viewer.token });
    expect(asViewer).toMatchObject({
      status: 403,
      body: { message: 'This listing is under review' },
    });
    expect(asViewer.body.property).toBeUndefined();
    for (const user of [owner, admin])
      expect((await t.request('GET', `/api/properties/${id}`, { token: user.token })).status).toBe(
        200,
      );
  });

  it('relisting and "Still available" are refused while hidden; editing is allowed', async () => {
    for (const path of ['toggle-availability', 'confirm-available']) {
      const res = await t.request<One>('PATCH', `/api/properties/${id}/${path}`, {
        token: owner.token,
      });
      expect(res.status, path).toBe(409);
      expect(res.body.message).toBe(messages.hiddenForReview);
    }
    const edit = await t.request<One>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      json: { title: 'Bright 2BHK near Baner market, real photos' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.property).toMatchObject({ isAvailable: false, hiddenForReview: {} });
    expect(await whereShown(id)).toEqual(nowhere);
  });

  it('a further report keeps it hidden; dismissing the reports brings it back everywhere', async () => {
    const late = await t.registerUser('tenant');
    expect((await reportScam(id, late)).status).toBe(201);
    expect(await whereShown(id)).toEqual(nowhere);
    expect((await review(id, 'dismiss')).body.decision).toBe('Reports dismissed by an admin');
    expect(await whereShown(id)).toEqual(everywhere);
    const back = await mine(id);
    expect(back).toMatchObject({
      isAvailable: true,
      title: 'Bright 2BHK near Baner market, real photos',
    });
    expect(back).not.toHaveProperty('hiddenForReview');
    expect((await t.request('GET', `/api/properties/${id}`, { token: viewer.token })).status).toBe(
      200,
    );
  });

  it('delisting after review keeps it out; the owner decides when to list it again', async () => {
    const other = await create();
    for (const reporter of freshReporters) await reportScam(other, reporter);
    expect(await whereShown(other)).toEqual(nowhere);
    expect((await review(other, 'delist', 'Photos of another flat')).status).toBe(200);
    const { events } = await t.deps.eventStore.readStream(listingStreamId(other));
    expect(events.at(-1)).toMatchObject({
      type: 'ListingReviewCleared',
      data: { isAvailable: false, adminId: admin.user._id },
      metadata: { userId: admin.user._id },
    });
    expect(await whereShown(other)).toEqual(nowhere);
    expect(await mine(other)).not.toHaveProperty('hiddenForReview');
    const relisted = await t.request<One>('PATCH', `/api/properties/${other}/toggle-availability`, {
      token: owner.token,
    });
    expect(relisted.status).toBe(200);
    expect(relisted.body.property.isAvailable).toBe(true);
  });
});
