import { describe, expect, it } from 'vitest';
import { indiaMinuteOfDay, inQuietHours } from './quietHours.ts';

describe('quiet hours (22:00 to 07:00 India time)', () => {
  it('reads the minute of the day in India, UTC+5:30', () => {
    expect(indiaMinuteOfDay(new Date('2026-12-03T00:00:00Z'))).toBe(5 * 60 + 30);
    expect(indiaMinuteOfDay(new Date('2026-12-03T18:30:00Z'))).toBe(0);
  });

  it.each([
    ['2026-12-03T16:29:59Z', false], // 21:59:59 IST
    ['2026-12-03T16:30:00Z', true], // 22:00 IST
    ['2026-12-03T20:00:00Z', true], // 01:30 IST
    ['2026-12-04T01:29:00Z', true], // 06:59 IST
    ['2026-12-04T01:30:00Z', false], // 07:00 IST
    ['2026-12-04T06:30:00Z', false], // noon IST
  ])('at %s quiet is %s', (iso, quiet) => {
    expect(inQuietHours(new Date(iso))).toBe(quiet);
  });
});
