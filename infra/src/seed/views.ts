import type { Random } from './random.ts';

const DAY = 86_400_000;
/** India has one time zone; a day of views is a calendar day there (as the API's view counter counts). */
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const indiaDay = (at: number) => new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
/** The owner's chart covers the last 30 days. */
const CHART_DAYS = 30;

export type SeedViews = { total: number; daily: { day: string; views: number }[] };

/**
 * Views a seeded listing has had by `now`: a popularity of its own (a few a
 * week to several a day), over the days it has been listed, and the last 30
 * days of them day by day for the owner's chart. Counters, not events (the
 * API's view counter writes the same tables); a delisted listing stopped
 * collecting when it went off the market, so it has none in the last month.
 */
export const planViews = (
  random: Random,
  { createdAt, now, listed }: { createdAt: number; now: number; listed: boolean },
): SeedViews => {
  const perDay = 0.3 + random.next() * random.next() * 6;
  const days = Math.max(0, Math.floor((now - createdAt) / DAY));
  const daily: SeedViews['daily'] = [];
  if (listed)
    for (let back = Math.min(days, CHART_DAYS - 1); back >= 0; back--) {
      // Around the listing's rate, a little busier at weekends.
      const at = now - back * DAY;
      const weekend = [0, 6].includes(new Date(at + IST_OFFSET_MS).getUTCDay()) ? 1.4 : 1;
      const views = Math.round(perDay * weekend * (0.4 + random.next() * 1.2));
      if (views > 0) daily.push({ day: indiaDay(at), views });
    }
  const recent = daily.reduce((sum, d) => sum + d.views, 0);
  const earlier = Math.round(perDay * Math.max(0, days - CHART_DAYS) * (0.5 + random.next() * 0.5));
  return { total: recent + earlier, daily };
};
