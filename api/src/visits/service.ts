import type { AuthUser } from '../access/roles.ts';
import { createWriteLimit } from '../access/attemptLimit.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import type { AppDeps } from '../deps.ts';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import { messages as listingMessages } from '@rentals/core/listings/decide';
import { presenceOf } from '@rentals/core/listings/state';
import { ConcurrencyError, NotFoundError } from '@rentals/core/errors';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import type { VisitCommand } from '@rentals/core/visits/commands';
import { decide, visitMessages } from '@rentals/core/visits/decide';
import { VISIT_STREAM_TYPE, visitStreamId, type VisitEvent } from '@rentals/core/visits/events';
import { fold, type VisitScheduleState } from '@rentals/core/visits/state';
import {
  BOOKING_HORIZON_DAYS,
  MIN_BOOKING_NOTICE_MINUTES,
  slotEnd,
  slotStarts,
  type VisitWindow,
} from '@rentals/core/visits/windows';
import { conversationCommandHandler } from '../conversations/commandHandler.ts';
import { waitForStream } from '@rentals/projections/queries/readYourWrites';
import {
  VISITS_READ_MODEL,
  visitSeenBy,
  visitsOf,
  visitTimesOf,
} from '@rentals/projections/queries/visitQueries';

export type VisitServiceDeps = Pick<AppDeps, 'sql' | 'eventStore' | 'clock' | 'newId'>;

const MAX_ATTEMPTS = 10;

/** Read the listing's visit stream, decide, append at the version read; a lost race decides again. */
const runOn = async (
  eventStore: EventStore,
  listingId: string,
  decision: (state: VisitScheduleState) => VisitEvent[],
  userId: string,
  attemptsLeft = MAX_ATTEMPTS,
): Promise<VisitScheduleState> => {
  const streamId = visitStreamId(listingId);
  const { version, events } = await eventStore.readStream(streamId);
  const state = fold(events as unknown as VisitEvent[]);
  const decided = decision(state);
  if (decided.length === 0) return state;
  try {
    await eventStore.append(streamId, VISIT_STREAM_TYPE, version, decided, { userId });
  } catch (error) {
    // Two tenants on one slot: the loser decides again and is told the slot was just taken.
    if (error instanceof ConcurrencyError && attemptsLeft > 1)
      return runOn(eventStore, listingId, decision, userId, attemptsLeft - 1);
    throw error;
  }
  return fold(decided, state);
};

/** The visit ids are unique across listings; the read model says which listing's stream holds one. */
const listingOfVisit = async (deps: VisitServiceDeps, visitId: string, userId: string) => {
  const visit = await visitSeenBy(deps.sql, visitId, userId);
  if (!visit) throw new NotFoundError(visitMessages.notAVisit);
  return visit.listingId;
};

/** Visiting hours, booking, moving, cancelling and no-shows (core/src/visits). */
export const visitService = (deps: VisitServiceDeps) => {
  const listings = listingCommandHandler(deps.eventStore);
  const conversations = conversationCommandHandler(deps.eventStore);
  const limitWrite = createWriteLimit(deps.sql, WRITE_LIMITS.visit);
  const applied = (listingId: string) =>
    waitForStream(deps.sql, visitStreamId(listingId), undefined, VISITS_READ_MODEL);

  const ownerOf = async (listingId: string) => {
    const presence = presenceOf((await listings.load(listingId)).state);
    if (presence.status !== 'present') throw new NotFoundError(listingMessages.notFound);
    return presence.ownerId;
  };

  /** Runs a command on a listing's visits for `user`, counted against their write limit. */
  const run = async (
    user: AuthUser,
    address: string,
    listingId: string,
    command: (at: string) => VisitCommand,
  ) => {
    const now = deps.clock();
    await limitWrite(user.id, address, now);
    await runOn(deps.eventStore, listingId, (s) => decide(command(now.toISOString()), s), user.id);
    await applied(listingId);
  };

  const seen = async (visitId: string, userId: string) => {
    const visit = await visitSeenBy(deps.sql, visitId, userId);
    if (!visit) throw new NotFoundError(visitMessages.notAVisit);
    return { visit };
  };

  return {
    /** The listing's hours and every slot from an hour ahead to two weeks ahead, free or taken. */
    async times(listingId: string) {
      await ownerOf(listingId);
      const now = deps.clock();
      const { windows, taken } = await visitTimesOf(deps.sql, listingId, now);
      const from = new Date(now.getTime() + MIN_BOOKING_NOTICE_MINUTES * 60_000).toISOString();
      const to = new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000 + 1).toISOString();
      const slots = slotStarts(windows, from, to).map((start) => ({
        start,
        end: slotEnd(start),
        free: !taken.includes(start),
      }));
      return { listingId, windows, slots };
    },

    async setWindows(user: AuthUser, address: string, listingId: string, windows: VisitWindow[]) {
      const ownerId = await ownerOf(listingId);
      await run(user, address, listingId, (at) => ({
        type: 'SetVisitWindows',
        listingId,
        userId: user.id,
        ownerId,
        windows,
        at,
      }));
      return this.times(listingId);
    },

    async book(user: AuthUser, address: string, body: { conversationId: string; start: string }) {
      const { state } = await conversations.load(body.conversationId);
      if (state.status !== 'open') throw new NotFoundError(visitMessages.notYourConversation);
      const c = state.conversation;
      const visitId = deps.newId();
      await run(user, address, c.listingId, (at) => ({
        type: 'BookVisit',
        listingId: c.listingId,
        visitId,
        userId: user.id,
        conversation: {
          id: c.id,
          listingId: c.listingId,
          tenantId: c.tenantId,
          ownerId: c.ownerId,
        },
        start: new Date(body.start).toISOString(),
        at,
      }));
      return seen(visitId, user.id);
    },

    async reschedule(
      user: AuthUser,
      address: string,
      visitId: string,
      body: { start: string; reason: string },
    ) {
      const listingId = await listingOfVisit(deps, visitId, user.id);
      const start = new Date(body.start).toISOString();
      await run(user, address, listingId, (at) => ({
        type: 'RescheduleVisit',
        visitId,
        userId: user.id,
        start,
        reason: body.reason,
        at,
      }));
      return seen(visitId, user.id);
    },

    async cancel(user: AuthUser, address: string, visitId: string, reason: string) {
      const listingId = await listingOfVisit(deps, visitId, user.id);
      await run(user, address, listingId, (at) => ({
        type: 'CancelVisit',
        visitId,
        userId: user.id,
        reason,
        at,
      }));
      return seen(visitId, user.id);
    },

    async noShow(user: AuthUser, address: string, visitId: string) {
      const listingId = await listingOfVisit(deps, visitId, user.id);
      await run(user, address, listingId, (at) => ({
        type: 'MarkNoShow',
        visitId,
        userId: user.id,
        at,
      }));
      return seen(visitId, user.id);
    },

    list: async (user: AuthUser) => ({ visits: await visitsOf(deps.sql, user.id, deps.clock()) }),
    seen,
  };
};
