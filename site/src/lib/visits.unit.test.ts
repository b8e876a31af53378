import { describe, expect, it } from 'vitest';
import { freeSlotsByDay, isUpcoming, visitWhen, type Slot, type Visit } from './visits.ts';

const slot = (start: string, free = true): Slot => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  free,
});

describe('visiting times on the site', () => {
  it('are grouped by their day in India time, taken ones left out', () => {
    const slots = [
      slot('2026-12-07T12:30:00.000Z'),
      slot('2026-12-07T13:00:00.000Z', false),
      slot('2026-12-07T18:30:00.000Z'), // midnight in India: the next day
    ];
    expect(freeSlotsByDay(slots, 'en')).toEqual([
      { day: 'Mon, 7 Dec', times: [{ start: '2026-12-07T12:30:00.000Z', time: '6:00 pm' }] },
      { day: 'Tue, 8 Dec', times: [{ start: '2026-12-07T18:30:00.000Z', time: '12:00 am' }] },
    ]);
  });

  it('say a visit’s time as people read it, in their language', () => {
    expect(visitWhen('2026-12-07T12:30:00.000Z', 'en')).toBe('Mon, 7 Dec, 6:00 pm');
    expect(visitWhen('2026-12-07T12:30:00.000Z', 'hi')).toMatch(/^सोम, 7 दिस॰, .*6:00$/);
  });

  it('count a booked visit as upcoming until it ends', () => {
    const visit = { status: 'booked', end: '2026-12-07T13:00:00.000Z' } as Visit;
    expect(isUpcoming(visit, Date.parse('2026-12-07T12:45:00.000Z'))).toBe(true);
    expect(isUpcoming(visit, Date.parse('2026-12-07T13:00:00.000Z'))).toBe(false);
    expect(isUpcoming({ ...visit, status: 'cancelled' }, 0)).toBe(false);
  });
});
