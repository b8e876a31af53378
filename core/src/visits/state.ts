import type { VisitEvent } from './events.ts';
import type { VisitWindow } from './windows.ts';

export type VisitStatus = 'booked' | 'cancelled' | 'noShow';

export type Visit = {
  id: string;
  conversationId: string;
  tenantId: string;
  ownerId: string;
  start: string;
  status: VisitStatus;
};

/** One listing's visiting hours and visits (events.ts). Absent until the owner first sets hours. */
export type VisitSchedule = {
  listingId: string;
  ownerId: string;
  windows: VisitWindow[];
  visits: Record<string, Visit>;
};

export type VisitScheduleState = { status: 'absent' } | { status: 'open'; schedule: VisitSchedule };

export const initialState: VisitScheduleState = { status: 'absent' };

const changeVisit = (
  state: VisitScheduleState,
  visitId: string,
  change: Partial<Visit>,
): VisitScheduleState => {
  if (state.status !== 'open') return state;
  const visit = state.schedule.visits[visitId];
  if (!visit) return state;
  const visits = { ...state.schedule.visits, [visitId]: { ...visit, ...change } };
  return { status: 'open', schedule: { ...state.schedule, visits } };
};

/** Folds one event into the state. Pure. */
export const evolve = (state: VisitScheduleState, event: VisitEvent): VisitScheduleState => {
  switch (event.type) {
    case 'VisitWindowsSet': {
      const { listingId, ownerId, windows } = event.data;
      const visits = state.status === 'open' ? state.schedule.visits : {};
      return { status: 'open', schedule: { listingId, ownerId, windows, visits } };
    }
    case 'VisitBooked': {
      if (state.status !== 'open') return state;
      const d = event.data;
      const visit: Visit = {
        id: d.visitId,
        conversationId: d.conversationId,
        tenantId: d.tenantId,
        ownerId: d.ownerId,
        start: d.start,
        status: 'booked',
      };
      return {
        status: 'open',
        schedule: { ...state.schedule, visits: { ...state.schedule.visits, [d.visitId]: visit } },
      };
    }
    case 'VisitRescheduled':
      return changeVisit(state, event.data.visitId, { start: event.data.start });
    case 'VisitCancelled':
      return changeVisit(state, event.data.visitId, { status: 'cancelled' });
    case 'VisitNoShowMarked':
      return changeVisit(state, event.data.visitId, { status: 'noShow' });
  }
};

export const fold = (
  events: readonly VisitEvent[],
  from: VisitScheduleState = initialState,
): VisitScheduleState => events.reduce(evolve, from);
