import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { VisitDocument } from '@rentals/core/contract/visit';
import { listingOf } from './conversations.ts';
import type { TestApp, TestUser } from './testApp.ts';

type Times = { windows: unknown[]; slots: { start: string; free: boolean }[] };
type One = { visit: VisitDocument };

/** Visiting hours over every day and hour: the slots are real ones whatever the time a test runs. */
export const ALL_DAY = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '23:30' }];

/**
 * The visit routes as a test calls them (api/src/visits), on the file's test app: `app` is read
 * at each call, since `testAppWithUsers` makes it in the file's hooks.
 */
export const visitCalls = (app: () => TestApp) => {
  const setHours = (owner: TestUser, listingId: string, windows: unknown = ALL_DAY) =>
    app().request<Times>('PUT', `/api/visit-times/${listingId}`, {
      token: owner.token,
      json: { windows },
    });
  const times = (user: TestUser, listingId: string) =>
    app().request<Times>('GET', `/api/visit-times/${listingId}`, { token: user.token });
  const freeSlots = async (user: TestUser, listingId: string) =>
    (await times(user, listingId)).body.slots.filter((slot) => slot.free).map((s) => s.start);
  const book = (tenant: TestUser, conversationId: string, start: string) =>
    app().request<One>('POST', '/api/visits', {
      token: tenant.token,
      json: { conversationId, start },
    });
  const act = (user: TestUser, visitId: string, action: string, json?: unknown) =>
    app().request<One>('POST', `/api/visits/${visitId}/${action}`, { token: user.token, json });
  /** A tenant's conversation about a listing: where a visit is booked from. */
  const converse = async (tenant: TestUser, listingId: string) => {
    const res = await app().request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        token: tenant.token,
        json: { listingId, body: 'Can I come and see it?', messageId: randomUUID() },
      },
    );
    expect(res.status).toBe(201);
    return res.body.conversation.id;
  };
  /** An owner with a listing and visiting hours, and a tenant in a conversation about it. */
  const parties = async () => {
    const owner = await app().registerUser('homeowner', { name: 'Asha Rao' });
    const tenant = await app().registerUser('tenant', { name: 'Ravi Kumar' });
    const listingId = await listingOf(app(), owner.user._id, 'Airy 1BHK in Koramangala');
    expect((await setHours(owner, listingId)).status).toBe(200);
    const conversationId = await converse(tenant, listingId);
    return { owner, tenant, listingId, conversationId };
  };
  return { setHours, times, freeSlots, book, act, converse, parties };
};
