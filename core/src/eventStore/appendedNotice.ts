/**
 * The event store's NOTIFY on every append (`append_events`, migrations 0001
 * and 0188): delivered at commit, a wake-up only, never data. Its payload is
 * the append's last position and, after a space, the distinct types it
 * appended, comma-separated. A payload without types (an append of more
 * types than fit, or one from before migration 0188) may hold any type.
 */
export const APPENDED_CHANNEL = 'events_appended';

/** The types an append announced, or undefined when it did not say (treat as any type). */
export const appendedTypes = (payload: string): string[] | undefined => {
  const space = payload.indexOf(' ');
  if (space < 0) return undefined;
  const types = payload.slice(space + 1).split(',');
  return types.every((t) => t.length > 0) ? types : undefined;
};

/** Whether an append with this payload may hold an event of one of these types. */
export const mayConcern = (payload: string, types: ReadonlySet<string>): boolean =>
  appendedTypes(payload)?.some((t) => types.has(t)) ?? true;
