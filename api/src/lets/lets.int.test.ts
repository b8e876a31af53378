import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LetDocument } from '@rentals/core/contract/let';
import { letMessages } from '@rentals/core/listings/let';
import { listingOf } from '@rentals/testing/conversations';
import { testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import { visitCalls } from '@rentals/testing/visits';
import { letApiMessages } from './service.ts';

/**
 * The let recorded (issue 44) through the API that decides it and the read
 * models that show it: the row in listing_lets, the listing 'Let' and out of
 * search, the favourites' available tab, and both sides' lists.
 */
const s = testAppWithUsers({}, { readModels: true });
const { converse } = visitCalls(() => s.t);

type One = { let: LetDocument };
const today = () => s.t.clock().toISOString().slice(0, 10);

const markLet = (owner: TestUser, listingId: string, json: unknown) =>
  s.t.request<One>('POST', `/api/properties/${listingId}/let`, { token: owner.token, json });

const parties = async () => {
  const owner = await s.t.registerUser('homeowner', { name: 'Asha Rao' });
  const tenant = await s.t.registerUser('tenant', { name: 'Ravi Kumar' });
  const listingId = await listingOf(s.t, owner.user._id, 'Airy 1BHK in Koramangala');
  const conversationId = await converse(tenant, listingId);
  return { owner, tenant, listingId, conversationId };
};

const property = async (user: TestUser, listingId: string) =>
  s.t.request<{ property: { isAvailable: boolean; let?: { at: string } } }>(
    'GET',
    `/api/properties/${listingId}`,
    { token: user.token },
  );

/** Whether a search of its title finds the listing. */
const found = async (user: TestUser, listingId: string) => {
  const search = await s.t.request<{ properties: { _id: string }[] }>(
    'GET',
    '/api/properties?search=Airy&limit=50',
    { token: user.token },
  );
  expect(search.status).toBe(200);
  return search.body.properties.some((p) => p._id === listingId);
};

describe('marking a home let', () => {
  it('to the tenant of a conversation: delisted, Let, a row of listing_lets, both sides see it', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    await s.readModels.caughtUp();
    expect(await found(tenant, listingId)).toBe(true);
    const heart = await s.t.request('PUT', `/api/favourites/${listingId}`, { token: tenant.token });
    expect(heart.status).toBeLessThan(300);
    const res = await markLet(owner, listingId, {
      to: { conversationId },
      rent: 24000,
      deposit: 100000,
      moveIn: today(),
    });
    expect(res.status).toBe(201);
    expect(res.body.let).toMatchObject({
      listingId,
      role: 'owner',
      tenant: { id: tenant.user._id, name: 'Ravi Kumar' },
      conversationId,
      rent: 24000,
      deposit: 100000,
      moveIn: today(),
      current: true,
    });
    const [row] = await s.t.db.sql`
      SELECT owner_id, tenant_id, rent, city_key, area_key, property_type FROM listing_lets
      WHERE listing_id = ${listingId}`;
    expect(row).toMatchObject({
      owner_id: owner.user._id,
      tenant_id: tenant.user._id,
      rent: 24000,
      city_key: 'bengaluru',
      area_key: 'koramangala',
    });
    const seen = await property(tenant, listingId);
    expect(seen.body.property).toMatchObject({
      isAvailable: false,
      let: { at: res.body.let.letAt },
    });
    const mine = await s.t.request<{ lets: LetDocument[] }>('GET', '/api/lets/mine', {
      token: tenant.token,
    });
    expect(mine.body.lets).toEqual([{ ...res.body.let, role: 'tenant' }]);
    await s.readModels.caughtUp();
    const favourites = await s.t.request<{ counts: { available: number; unavailable: number } }>(
      'GET',
      '/api/favourites?filter=available',
      { token: tenant.token },
    );
    expect(favourites.body.counts).toEqual({ available: 0, unavailable: 1 });
    expect(await found(tenant, listingId)).toBe(false);
  });

  it('refuses a second let before a relist; after the relist the page no longer says Let', async () => {
    const { owner, listingId } = await parties();
    const body = { to: { outside: true }, rent: 24000, deposit: 0, moveIn: today() };
    expect((await markLet(owner, listingId, body)).status).toBe(201);
    const again = await markLet(owner, listingId, body);
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe(letMessages.alreadyLet);
    const relist = await s.t.request('PATCH', `/api/properties/${listingId}/toggle-availability`, {
      token: owner.token,
    });
    expect(relist.status).toBe(200);
    const seen = await property(owner, listingId);
    expect(seen.body.property.isAvailable).toBe(true);
    expect(seen.body.property.let).toBeUndefined();
    const mine = await s.t.request<{ lets: LetDocument[] }>('GET', '/api/lets/mine', {
      token: owner.token,
    });
    expect(mine.body.lets.map((l) => [l.listingId, l.tenant, l.current])).toEqual([
      [listingId, null, false],
    ]);
  });

  it('refuses a conversation about another home, others’ listings, tenants and bad figures', async () => {
    const { owner, tenant, listingId } = await parties();
    const elsewhere = await listingOf(s.t, owner.user._id, 'Another flat');
    const otherConversation = await converse(tenant, elsewhere);
    const wrong = await markLet(owner, listingId, {
      to: { conversationId: otherConversation },
      rent: 24000,
      deposit: 0,
      moveIn: today(),
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(letApiMessages.notThisListing);
    const stranger = await s.t.registerUser('homeowner');
    const ok = { to: { outside: true }, rent: 24000, deposit: 0, moveIn: today() };
    expect((await markLet(stranger, listingId, ok)).status).toBe(403);
    expect((await markLet(tenant, listingId, ok)).status).toBe(403);
    expect((await markLet(owner, randomUUID(), ok)).status).toBe(404);
    const far = await markLet(owner, listingId, { ...ok, moveIn: '2099-01-01' });
    expect(far.status).toBe(400);
    expect((await markLet(owner, listingId, { ...ok, deposit: -5 })).status).toBe(400);
    expect((await markLet(owner, listingId, { ...ok, to: {} })).status).toBe(400);
    // Nothing recorded by any of them.
    expect(await s.t.db.sql`SELECT 1 FROM listing_lets WHERE listing_id = ${listingId}`).toEqual(
      [],
    );
  });
});
