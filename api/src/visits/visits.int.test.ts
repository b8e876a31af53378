import { describe, expect, it } from 'vitest';
import type { VisitDocument } from '@rentals/core/contract/visit';
import { visitMessages } from '@rentals/core/visits/decide';
import { testAppWithUsers } from '@rentals/testing/testApp';
import { ALL_DAY, visitCalls } from '@rentals/testing/visits';

/**
 * Visits through the API that decides them and the read model that lists
 * them. Visiting hours cover every day and hour, so the slots are real ones
 * whatever the time.
 */
const s = testAppWithUsers({}, { readModels: true });
const { setHours, times, freeSlots, book, act, converse, parties } = visitCalls(() => s.t);

describe('visiting hours', () => {
  it('are set by the listing’s owner and offer half-hour slots from an hour to two weeks ahead', async () => {
    const { owner, tenant, listingId } = await parties();
    const slots = (await times(tenant, listingId)).body.slots;
    expect(slots.length).toBeGreaterThan(14 * 40);
    const first = Date.parse(slots[0]!.start);
    expect(first).toBeGreaterThanOrEqual(s.t.clock().getTime() + 60 * 60_000);
    const other = await s.t.registerUser('homeowner');
    expect((await setHours(other, listingId)).status).toBe(403);
    const overlap = [...ALL_DAY, { days: [1], from: '10:00', to: '11:00' }];
    expect((await setHours(owner, listingId, overlap)).status).toBe(400);
    expect((await setHours(owner, listingId, [])).body.slots).toEqual([]);
  });
});

describe('booking a visit', () => {
  it('books a free slot from the tenant’s conversation; both sides see it; the slot is then taken', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    const [slot] = await freeSlots(tenant, listingId);
    const res = await book(tenant, conversationId, slot!);
    expect(res.status).toBe(201);
    expect(res.body.visit).toMatchObject({
      listingId,
      conversationId,
      start: slot,
      status: 'booked',
      role: 'tenant',
      withName: 'Asha Rao',
      listingTitle: 'Airy 1BHK in Koramangala',
    });
    const ownerSees = await s.t.request<{ visits: VisitDocument[] }>('GET', '/api/visits', {
      token: owner.token,
    });
    expect(ownerSees.body.visits).toContainEqual(
      expect.objectContaining({
        visitId: res.body.visit.visitId,
        role: 'owner',
        withName: 'Ravi Kumar',
      }),
    );
    expect(await freeSlots(tenant, listingId)).not.toContain(slot);

    const rival = await s.t.registerUser('tenant');
    const taken = await book(rival, await converse(rival, listingId), slot!);
    expect(taken.status).toBe(409);
    expect((taken.body as unknown as { message: string }).message).toBe(visitMessages.taken);
  });

  it('gives a slot to one of two tenants booking it at the same moment, never to both', async () => {
    const { tenant, listingId, conversationId } = await parties();
    const rival = await s.t.registerUser('tenant');
    const rivalConversation = await converse(rival, listingId);
    const [slot] = await freeSlots(tenant, listingId);
    const answers = await Promise.all([
      book(tenant, conversationId, slot!),
      book(rival, rivalConversation, slot!),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const [row] = await s.t.db.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM visits WHERE listing_id = ${listingId} AND start_at = ${slot!}`;
    expect(row?.count).toBe(1);
  });

  it('refuses a conversation that is not the caller’s, and a time that is not a slot', async () => {
    const { tenant, listingId, conversationId } = await parties();
    const stranger = await s.t.registerUser('tenant');
    const [slot] = await freeSlots(tenant, listingId);
    expect((await book(stranger, conversationId, slot!)).status).toBe(404);
    const offSlot = new Date(Date.parse(slot!) + 10 * 60_000).toISOString();
    expect((await book(tenant, conversationId, offSlot)).status).toBe(400);
  });
});

describe('changing a visit', () => {
  it('moves, cancels and tells a stranger there is no such visit', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    const [first, , later] = await freeSlots(tenant, listingId);
    const { visitId } = (await book(tenant, conversationId, first!)).body.visit;
    const moved = await act(owner, visitId, 'reschedule', {
      start: later,
      reason: 'A meeting ran late',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.visit).toMatchObject({
      start: later,
      changedBy: 'you',
      reason: 'A meeting ran late',
    });
    const seenByTenant = await s.t.request<{ visit: VisitDocument }>(
      'GET',
      `/api/visits/${visitId}`,
      {
        token: tenant.token,
      },
    );
    expect(seenByTenant.body.visit).toMatchObject({ start: later, changedBy: 'them' });
    expect(await freeSlots(tenant, listingId)).toContain(first);

    const stranger = await s.t.registerUser('tenant');
    expect((await act(stranger, visitId, 'cancel', { reason: 'x' })).status).toBe(404);
    expect((await act(tenant, visitId, 'cancel', { reason: '  ' })).status).toBe(400);
    const cancelled = await act(tenant, visitId, 'cancel', { reason: 'Found a place' });
    expect(cancelled.body.visit).toMatchObject({ status: 'cancelled', reason: 'Found a place' });
    expect(await freeSlots(tenant, listingId)).toContain(later);
  });

  it('lets the owner mark a no-show only once the visit time has passed', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    const [slot] = await freeSlots(tenant, listingId);
    const { visitId } = (await book(tenant, conversationId, slot!)).body.visit;
    expect((await act(owner, visitId, 'no-show')).status).toBe(409);
    s.t.clock.advance(Date.parse(slot!) - s.t.clock().getTime() + 60_000);
    expect((await act(tenant, visitId, 'no-show')).status).toBe(403);
    const marked = await act(owner, visitId, 'no-show');
    expect(marked.body.visit.status).toBe('noShow');
  });

  it('gives each side the visit as a calendar invite', async () => {
    const { tenant, listingId, conversationId } = await parties();
    const [slot] = await freeSlots(tenant, listingId);
    const { visitId } = (await book(tenant, conversationId, slot!)).body.visit;
    const res = await s.t.request<string>('GET', `/api/visits/${visitId}/invite.ics`, {
      token: tenant.token,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const stamp = slot!.replace(/[-:]|\.\d+/g, '');
    expect(res.body).toContain(`DTSTART:${stamp}`);
    expect(res.body).toContain('SUMMARY:Visit: Airy 1BHK in Koramangala');
  });
});

describe('the bell', () => {
  type Bell = {
    unread: number;
    items: { kind: string; link: string; title: string | null; visitAt: string | null }[];
  };
  const bell = async (user: { token: string }) =>
    (await s.t.request<Bell>('GET', '/api/notifications', { token: user.token })).body;
  const visitItems = async (user: { token: string }) =>
    (await bell(user)).items.filter((item) => item.kind.startsWith('visit-'));

  it('tells each side of what the other did, leading to the conversation', async () => {
    const { owner, tenant, listingId, conversationId } = await parties();
    const [first, , later] = await freeSlots(tenant, listingId);
    const { visitId } = (await book(tenant, conversationId, first!)).body.visit;
    // The tenant booked: the owner hears of it, the tenant (who did it) does not.
    expect(await visitItems(owner)).toEqual([
      expect.objectContaining({
        kind: 'visit-booked',
        title: 'Airy 1BHK in Koramangala',
        visitAt: first,
        link: `/messages?c=${conversationId}`,
      }),
    ]);
    expect(await visitItems(tenant)).toEqual([]);
    expect((await bell(owner)).unread).toBeGreaterThanOrEqual(1);

    await act(owner, visitId, 'reschedule', { start: later, reason: 'A meeting ran late' });
    expect(await visitItems(tenant)).toEqual([
      expect.objectContaining({ kind: 'visit-moved', visitAt: later }),
    ]);
    await act(tenant, visitId, 'cancel', { reason: 'Found a place' });
    // The visit's latest change only: a new change is a new unread notice.
    expect((await visitItems(owner)).map((item) => item.kind)).toEqual(['visit-cancelled']);
  });
});
