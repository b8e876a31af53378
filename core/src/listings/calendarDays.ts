/**
 * Calendar days as numbers, without the clock (the domain reads no `Date`):
 * days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's
 * civil-day algorithms), so a move-in date can be bounded, indexed and
 * compared the same everywhere.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
};

const civilFromDays = (days: number): [number, number, number] => {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** YYYY-MM-DD as a day number; NaN when it is not a real calendar day ('2026-02-30'). */
export const dayNumber = (isoDate: string): number => {
  const match = DATE.exec(isoDate.slice(0, 10));
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const n = daysFromCivil(year, month, day);
  const [y, m, d] = civilFromDays(n);
  return y === year && m === month && d === day ? n : Number.NaN;
};

/** A day number as YYYY-MM-DD. */
export const isoDay = (days: number): string => {
  const [y, m, d] = civilFromDays(days);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
};

export const isCalendarDate = (value: string): boolean =>
  value.length === 10 && !Number.isNaN(dayNumber(value));
