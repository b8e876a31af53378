/**
 * An owner's visiting hours for one listing (issue 44): weekly windows in
 * India Standard Time, e.g. weekdays 18:00–20:00 and Saturday 10:00–13:00,
 * cut into half-hour slots a tenant may book. IST has no daylight saving, so
 * a local time is always UTC+05:30 and slots are plain arithmetic.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ValidationError } from '../errors.ts';

export const VISIT_SLOT_MINUTES = 30;
export const MAX_VISIT_WINDOWS = 7;
/** A tenant books at least this long ahead (the owner needs time to see it)… */
export const MIN_BOOKING_NOTICE_MINUTES = 60;
/** …and at most this many days ahead (plans further out change). */
export const BOOKING_HORIZON_DAYS = 14;
const IST_OFFSET_MINUTES = 330;
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** 0 = Sunday … 6 = Saturday, as JavaScript's getUTCDay. */
export const WeekdaySchema = Type.Integer({ minimum: 0, maximum: 6 });
/** A half-hour on the clock: 00:00 … 23:30. */
export const ClockTimeSchema = Type.String({ pattern: '^([01][0-9]|2[0-3]):[03]0$', maxLength: 5 });

export const VisitWindowSchema = Type.Object(
  {
    days: Type.Array(WeekdaySchema, { minItems: 1, maxItems: 7, uniqueItems: true }),
    from: ClockTimeSchema,
    to: ClockTimeSchema,
  },
  { additionalProperties: false },
);
export type VisitWindow = Static<typeof VisitWindowSchema>;

export const VisitWindowsSchema = Type.Array(VisitWindowSchema, { maxItems: MAX_VISIT_WINDOWS });

export const visitWindowMessages = {
  tooMany: `At most ${MAX_VISIT_WINDOWS} visiting times`,
  order: 'Each visiting time must end after it starts, at least half an hour later',
  overlap: 'Two visiting times overlap on the same day',
} as const;

/** Minutes since midnight of a clock time ('18:30' → 1110). */
export const minutesOf = (clock: string): number => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The rules the schema cannot say: each window at least one slot long, and no
 * two windows sharing a day and a time (one slot must mean one time).
 * Throws a ValidationError on `windows`.
 */
export const assertValidWindows = (windows: VisitWindow[]): void => {
  const fail = (msg: string) => {
    throw new ValidationError([{ path: 'windows', msg }]);
  };
  if (windows.length > MAX_VISIT_WINDOWS) fail(visitWindowMessages.tooMany);
  for (const w of windows)
    if (minutesOf(w.to) - minutesOf(w.from) < VISIT_SLOT_MINUTES) fail(visitWindowMessages.order);
  for (const [i, a] of windows.entries())
    for (const b of windows.slice(i + 1))
      if (
        a.days.some((d) => b.days.includes(d)) &&
        minutesOf(a.from) < minutesOf(b.to) &&
        minutesOf(b.from) < minutesOf(a.to)
      )
        fail(visitWindowMessages.overlap);
};

/** The IST calendar day (as a UTC midnight) an instant falls on, and the minute of that day. */
const istDayOf = (ms: number) => {
  const local = ms + IST_OFFSET_MINUTES * MINUTE;
  const dayStart =
    local - (((local % (DAY_MINUTES * MINUTE)) + DAY_MINUTES * MINUTE) % (DAY_MINUTES * MINUTE));
  return { dayStart, minute: Math.floor((local - dayStart) / MINUTE) };
};

/** The instant of a minute of an IST day (dayStart as from istDayOf). */
const instantOf = (dayStart: number, minute: number) =>
  dayStart + (minute - IST_OFFSET_MINUTES) * MINUTE;

/** Whether an instant is the start of one of the windows' slots. */
export const isSlotStart = (windows: VisitWindow[], iso: string): boolean => {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms) || ms % MINUTE !== 0) return false;
  const { dayStart, minute } = istDayOf(ms);
  const weekday = new Date(dayStart).getUTCDay();
  return windows.some(
    (w) =>
      w.days.includes(weekday) &&
      minute >= minutesOf(w.from) &&
      minute + VISIT_SLOT_MINUTES <= minutesOf(w.to) &&
      (minute - minutesOf(w.from)) % VISIT_SLOT_MINUTES === 0,
  );
};

/**
 * Every slot start of the windows in [fromIso, toIso), in time order, as ISO
 * instants. Bounded by the booking horizon's 14 days × 48 slots.
 */
export const slotStarts = (windows: VisitWindow[], fromIso: string, toIso: string): string[] => {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  const slots: string[] = [];
  for (
    let { dayStart } = istDayOf(from);
    instantOf(dayStart, 0) < to;
    dayStart += DAY_MINUTES * MINUTE
  ) {
    const weekday = new Date(dayStart).getUTCDay();
    const minutes = windows
      .filter((w) => w.days.includes(weekday))
      .flatMap((w) => {
        const starts: number[] = [];
        for (
          let m = minutesOf(w.from);
          m + VISIT_SLOT_MINUTES <= minutesOf(w.to);
          m += VISIT_SLOT_MINUTES
        )
          starts.push(m);
        return starts;
      })
      .sort((a, b) => a - b);
    for (const m of minutes) {
      const at = instantOf(dayStart, m);
      if (at >= from && at < to) slots.push(new Date(at).toISOString());
    }
  }
  return slots;
};

/** The end of the slot starting at an instant. */
export const slotEnd = (startIso: string): string =>
  new Date(Date.parse(startIso) + VISIT_SLOT_MINUTES * MINUTE).toISOString();

/** Whether a slot start is bookable at `nowIso`: at least the notice ahead, within the horizon. */
export const isWithinBookingRange = (startIso: string, nowIso: string): boolean => {
  const start = Date.parse(startIso);
  const now = Date.parse(nowIso);
  return (
    start >= now + MIN_BOOKING_NOTICE_MINUTES * MINUTE &&
    start <= now + BOOKING_HORIZON_DAYS * DAY_MINUTES * MINUTE
  );
};
