import { fromNewAccount, type OpenReport } from '@rentals/core/reports/report';
import { reportWeights } from '@rentals/core/reports/weight';
import type { Locale } from '@rentals/core/i18n/locales';

const HOUR_MS = 60 * 60 * 1000;
/** Accounts created this close together look made in one go (a brigade's accounts usually are). */
export const CREATED_TOGETHER_MS = HOUR_MS;

/** Numbers the groups of two or more reports that share `key`: 1, 2, …; null for the rest. */
const numberedGroups = (keys: readonly (string | undefined)[]) => {
  const size = new Map<string, number>();
  for (const key of keys) if (key !== undefined) size.set(key, (size.get(key) ?? 0) + 1);
  const numbers = new Map<string, number>();
  return keys.map((key) => {
    if (key === undefined || (size.get(key) ?? 0) < 2) return null;
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return numbers.get(key)!;
  });
};

/**
 * Which reporters' accounts were created close together: sorted by creation,
 * an account made within CREATED_TOGETHER_MS of the one before joins its
 * group. Gives each report its group's key (the group's first creation time).
 */
const creationGroups = (open: readonly OpenReport[]) => {
  const bySince = open
    .map((r, i) => ({ i, since: r.reporter.since }))
    .filter((x): x is { i: number; since: string } => x.since !== undefined)
    .sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
  const keys: (string | undefined)[] = open.map(() => undefined);
  let start: string | undefined;
  let previous: string | undefined;
  for (const { i, since } of bySince) {
    if (previous === undefined || Date.parse(since) - Date.parse(previous) > CREATED_TOGETHER_MS)
      start = since;
    keys[i] = start;
    previous = since;
  }
  return keys;
};

/**
 * A listing's open reports as the admin weighs them for a brigade: each
 * report's weight toward hiding and why, in words (weight.ts); how old each
 * reporter's account was and whether its email is confirmed; and the
 * clusters of related accounts: reports from one address (`sharedAddress`;
 * the address itself is never recorded) and accounts created within an hour
 * of each other (`createdTogether`), numbered groups. The reasons are in
 * `locale`, the admin's.
 */
export const presentOpenReports = (open: readonly OpenReport[], locale: Locale = 'en') => {
  const weights = reportWeights(open, locale);
  const sharedAddress = numberedGroups(open.map((r) => r.reporter.address));
  const createdTogether = numberedGroups(creationGroups(open));
  return open.map((r, i) => {
    const { weight, why } = weights[i]!;
    const since = r.reporter.since;
    return {
      reportId: r.reportId,
      reason: r.reason,
      at: r.at,
      accountAgeHours:
        since === undefined
          ? null
          : Math.max(0, Math.floor((Date.parse(r.at) - Date.parse(since)) / HOUR_MS)),
      newAccount: fromNewAccount(r),
      emailVerified: r.reporter.emailVerified ?? null,
      sharedAddress: sharedAddress[i] ?? null,
      createdTogether: createdTogether[i] ?? null,
      weight,
      why,
      counts: weight > 0,
    };
  });
};
