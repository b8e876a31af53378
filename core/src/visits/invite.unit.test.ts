import { describe, expect, it } from 'vitest';
import { visitInviteIcs, type VisitInvite } from './invite.ts';

const invite: VisitInvite = {
  visitId: 'v-1',
  start: '2026-12-07T12:30:00.000Z',
  title: 'Visit: 2 BHK near Forum Mall',
  location: 'Koramangala, Bengaluru',
  url: 'https://rentals.example/messages?c=c-1',
  sequence: 0,
  stamp: '2026-12-03T10:00:00.000Z',
  cancelled: false,
};

/** The invite's properties as name → value, lines unfolded (RFC 5545 §3.1). */
const fieldsOf = (ics: string) =>
  Object.fromEntries(
    ics
      .replace(/\r\n[ \t]/g, '')
      .split(/\r\n/)
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );

describe('a visit’s calendar invite', () => {
  it('is a half-hour event at the visit’s time in UTC, with a stable id', () => {
    const ics = visitInviteIcs(invite);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VEVENT\r\nEND:VCALENDAR\r?\n?$/);
    expect(fieldsOf(ics)).toMatchObject({
      METHOD: 'REQUEST',
      UID: 'visit-v-1@rentals',
      DTSTART: '20261207T123000Z',
      DURATION: 'PT30M',
      DTSTAMP: '20261203T100000Z',
      SEQUENCE: '0',
      STATUS: 'CONFIRMED',
      SUMMARY: 'Visit: 2 BHK near Forum Mall',
      LOCATION: 'Koramangala\\, Bengaluru',
    });
  });

  it('cancels the same event when the visit is called off', () => {
    const f = fieldsOf(visitInviteIcs({ ...invite, cancelled: true, sequence: 2 }));
    expect(f).toMatchObject({
      METHOD: 'CANCEL',
      UID: 'visit-v-1@rentals',
      STATUS: 'CANCELLED',
      SEQUENCE: '2',
    });
  });
});
