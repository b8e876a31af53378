/**
 * Quiet hours, when a user has them on (the default): no push from 22:00 to
 * 07:00 in India's time (UTC+5:30 all year, no daylight saving). Fixed hours
 * rather than a chosen range: one switch a person understands on a phone.
 */
export const QUIET_FROM_MINUTE = 22 * 60;
export const QUIET_UNTIL_MINUTE = 7 * 60;
const IST_OFFSET_MINUTES = 5 * 60 + 30;

/** The minute of the day in India at `at` (0 to 1439). */
export const indiaMinuteOfDay = (at: Date): number =>
  Math.floor((at.getTime() / 60_000 + IST_OFFSET_MINUTES) % 1440);

export const inQuietHours = (at: Date): boolean => {
  const minute = indiaMinuteOfDay(at);
  return minute >= QUIET_FROM_MINUTE || minute < QUIET_UNTIL_MINUTE;
};
