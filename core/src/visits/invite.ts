/**
 * A visit as a calendar invite (RFC 5545, by the `ics` library): the same
 * UID for every version of one visit, so a calendar moves the event when the
 * visit is rescheduled and removes it when it is cancelled (METHOD:CANCEL).
 * It carries the listing's title and locality, never an address, phone or
 * email: those stay in the conversation, where the owner chose to share them.
 */
import { createEvent, type EventAttributes } from 'ics';
import { VISIT_SLOT_MINUTES } from './windows.ts';

export type VisitInvite = {
  visitId: string;
  start: string;
  /** 'Visit: 2 BHK in Koramangala' in the reader's language. */
  title: string;
  /** 'Koramangala, Bengaluru'. */
  location: string;
  /** Where to see and change the visit (the conversation). */
  url: string;
  /** Counts the versions: booking 0, each reschedule or cancellation one more. */
  sequence: number;
  /** When this version was decided (DTSTAMP). */
  stamp: string;
  cancelled: boolean;
};

/** The invite's .ics text; throws if the library refuses the values (never expected). */
export const visitInviteIcs = (invite: VisitInvite): string => {
  // `timestamp` (DTSTAMP) is read by ics's formatter but missing from its types: without it the
  // stamp is the moment of writing, and the same version of a visit would differ between sends.
  const stamp = { timestamp: Date.parse(invite.stamp) } as Partial<EventAttributes>;
  const { error, value } = createEvent({
    ...stamp,
    uid: `visit-${invite.visitId}@rentals`,
    start: Date.parse(invite.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: VISIT_SLOT_MINUTES },
    title: invite.title,
    location: invite.location,
    url: invite.url,
    sequence: invite.sequence,
    method: invite.cancelled ? 'CANCEL' : 'REQUEST',
    status: invite.cancelled ? 'CANCELLED' : 'CONFIRMED',
    productId: 'rentals/visits',
  });
  if (error || !value) throw error ?? new Error('the visit invite could not be written');
  return value;
};
