/** The rate written with each heartbeat covers this much recent time (health's time-left estimate). */
const RATE_WINDOW_MS = 10_000;

export type RecentRate = ReturnType<typeof recentRate>;

/** Events applied per second over the last RATE_WINDOW_MS, from (time, count) marks of the batches. */
export const recentRate = () => {
  const marks: { at: number; events: number }[] = [];
  const since = Date.now();
  return {
    add: (events: number) => marks.push({ at: Date.now(), events }),
    perSecond: (): number | null => {
      const now = Date.now();
      while (marks.length > 0 && marks[0]!.at < now - RATE_WINDOW_MS) marks.shift();
      const span = Math.min(RATE_WINDOW_MS, now - since);
      if (span <= 0) return null;
      return (marks.reduce((n, m) => n + m.events, 0) * 1000) / span;
    },
  };
};
