import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import {
  assertValidWindows,
  isSlotStart,
  isWithinBookingRange,
  slotEnd,
  slotStarts,
  visitWindowMessages,
  type VisitWindow,
} from './windows.ts';

const WEEKDAYS = [1, 2, 3, 4, 5];
const evenings: VisitWindow = { days: WEEKDAYS, from: '18:00', to: '20:00' };
const saturday: VisitWindow = { days: [6], from: '10:00', to: '13:00' };

const refusal = (windows: VisitWindow[]) => {
  try {
    assertValidWindows(windows);
  } catch (error) {
    return error instanceof ValidationError ? error.errors.map((e) => e.msg) : error;
  }
  return null;
};

describe('visiting hours', () => {
  it('cut into half-hour slots in India Standard Time (UTC+05:30)', () => {
    // Monday 7 December 2026, 18:00–20:00 IST = 12:30–14:30 UTC.
    expect(slotStarts([evenings], '2026-12-07T00:00:00.000Z', '2026-12-08T00:00:00.000Z')).toEqual([
      '2026-12-07T12:30:00.000Z',
      '2026-12-07T13:00:00.000Z',
      '2026-12-07T13:30:00.000Z',
      '2026-12-07T14:00:00.000Z',
    ]);
    expect(slotEnd('2026-12-07T14:00:00.000Z')).toBe('2026-12-07T14:30:00.000Z');
  });

  it('follow the IST calendar day, not the UTC one, across a week in time order', () => {
    // Saturday 12 December 10:00 IST is 04:30 UTC; Sunday has no window.
    const week = slotStarts(
      [saturday, evenings],
      '2026-12-07T00:00:00.000Z',
      '2026-12-14T00:00:00.000Z',
    );
    expect(week).toHaveLength(5 * 4 + 6);
    expect(week).toEqual([...week].sort());
    expect(week).toContain('2026-12-12T04:30:00.000Z');
    expect(week.filter((s) => s.startsWith('2026-12-13'))).toEqual([]);
    // An instant just after IST midnight (18:31 UTC the day before) starts the IST day.
    expect(slotStarts([saturday], '2026-12-11T18:31:00.000Z', '2026-12-12T05:00:00.000Z')).toEqual([
      '2026-12-12T04:30:00.000Z',
    ]);
  });

  it('recognise a slot start and nothing between slots or outside the windows', () => {
    expect(isSlotStart([evenings], '2026-12-07T13:00:00.000Z')).toBe(true);
    expect(isSlotStart([evenings], '2026-12-07T13:15:00.000Z')).toBe(false);
    expect(isSlotStart([evenings], '2026-12-07T14:30:00.000Z')).toBe(false); // 20:00, the end
    expect(isSlotStart([evenings], '2026-12-13T13:00:00.000Z')).toBe(false); // a Sunday
    expect(isSlotStart([evenings], 'not a time')).toBe(false);
  });

  it('are refused when a window is shorter than a slot or two overlap on a day', () => {
    expect(refusal([evenings, saturday])).toBeNull();
    expect(refusal([{ days: [1], from: '18:00', to: '18:00' }])).toEqual([
      visitWindowMessages.order,
    ]);
    expect(refusal([{ days: [1], from: '19:00', to: '18:00' }])).toEqual([
      visitWindowMessages.order,
    ]);
    expect(refusal([evenings, { days: [5, 6], from: '19:30', to: '21:00' }])).toEqual([
      visitWindowMessages.overlap,
    ]);
    expect(refusal([evenings, { days: [6], from: '19:30', to: '21:00' }])).toBeNull();
    expect(
      refusal(
        Array.from({ length: 8 }, (_, i) => ({ days: [i % 7], from: `0${i}:00`, to: `0${i}:30` })),
      ),
    ).toEqual([visitWindowMessages.tooMany]);
  });

  it('are bookable from an hour ahead to two weeks ahead', () => {
    const now = '2026-12-07T12:00:00.000Z';
    expect(isWithinBookingRange('2026-12-07T12:30:00.000Z', now)).toBe(false);
    expect(isWithinBookingRange('2026-12-07T13:00:00.000Z', now)).toBe(true);
    expect(isWithinBookingRange('2026-12-21T12:00:00.000Z', now)).toBe(true);
    expect(isWithinBookingRange('2026-12-21T12:30:00.000Z', now)).toBe(false);
  });
});
