import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import type { BookVisit, RescheduleVisit, SetVisitWindows, VisitCommand } from './commands.ts';
import type { VisitEvent } from './events.ts';
import { normaliseVisitReason } from './reason.ts';
import type { Visit, VisitSchedule, VisitScheduleState } from './state.ts';
import { assertValidWindows, isSlotStart, isWithinBookingRange } from './windows.ts';

export const visitMessages = {
  notOwner: 'Only the owner can set visiting times',
  noWindows: 'The owner has not set visiting times for this property',
  notYourConversation: 'Conversation not found',
  notAVisit: 'Visit not found',
  notASlot: 'Please choose one of the visiting times offered',
  outOfRange: 'Visits can be booked from an hour ahead up to two weeks ahead',
  taken: 'Someone has just booked this time. Please choose another.',
  alreadyBooked: 'You already have a visit booked for this property. Reschedule it instead.',
  notBooked: 'This visit has already been cancelled or closed',
  passed: 'This visit has already taken place',
  notYet: 'You can mark a no-show only after the visit time',
  onlyOwner: 'Only the owner can mark a no-show',
} as const;

const slot = (path: string, msg: string) => new ValidationError([{ path, msg }]);

const booked = (s: VisitSchedule) => Object.values(s.visits).filter((v) => v.status === 'booked');

/** A slot a visit may move to or be booked in: offered, in range, and not taken by another. */
const assertFree = (s: VisitSchedule, start: string, at: string, except?: string) => {
  if (!isSlotStart(s.windows, start)) throw slot('start', visitMessages.notASlot);
  if (!isWithinBookingRange(start, at)) throw slot('start', visitMessages.outOfRange);
  if (booked(s).some((v) => v.start === start && v.id !== except))
    throw new IllegalStateError(visitMessages.taken);
};

/** A visit the caller takes part in, with its schedule; anyone else is told it does not exist. */
const asParticipant = (state: VisitScheduleState, visitId: string, userId: string) => {
  const schedule = state.status === 'open' ? state.schedule : undefined;
  const visit = schedule?.visits[visitId];
  if (!schedule || !visit) throw new NotFoundError(visitMessages.notAVisit);
  if (userId !== visit.tenantId && userId !== visit.ownerId)
    throw new NotFoundError(visitMessages.notAVisit);
  return { schedule, visit };
};

/** A booked visit still to come: the only kind that may be moved or called off. */
const assertUpcoming = (visit: Visit, at: string) => {
  if (visit.status !== 'booked') throw new IllegalStateError(visitMessages.notBooked);
  if (Date.parse(visit.start) <= Date.parse(at)) throw new IllegalStateError(visitMessages.passed);
};

const setWindows = (command: SetVisitWindows): VisitEvent[] => {
  if (command.userId !== command.ownerId) throw new ForbiddenError(visitMessages.notOwner);
  assertValidWindows(command.windows);
  const { listingId, ownerId, windows, at } = command;
  return [{ type: 'VisitWindowsSet', data: { listingId, ownerId, at, windows } }];
};

const book = (command: BookVisit, state: VisitScheduleState): VisitEvent[] => {
  const c = command.conversation;
  if (c.tenantId !== command.userId || c.listingId !== command.listingId)
    throw new NotFoundError(visitMessages.notYourConversation);
  const earlier = state.status === 'open' ? state.schedule.visits[command.visitId] : undefined;
  // A retry of a booking that went through records nothing.
  if (earlier?.tenantId === command.userId && earlier.start === command.start) return [];
  if (state.status !== 'open' || state.schedule.windows.length === 0)
    throw new IllegalStateError(visitMessages.noWindows);
  const s = state.schedule;
  if (earlier) throw new NotFoundError(visitMessages.notAVisit);
  assertFree(s, command.start, command.at);
  if (
    booked(s).some(
      (v) => v.tenantId === command.userId && Date.parse(v.start) > Date.parse(command.at),
    )
  )
    throw new IllegalStateError(visitMessages.alreadyBooked);
  return [
    {
      type: 'VisitBooked',
      data: {
        listingId: s.listingId,
        visitId: command.visitId,
        at: command.at,
        conversationId: c.id,
        tenantId: c.tenantId,
        ownerId: s.ownerId,
        start: command.start,
      },
    },
  ];
};

const reschedule = (command: RescheduleVisit, state: VisitScheduleState): VisitEvent[] => {
  const { schedule, visit } = asParticipant(state, command.visitId, command.userId);
  if (visit.status === 'booked' && visit.start === command.start) return [];
  assertUpcoming(visit, command.at);
  const reason = normaliseVisitReason(command.reason);
  assertFree(schedule, command.start, command.at, visit.id);
  return [
    {
      type: 'VisitRescheduled',
      data: {
        listingId: schedule.listingId,
        visitId: visit.id,
        at: command.at,
        byUserId: command.userId,
        previousStart: visit.start,
        start: command.start,
        reason,
      },
    },
  ];
};

/**
 * Which events a command produces on the listing's visit schedule, or the 4xx
 * error that explains why it may not happen. Pure.
 */
export const decide = (command: VisitCommand, state: VisitScheduleState): VisitEvent[] => {
  switch (command.type) {
    case 'SetVisitWindows':
      return setWindows(command);
    case 'BookVisit':
      return book(command, state);
    case 'RescheduleVisit':
      return reschedule(command, state);
    case 'CancelVisit': {
      const { schedule, visit } = asParticipant(state, command.visitId, command.userId);
      if (visit.status === 'cancelled') return [];
      assertUpcoming(visit, command.at);
      const reason = normaliseVisitReason(command.reason);
      const { visitId, userId: byUserId, at } = command;
      const { listingId } = schedule;
      return [{ type: 'VisitCancelled', data: { listingId, visitId, at, byUserId, reason } }];
    }
    case 'MarkNoShow': {
      const { schedule, visit } = asParticipant(state, command.visitId, command.userId);
      if (visit.status === 'noShow') return [];
      if (command.userId !== visit.ownerId) throw new ForbiddenError(visitMessages.onlyOwner);
      if (visit.status !== 'booked') throw new IllegalStateError(visitMessages.notBooked);
      if (Date.parse(visit.start) > Date.parse(command.at))
        throw new IllegalStateError(visitMessages.notYet);
      const { listingId } = schedule;
      return [
        { type: 'VisitNoShowMarked', data: { listingId, visitId: visit.id, at: command.at } },
      ];
    }
  }
};
