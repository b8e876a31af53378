/**
 * Listings whose index entry a late request may overwrite, and when to send
 * their state again. A write whose first try got no answer (a network cut, a
 * time-out) may still be in the kernel's send queue: TCP delivers it once the
 * link is back, seconds after the retry that succeeded and perhaps after a
 * later change (a delete), which it then undoes. The same holds for what a
 * worker cut off the network had in flight when another took over. So the
 * owner sends those listings' current state again, after the retransmission
 * can have landed (Linux backs retransmissions off to at most 120 s).
 * Kept in memory: a new owner rechecks the batches of its first seconds.
 */
export type Rechecks = {
  due: { at: number; ids: string[] }[];
  /** When this process took the projection over (its session began). */
  tookOverAt?: number;
};

/** 15 s covers a short cut's next retransmission; 150 s the longest backed-off one. */
export const RECHECK_AFTER_MS = [15_000, 150_000] as const;
/** How long after a takeover the batches written may race a previous owner's late requests. */
export const TAKEOVER_WINDOW_MS = 10_000;

export const newRechecks = (): Rechecks => ({ due: [] });

export const scheduleRechecks = (
  rechecks: Rechecks,
  ids: readonly string[],
  now: number,
  afterMs: readonly number[] = RECHECK_AFTER_MS,
) => {
  if (ids.length === 0) return;
  for (const after of afterMs) rechecks.due.push({ at: now + after, ids: [...ids] });
};

export const tookOver = (rechecks: Rechecks, now: number) => {
  rechecks.tookOverAt = now;
};

export const justTookOver = (rechecks: Rechecks, now: number) =>
  rechecks.tookOverAt !== undefined && now - rechecks.tookOverAt < TAKEOVER_WINDOW_MS;

export const hasDue = (rechecks: Rechecks, now: number) => rechecks.due.some((d) => d.at <= now);

/** The listings due a recheck by `now`, removed from the list. */
export const takeDue = (rechecks: Rechecks, now: number): string[] => {
  const due = rechecks.due.filter((d) => d.at <= now);
  rechecks.due = rechecks.due.filter((d) => d.at > now);
  return [...new Set(due.flatMap((d) => d.ids))];
};

/** Rechecks taken for a write that failed: due again at once. */
export const putBack = (rechecks: Rechecks, ids: readonly string[], now: number) => {
  if (ids.length > 0) rechecks.due.push({ at: now, ids: [...ids] });
};
