// Security checklist: owner or broker (issue 41). Attacks: a homeowner who said they are a broker
// relabelling their listings 'Owner' again (the answer route, the profile, a listing edit or a new
// listing carrying `owner`); anyone but an admin reading the broker signals or deciding on them; the
// trust card leaking contact details; malformed ids. The authorisation matrix covers every role on
// every route; these check what such a caller cannot change.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { accountStreamId } from '@rentals/core/accounts/events';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { testAppWithUsers } from '@rentals/testing/testApp';

const s = testAppWithUsers({
  owner: 'homeowner',
  other: 'homeowner',
  broker: 'broker',
  tenant: 'tenant',
  admin: 'admin',
});

const roleOf = async (listingId: string) =>
  (
    await s.t.request<{ property: PropertyDocument }>('GET', `/api/properties/${listingId}`, {
      token: s.tenant.token,
    })
  ).body.property.owner.role;
const accountEvents = async (id: string) =>
  (await s.t.deps.eventStore.readStream(accountStreamId(id))).events.map((e) => e.type);

beforeAll(async () => {
  for (const [id, user] of [
    ['sec-lr-1', s.owner],
    ['sec-lr-2', s.other],
  ] as const)
    await appendListingEvents(
      s.t.deps.eventStore,
      id,
      [listingCreated(id, { ownerId: user.user._id })],
      user.user._id,
    );
  const answer = await s.t.request('POST', '/api/lister-role/answer', {
    token: s.owner.token,
    json: { answer: 'broker' },
  });
  expect(answer.status).toBe(200);
  await catchUpReadModels(s.t.db.sql);
});

describe("a homeowner who said 'broker' cannot be listed as an owner again", () => {
  it("answering 'owner' now is refused, and nothing is recorded", async () => {
    const before = await accountEvents(s.owner.user._id);
    const res = await s.t.request<{ message: string }>('POST', '/api/lister-role/answer', {
      token: s.owner.token,
      json: { answer: 'owner' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Your account lists as a broker. Write to our team to change that.',
    );
    expect(await accountEvents(s.owner.user._id)).toEqual(before);
    expect(await roleOf('sec-lr-1')).toBe('broker');
  });

  it('the profile takes no role', async () => {
    const res = await s.t.request('PUT', '/api/auth/profile', {
      token: s.owner.token,
      json: { name: 'Still Me', role: 'homeowner' },
    });
    expect([200, 400]).toContain(res.status);
    const me = await s.t.request<{ user: { role: string } }>('GET', '/api/auth/me', {
      token: s.owner.token,
    });
    expect(me.body.user.role).toBe('broker');
  });

  it('an edit carrying owner.role changes no label', async () => {
    const res = await s.t.request('PUT', '/api/properties/sec-lr-1', {
      token: s.owner.token,
      json: { title: 'Renamed flat near the metro', owner: { name: 'X', role: 'homeowner' } },
    });
    expect([200, 400]).toContain(res.status);
    await catchUpReadModels(s.t.db.sql);
    expect(await roleOf('sec-lr-1')).toBe('broker');
  });

  it('a new listing is a broker’s, whatever the body says', async () => {
    const form = new FormData();
    const fields: Record<string, string> = {
      title: 'Second flat near the metro',
      description: 'Bright flat with a balcony, close to the metro station and markets.',
      propertyType: 'flat',
      rent: '20000',
      rentType: 'monthly',
      'location[city]': 'Pune',
      'location[area]': 'Baner',
      'location[address]': '3 Baner Road',
      'location[pinCode]': '411045',
      'owner[role]': 'homeowner',
      propertyDetails: JSON.stringify({
        bedrooms: 1,
        bathrooms: 1,
        area: 500,
        floor: 1,
        totalFloors: 3,
      }),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await s.t.request<{ property: PropertyDocument }>('POST', '/api/properties', {
      token: s.owner.token,
      form,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.property.owner.role).toBe('broker');
  });
});

describe('the broker signals: admins only', () => {
  it.each(['owner', 'other', 'broker', 'tenant'] as const)(
    'a %s cannot read them or decide on them, and nothing is recorded',
    async (who) => {
      const user = s[who];
      const before = await accountEvents(s.other.user._id);
      expect((await s.t.request('GET', '/api/admin/brokers', { token: user.token })).status).toBe(
        403,
      );
      const res = await s.t.request('POST', `/api/admin/brokers/${s.other.user._id}/decision`, {
        token: user.token,
        json: { decision: 'looksLikeOwner' },
      });
      expect(res.status).toBe(403);
      expect(await accountEvents(s.other.user._id)).toEqual(before);
    },
  );

  it('an id that is no id is 404, before anything is read', async () => {
    const res = await s.t.request('POST', "/api/admin/brokers/x'%20OR%201=1--/decision", {
      token: s.admin.token,
      json: { decision: 'askToConfirm' },
    });
    expect(res.status).toBe(404);
  });
});

describe('the trust card', () => {
  it("carries no phone or email of the lister's", async () => {
    const res = await s.t.request('GET', `/api/listers/${s.other.user._id}`, {
      token: s.tenant.token,
    });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(s.other.email);
    expect(text).not.toMatch(/phone|email/i);
  });
});
