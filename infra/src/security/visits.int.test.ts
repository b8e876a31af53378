// Security checklist: visits (issue 44). Attacks: reading or changing another pair's visit
// (IDOR: a visit is seen only by its tenant and owner, anyone else gets 404), booking from
// someone else's conversation, setting hours on another owner's listing, double-booking a slot
// by racing, oversized or malformed hours, and flooding the event log (rate limit).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WRITE_LIMITS } from '@rentals/api/access/writeLimits';
import { listingOf } from '@rentals/testing/conversations';
import { TEST_CLIENT_IP_HEADER, testAppWithUsers, type TestUser } from '@rentals/testing/testApp';

const s = testAppWithUsers(
  { owner: 'homeowner', tenant: 'tenant', mallory: 'tenant', otherOwner: 'homeowner' },
  { readModels: true },
);
const ALL_DAY = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '23:30' }];

let listingId = '';
let conversationId = '';
let visitId = '';
let slots: string[] = [];

const converse = async (tenant: TestUser) => {
  const res = await s.t.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
    token: tenant.token,
    json: { listingId, body: 'Can I see it this week?', messageId: randomUUID() },
  });
  return res.body.conversation.id;
};

beforeAll(async () => {
  listingId = await listingOf(s.t, s.owner.user._id);
  await s.t.request('PUT', `/api/visit-times/${listingId}`, {
    token: s.owner.token,
    json: { windows: ALL_DAY },
  });
  const times = await s.t.request<{ slots: { start: string }[] }>(
    'GET',
    `/api/visit-times/${listingId}`,
    { token: s.tenant.token },
  );
  slots = times.body.slots.map((slot) => slot.start);
  conversationId = await converse(s.tenant);
  const booked = await s.t.request<{ visit: { visitId: string } }>('POST', '/api/visits', {
    token: s.tenant.token,
    json: { conversationId, start: slots[0] },
  });
  visitId = booked.body.visit.visitId;
});

describe('visits: another pair’s visit', () => {
  it('is not found by anyone but its tenant and owner, whatever they try', async () => {
    for (const [method, path, json] of [
      ['GET', `/api/visits/${visitId}`],
      ['GET', `/api/visits/${visitId}/invite.ics`],
      ['POST', `/api/visits/${visitId}/reschedule`, { start: slots[5], reason: 'mine now' }],
      ['POST', `/api/visits/${visitId}/cancel`, { reason: 'gone' }],
      ['POST', `/api/visits/${visitId}/no-show`],
    ] as const) {
      const res = await s.t.request(method, path, {
        token: s.mallory.token,
        json,
        headers: { 'x-user-id': s.tenant.user._id },
      });
      expect(res.status, path).toBe(404);
    }
    const list = await s.t.request('GET', `/api/visits?userId=${s.tenant.user._id}`, {
      token: s.mallory.token,
    });
    expect(JSON.stringify(list.body)).not.toContain(visitId);
  });

  it('cannot be booked from a conversation that is not the caller’s', async () => {
    const res = await s.t.request('POST', '/api/visits', {
      token: s.mallory.token,
      json: { conversationId, start: slots[3] },
    });
    expect(res.status).toBe(404);
  });

  it('is not there for visitors or bad tokens', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await s.t.request('GET', `/api/visits/${visitId}`, { token });
      expect(res.status).toBe(401);
    }
  });
});

describe('visits: visiting hours', () => {
  it('cannot be set on another owner’s listing, or by a tenant', async () => {
    for (const user of [s.otherOwner, s.tenant]) {
      const res = await s.t.request('PUT', `/api/visit-times/${listingId}`, {
        token: user.token,
        json: { windows: [] },
      });
      expect(res.status).toBe(403);
    }
  });

  it('refuse oversized, malformed and unknown input', async () => {
    const bad = [
      { windows: Array.from({ length: 50 }, () => ALL_DAY[0]) },
      { windows: [{ days: [7], from: '10:00', to: '11:00' }] },
      { windows: [{ days: [1, 1], from: '10:00', to: '11:00' }] },
      { windows: [{ days: [1], from: '10:15', to: '11:00' }] },
      { windows: [{ days: Array.from({ length: 10_000 }, () => 1), from: '10:00', to: '11:00' }] },
      { windows: 'every day' },
    ];
    for (const json of bad) {
      const res = await s.t.request('PUT', `/api/visit-times/${listingId}`, {
        token: s.owner.token,
        json,
      });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    // A field no schema names is dropped before anything is decided, never stored.
    const extra = await s.t.request<{ windows: unknown[] }>(
      'PUT',
      `/api/visit-times/${listingId}`,
      {
        token: s.owner.token,
        json: { windows: [{ ...ALL_DAY[0], note: '<script>' }], ownerId: s.mallory.user._id },
      },
    );
    expect(extra.status).toBe(200);
    expect(extra.body.windows).toEqual(ALL_DAY);
  });
});

describe('visits: one slot, one visit', () => {
  it('holds when many tenants race for the same slot', async () => {
    const racers = await Promise.all(Array.from({ length: 5 }, () => s.t.registerUser('tenant')));
    const conversations = await Promise.all(racers.map(converse));
    const answers = await Promise.all(
      racers.map((racer, i) =>
        s.t.request('POST', '/api/visits', {
          token: racer.token,
          json: { conversationId: conversations[i], start: slots[10] },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
  });
});

describe('visits: flooding', () => {
  it('is limited per account, with Retry-After', async () => {
    const flooder = await s.t.registerUser('homeowner');
    const own = await listingOf(s.t, flooder.user._id);
    const headers = { [TEST_CLIENT_IP_HEADER]: '203.0.113.77' };
    let last = 0;
    for (let i = 0; i <= WRITE_LIMITS.visit.perSubject; i++) {
      const res = await s.t.request('PUT', `/api/visit-times/${own}`, {
        token: flooder.token,
        headers,
        json: { windows: [] },
      });
      last = res.status;
      if (i < WRITE_LIMITS.visit.perSubject) expect(res.status).toBe(200);
    }
    expect(last).toBe(429);
  });
});
