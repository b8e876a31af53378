import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Meilisearch } from 'meilisearch';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { conversationStreamId } from '@rentals/core/conversations/events';
import type { ListingCreated } from '@rentals/core/listings/events';
import { appendListingEvents, listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import type { SearchCriteria } from '@rentals/projections/queries/criteria';

/**
 * Owner or broker, with reasons (issue 41), on real Postgres and Meilisearch:
 * 'Owners only' in both engines, the lister's trust card from conversation
 * events, the broker signals only admins read, an admin's decision, and the
 * owner's answer that relabels every listing of theirs.
 */
let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let index: string;
let owner: TestUser;
let broker: TestUser;
let agent: TestUser;
let tenant: TestUser;
let admin: TestUser;

const DAY = 86_400_000;
const ago = (days: number, minutes = 0) =>
  new Date(Date.now() - days * DAY + minutes * 60_000).toISOString();

const listing = (id: string, ownerId: string, role: 'homeowner' | 'broker', fields = {}) => {
  const created = listingCreated(id, { ownerId, fields });
  return {
    ...created,
    data: { ...created.data, owner: { name: 'Lister', role } },
  } as ListingCreated;
};
const place = (city: string, address: string) => ({
  location: { ...testFields().location, city, address },
});

/** A tenant's conversation on `listingId` at `startedAt`, answered by the owner `replyMinutes` later (or never). */
const conversation = async (
  n: number,
  listingId: string,
  startedAt: string,
  replyMinutes?: number,
) => {
  const conversationId = `c-${n}`;
  const events = [
    {
      type: 'ConversationStarted',
      data: {
        conversationId,
        at: startedAt,
        listingId,
        tenantId: tenant.user._id,
        ownerId: owner.user._id,
      },
    },
    {
      type: 'MessageSent',
      data: {
        conversationId,
        at: startedAt,
        messageId: `m-${n}-1`,
        seq: 1,
        senderId: tenant.user._id,
        body: 'Is it available?',
      },
    },
    ...(replyMinutes === undefined
      ? []
      : [
          {
            type: 'MessageSent',
            data: {
              conversationId,
              at: new Date(Date.parse(startedAt) + replyMinutes * 60_000).toISOString(),
              messageId: `m-${n}-2`,
              seq: 2,
              senderId: owner.user._id,
              body: 'Yes, come and see it',
            },
          },
        ]),
  ];
  await t.deps.eventStore.append(conversationStreamId(conversationId), 'conversation', 0, events, {
    userId: tenant.user._id,
  });
};

beforeAll(async () => {
  index = `listings_t_${randomBytes(4).toString('hex')}`;
  const meili = { url: inject('meiliUrl'), key: inject('meiliKey'), index };
  t = await testApp({ deps: { meili } });
  readSide = startReadSide(t.db.sql, meili);
  // Every account its own phone (the harness gives all one), but the agent's, which a second account shares.
  owner = await t.registerUser('homeowner', { name: 'Asha Owner', phone: '9000000010' });
  broker = await t.registerUser('broker', { name: 'Vikram Broker', phone: '9000000020' });
  agent = await t.registerUser('homeowner', { name: 'Posing Agent', phone: '9000000001' });
  // Another account with the agent's phone number.
  await t.registerUser('homeowner', { name: 'Second Desk', phone: '+91 90000 00001' });
  tenant = await t.registerUser('tenant', { phone: '9000000030' });
  admin = await t.registerUser('admin', { phone: '9000000040' });
  const store = t.deps.eventStore;
  await appendListingEvents(
    store,
    'own-1',
    [listing('own-1', owner.user._id, 'homeowner')],
    owner.user._id,
  );
  await appendListingEvents(
    store,
    'brk-1',
    [listing('brk-1', broker.user._id, 'broker')],
    broker.user._id,
  );
  // Five homes at five addresses in three cities, one that charges a brokerage; 'no brokerage' is no signal.
  const agentHomes: [string, string, string][] = [
    ['Pune', '1 FC Road', 'Brokerage one month rent. Visit anytime.'],
    ['Pune', '2 JM Road', 'No brokerage, direct deal.'],
    ['Mumbai', '3 Linking Road', 'Sea-facing flat near the station and markets.'],
    ['Mumbai', '4 Hill Road', 'Quiet lane, close to the metro station, markets.'],
    ['Delhi', '5 Ring Road', 'Ground floor flat with a small garden and parking.'],
  ];
  for (const [i, [city, address, description]] of agentHomes.entries())
    await appendListingEvents(
      store,
      `agt-${i}`,
      [listing(`agt-${i}`, agent.user._id, 'homeowner', { ...place(city, address), description })],
      agent.user._id,
    );
  await readSide.caughtUp();
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

const criteria = (extra: Partial<SearchCriteria>): SearchCriteria => ({
  sort: 'newest',
  page: 1,
  limit: 50,
  ...extra,
});

describe("'Owners only'", () => {
  it('filters out the listings of brokers in Meilisearch and in the Postgres fallback alike', async () => {
    const meili = new Meilisearch({ host: inject('meiliUrl'), apiKey: inject('meiliKey') });
    for (const search of [
      (c: SearchCriteria) => searchInMeili(meili, 'full', c, index),
      (c: SearchCriteria) => searchInPostgres(t.db.sql, 'full', c),
    ]) {
      const all = await search(criteria({}));
      expect(all.ids).toContain('brk-1');
      const owners = await search(criteria({ ownersOnly: true }));
      expect(owners.ids).toContain('own-1');
      expect(owners.ids).not.toContain('brk-1');
      expect(owners.total).toBe(all.total - 1);
    }
  });

  it('filters the map too', async () => {
    const map = (extra: string) =>
      t.request<{ total: number; points: { id: string }[] }>(
        'GET',
        `/api/properties/map?bbox=77.5,12.8,77.8,13.1&zoom=12${extra}`,
        { token: tenant.token },
      );
    const all = await map('');
    expect(all.status).toBe(200);
    expect(all.body.points.map((p) => p.id)).toContain('brk-1');
    const owners = await map('&ownersOnly=true');
    expect(owners.body.points.map((p) => p.id)).toContain('own-1');
    expect(owners.body.points.map((p) => p.id)).not.toContain('brk-1');
    expect(owners.body.total).toBe(all.body.total - 1);
  });

  it('is a filter of the list search, kept by a saved search as given', async () => {
    const found = await t.request<{ properties: PropertyDocument[] }>(
      'GET',
      '/api/properties?ownersOnly=true',
      { token: tenant.token },
    );
    expect(found.status).toBe(200);
    expect(found.body.properties.map((p) => p.owner.role)).not.toContain('broker');
    const bad = await t.request('GET', '/api/properties?ownersOnly=maybe', { token: tenant.token });
    expect(bad.status).toBe(400);
    const saved = await t.request<{
      savedSearch: { id: string; filters: Record<string, unknown> };
    }>('POST', '/api/saved-searches', {
      token: tenant.token,
      json: {
        name: 'Owners in Bengaluru',
        filters: { city: 'Bengaluru', ownersOnly: true },
        alert: 'off',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const list = await t.request<{ savedSearches: { filters: Record<string, unknown> }[] }>(
      'GET',
      '/api/saved-searches',
      { token: tenant.token },
    );
    expect(list.body.savedSearches[0]?.filters).toMatchObject({
      city: 'Bengaluru',
      ownersOnly: true,
    });
  });
});

describe("'Owners only' in a saved search's alerts", () => {
  it("alerts on an owner's new listing, not a broker's, and stops matching one whose lister became a broker", async () => {
    const saved = await t.request('POST', '/api/saved-searches', {
      token: tenant.token,
      json: {
        name: 'Owners in Hyderabad',
        filters: { city: 'Hyderabad', ownersOnly: true },
        alert: 'instant',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await readSide.caughtUp();
    const hydOwner = await t.registerUser('homeowner', { phone: '9000000060' });
    const hyderabad = place('Hyderabad', '9 Banjara Hills Road');
    await appendListingEvents(
      t.deps.eventStore,
      'hyd-own',
      [listing('hyd-own', hydOwner.user._id, 'homeowner', hyderabad)],
      hydOwner.user._id,
    );
    await appendListingEvents(
      t.deps.eventStore,
      'hyd-brk',
      [listing('hyd-brk', broker.user._id, 'broker', hyderabad)],
      broker.user._id,
    );
    await readSide.caughtUp();
    const alerts = await t.request<{ alerts: { listingId: string }[] }>(
      'GET',
      '/api/saved-searches/alerts',
      {
        token: tenant.token,
      },
    );
    expect(alerts.body.alerts.map((a) => a.listingId)).toEqual(['hyd-own']);
    const matches = async () =>
      (
        await t.db.sql<
          { id: string }[]
        >`SELECT listing_id AS id FROM listing_search_matches ORDER BY 1`
      ).map((r) => r.id);
    expect(await matches()).toContain('hyd-own');
    await appendListingEvents(
      t.deps.eventStore,
      'hyd-own',
      [
        {
          type: 'ListingOwnerRoleChanged',
          data: { listingId: 'hyd-own', at: ago(0), city: 'Hyderabad', role: 'broker' },
        },
      ],
      hydOwner.user._id,
    );
    await readSide.caughtUp();
    expect(await matches()).not.toContain('hyd-own');
  });
});

describe("the lister's trust card", () => {
  it('says nothing about replies with fewer than five conversations', async () => {
    const card = await t.request<{ lister: Record<string, unknown> }>(
      'GET',
      `/api/listers/${owner.user._id}`,
      {
        token: tenant.token,
      },
    );
    expect(card.status).toBe(200);
    expect(card.body.lister).toMatchObject({ label: 'Owner', listingsLive: 1, reportsUpheld: 0 });
    expect(card.body.lister).not.toHaveProperty('responses');
  });

  it('gives the response rate and median time from conversation events', async () => {
    await conversation(1, 'own-1', ago(20), 30);
    await conversation(2, 'own-1', ago(19), 90);
    await conversation(3, 'own-1', ago(18), 150);
    await conversation(4, 'own-1', ago(17), 200);
    await conversation(5, 'own-1', ago(16));
    await readSide.caughtUp();
    const card = await t.request<{ lister: { responses: unknown } }>(
      'GET',
      `/api/listers/${owner.user._id}`,
      {
        token: tenant.token,
      },
    );
    expect(card.body.lister.responses).toEqual({
      conversations: 5,
      ratePercent: 80,
      medianMinutes: 120,
      text: 'Replies to 80% of enquiries, usually within 2 hours',
    });
  });

  it('is for signed-in users; a visitor gets 401 and an account that lists nothing 404', async () => {
    expect((await t.request('GET', `/api/listers/${owner.user._id}`)).status).toBe(401);
    const none = await t.request('GET', `/api/listers/${tenant.user._id}`, { token: tenant.token });
    expect(none.status).toBe(404);
  });
});

type Queue = {
  accounts: {
    accountId: string;
    strength: number;
    signals: { kind: string; reason: string }[];
    status: string;
  }[];
  askAt: number;
};

describe('broker signals', () => {
  it('ranks a homeowner posing as an owner with every reason in words, and not the honest owner', async () => {
    const res = await t.request<Queue>('GET', '/api/admin/brokers', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.body.accounts.map((a) => a.accountId);
    expect(ids[0]).toBe(agent.user._id);
    expect(ids).not.toContain(owner.user._id);
    expect(ids).not.toContain(broker.user._id);
    const [agentRow] = res.body.accounts;
    expect(agentRow?.signals.map((s) => s.reason)).toEqual(
      expect.arrayContaining([
        '5 listings at 5 different addresses (an owner rarely lets more than 3 homes)',
        'Listings in 3 cities: Delhi, Mumbai, Pune',
        "Listing text mentions a brokerage or commission: 'brokerage one month rent' in 'Sunny 2BHK near metro'",
        'The same phone number as 1 other account',
      ]),
    );
    expect(agentRow?.strength).toBe(100);
    expect(agentRow?.status).toBe('Not asked yet');
  });

  it('are read by admins only', async () => {
    for (const user of [tenant, owner, broker, agent])
      expect((await t.request('GET', '/api/admin/brokers', { token: user.token })).status).toBe(
        403,
      );
    expect((await t.request('GET', '/api/admin/brokers')).status).toBe(401);
    const decide = await t.request('POST', `/api/admin/brokers/${agent.user._id}/decision`, {
      token: owner.token,
      json: { decision: 'looksLikeOwner' },
    });
    expect(decide.status).toBe(403);
  });

  it("ask the strong ones 'Are you the owner or a broker?', and not the honest owner", async () => {
    const ask = (user: TestUser) =>
      t.request<{ open: boolean }>('GET', '/api/lister-role/question', { token: user.token });
    expect((await ask(agent)).body).toEqual({ open: true });
    expect((await ask(owner)).body).toEqual({ open: false });
  });

  it("an admin's 'Ask to confirm role' asks even the honest owner; 'Looks like an owner' quiets an account", async () => {
    const decide = (accountId: string, decision: string) =>
      t.request<{ decision: string }>('POST', `/api/admin/brokers/${accountId}/decision`, {
        token: admin.token,
        json: { decision },
      });
    const asked = await decide(owner.user._id, 'askToConfirm');
    expect(asked.status).toBe(200);
    expect(asked.body.decision).toBe('Asked by an admin to confirm whether an owner or a broker');
    expect(
      (
        await t.request<{ open: boolean }>('GET', '/api/lister-role/question', {
          token: owner.token,
        })
      ).body,
    ).toEqual({ open: true });
    expect((await decide(broker.user._id, 'askToConfirm')).status).toBe(409);
    const second = await t.registerUser('homeowner', { phone: '9000000050' });
    const homes = { description: 'Commission 15 days rent, family flat.' };
    await appendListingEvents(
      t.deps.eventStore,
      'sec-1',
      [listing('sec-1', second.user._id, 'homeowner', homes)],
      second.user._id,
    );
    await readSide.caughtUp();
    const before = await t.request<Queue>('GET', '/api/admin/brokers', { token: admin.token });
    expect(before.body.accounts.map((a) => a.accountId)).toContain(second.user._id);
    expect((await decide(second.user._id, 'looksLikeOwner')).body.decision).toBe(
      'An admin judged it an owner',
    );
    const queue = await t.request<Queue>('GET', '/api/admin/brokers', { token: admin.token });
    expect(queue.body.accounts.map((a) => a.accountId)).not.toContain(second.user._id);
  });
});

describe("the owner's answer", () => {
  it("'owner' records the confirmation and closes the question", async () => {
    const res = await t.request('POST', '/api/lister-role/answer', {
      token: owner.token,
      json: { answer: 'owner' },
    });
    expect(res.status).toBe(200);
    const q = await t.request<{ open: boolean }>('GET', '/api/lister-role/question', {
      token: owner.token,
    });
    expect(q.body.open).toBe(false);
  });

  it("'broker' makes the account and every listing of it a broker's, and it cannot go back", async () => {
    const res = await t.request<{ role: string }>('POST', '/api/lister-role/answer', {
      token: agent.token,
      json: { answer: 'broker' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.role).toBe('broker');
    const me = await t.request<{ user: { role: string } }>('GET', '/api/auth/me', {
      token: agent.token,
    });
    expect(me.body.user.role).toBe('broker');
    await readSide.caughtUp();
    const doc = await t.request<{ property: PropertyDocument }>('GET', '/api/properties/agt-0', {
      token: tenant.token,
    });
    expect(doc.body.property.owner.role).toBe('broker');
    const visitor = await t.request<{ property: { owner: { role: string } } }>(
      'GET',
      '/api/properties/agt-0',
    );
    expect(visitor.body.property.owner.role).toBe('broker');
    const owners = await searchInPostgres(t.db.sql, 'full', criteria({ ownersOnly: true }));
    expect(owners.ids.filter((id) => id.startsWith('agt-'))).toEqual([]);
    const card = await t.request<{ lister: { label: string } }>(
      'GET',
      `/api/listers/${agent.user._id}`,
      {
        token: tenant.token,
      },
    );
    expect(card.body.lister.label).toBe('Broker');

    const back = await t.request('POST', '/api/lister-role/answer', {
      token: agent.token,
      json: { answer: 'owner' },
    });
    expect(back.status).toBe(403);
  });
});
