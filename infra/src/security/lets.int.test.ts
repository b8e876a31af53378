// Security checklist: lets (issue 44). Attacks: marking another owner's listing let (IDOR: 403,
// nothing recorded), naming a conversation about another listing to pin a let on its tenant,
// a tenant marking the home they talk about let, figures out of bounds (deposit, move-in a
// century away), reading someone else's let figures, and flooding the market data
// (hourly limit, counted before anything is decided).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WRITE_LIMITS } from '@rentals/api/access/writeLimits';
import { listingOf } from '@rentals/testing/conversations';
import { TEST_CLIENT_IP_HEADER, testAppWithUsers, type TestUser } from '@rentals/testing/testApp';

const s = testAppWithUsers(
  { owner: 'homeowner', tenant: 'tenant', mallory: 'tenant', otherOwner: 'homeowner' },
  { readModels: true },
);

let listingId = '';
let otherListing = '';
let conversationId = '';
let otherConversation = '';
const today = () => s.t.clock().toISOString().slice(0, 10);
const fair = () => ({ rent: 20000, deposit: 40000, moveIn: today() });

const converse = async (tenant: TestUser, about: string) => {
  const res = await s.t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
    token: tenant.token,
    json: { listingId: about, body: 'Is it still available?', messageId: randomUUID() },
  });
  return res.body.conversation.id;
};

const markLet = (user: TestUser, id: string, json: unknown, headers?: Record<string, string>) =>
  s.t.request('POST', `/api/properties/${id}/let`, { token: user.token, json, headers });

const letsRecorded = async (id: string) =>
  (await s.t.db.sql`SELECT 1 FROM listing_lets WHERE listing_id = ${id}`).length;

beforeAll(async () => {
  listingId = await listingOf(s.t, s.owner.user._id);
  otherListing = await listingOf(s.t, s.otherOwner.user._id);
  conversationId = await converse(s.tenant, listingId);
  otherConversation = await converse(s.mallory, otherListing);
});

describe('lets: someone else’s listing', () => {
  it('cannot be marked let by another owner, the tenant talking about it, or a visitor', async () => {
    const body = { to: { conversationId }, ...fair() };
    expect((await markLet(s.otherOwner, listingId, body)).status).toBe(403);
    expect((await markLet(s.tenant, listingId, body)).status).toBe(403);
    const anonymous = await s.t.request('POST', `/api/properties/${listingId}/let`, { json: body });
    expect(anonymous.status).toBe(401);
    expect(await letsRecorded(listingId)).toBe(0);
  });

  it('cannot be let to the tenant of a conversation about another listing', async () => {
    const res = await markLet(s.owner, listingId, {
      to: { conversationId: otherConversation },
      ...fair(),
    });
    expect(res.status).toBe(400);
    // A conversation id that does not exist is refused the same way (nothing learnt).
    const unknown = await markLet(s.owner, listingId, {
      to: { conversationId: randomUUID() },
      ...fair(),
    });
    expect(unknown.status).toBe(400);
    expect(await letsRecorded(listingId)).toBe(0);
  });
});

describe('lets: figures', () => {
  it('refuses out-of-bounds rent, deposit and move-in, and a malformed recipient', async () => {
    const to = { outside: true };
    for (const body of [
      { to, ...fair(), rent: 0 },
      { to, ...fair(), rent: 1e12 },
      { to, ...fair(), deposit: -1 },
      { to, ...fair(), deposit: 1e12 },
      { to, ...fair(), moveIn: '2126-01-01' },
      { to, ...fair(), moveIn: '1999-01-01' },
      { to, ...fair(), moveIn: '2026-02-30' },
      { to, ...fair(), moveIn: "2026-01-01'; DROP TABLE listing_lets; --" },
      { to: { outside: false }, ...fair() },
    ]) {
      const res = await markLet(s.owner, listingId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await letsRecorded(listingId)).toBe(0);
  });
});

describe('lets: reading', () => {
  it('takes the tenant from the conversation, whatever else is sent, and shows the figures to those two only', async () => {
    // A tenant id slipped in beside the conversation is not the API's to take (dropped, never recorded).
    const slipped = { conversationId, tenantId: s.mallory.user._id };
    const res = await markLet(s.owner, listingId, {
      to: slipped,
      ...fair(),
      tenantId: s.mallory.user._id,
    });
    expect(res.status).toBe(201);
    const [row] = await s.t.db
      .sql`SELECT tenant_id FROM listing_lets WHERE listing_id = ${listingId}`;
    expect(row?.tenant_id).toBe(s.tenant.user._id);
    for (const [user, count] of [
      [s.owner, 1],
      [s.tenant, 1],
      [s.mallory, 0],
      [s.otherOwner, 0],
    ] as const) {
      const mine = await s.t.request<{ lets: unknown[] }>('GET', '/api/lets/mine', {
        token: user.token,
      });
      expect(mine.body.lets).toHaveLength(count);
    }
    // The listing's document says it is let, never for how much.
    const seen = await s.t.request('GET', `/api/properties/${listingId}`, {
      token: s.mallory.token,
    });
    expect(JSON.stringify(seen.body)).not.toContain('40000');
  });
});

describe('lets: flooding', () => {
  it('is limited per account, with Retry-After', async () => {
    const flooder = await s.t.registerUser('homeowner');
    const own = await listingOf(s.t, flooder.user._id);
    const headers = { [TEST_CLIENT_IP_HEADER]: '203.0.113.78' };
    let last = 0;
    for (let i = 0; i <= WRITE_LIMITS.let.perSubject; i++) {
      const res = await markLet(flooder, own, { to: { outside: true }, ...fair() }, headers);
      last = res.status;
      // The first is recorded, the next are refused as already let: each counts.
      if (i < WRITE_LIMITS.let.perSubject) expect(res.status).toBe(i === 0 ? 201 : 409);
    }
    expect(last).toBe(429);
  });
});
