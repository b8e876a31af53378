/**
 * A report's weight toward hiding a listing (issue 41): how much the product
 * trusts the reporter, from facts the handler read when the report was made
 * and recorded in ListingReported (so the weight is the same on every fold).
 * A listing is hidden pending review when the weight of its open 'Fake or
 * scam' reports reaches HIDE_FOR_REVIEW_WEIGHT; new accounts weigh nothing,
 * so no number of them hides anything on their own. Each weight comes with
 * its reasons in words, for the admin who reviews the reports.
 */
import { millisBetween } from '../isoTime.ts';

/** Under a day old when reporting: the account weighs nothing (throwaway accounts are free). */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
/** What a report of a verified account past its first day weighs; three of them hide a listing. */
export const BASE_WEIGHT = 1;
export const HIDE_FOR_REVIEW_WEIGHT = 3;
/** Each earlier report an admin upheld adds this, up to MAX_HISTORY_BONUS. */
export const UPHELD_BONUS = 0.5;
export const MAX_HISTORY_BONUS = 1;
/** Each earlier report an admin rejected (dismissed, or undone as a brigade) takes this off. */
export const REJECTED_PENALTY = 0.5;

/** What the handler read about the reporter when the report was made (absent on older reports). */
export type ReporterFacts = {
  /** When the reporter's account was created. */
  since?: string;
  /** A keyed hash of the address the report came from. */
  address?: string;
  emailVerified?: boolean;
  /** The reporter's earlier reports that ended in a fix request, a delisting or a suspension. */
  upheld?: number;
  /** The reporter's earlier reports that were dismissed or undone as a brigade. */
  rejected?: number;
};

export type WeighedReport = {
  reportId: string;
  reason: string;
  at: string;
  reporter: ReporterFacts;
};

export type ReportWeight = { reportId: string; weight: number; why: string[] };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const days = (ms: number) => Math.floor(ms / NEW_ACCOUNT_MS);
const halves = (n: number) => String(n).replace('.5', '½').replace(/^0½/, '½');

/** The reporter's own weight, before one-per-address. */
export const reporterWeight = (report: WeighedReport): { weight: number; why: string[] } => {
  const { since, emailVerified, upheld = 0, rejected = 0 } = report.reporter;
  if (since === undefined)
    return { weight: BASE_WEIGHT, why: ['Made before reporters were weighed: counts as 1'] };
  const age = millisBetween(since, report.at);
  if (age < NEW_ACCOUNT_MS)
    return { weight: 0, why: ['Account less than a day old when reporting: does not count'] };
  if (emailVerified === false)
    return { weight: 0, why: ['Email address not confirmed: does not count'] };
  const why = [`Account ${plural(days(age), 'day')} old, email confirmed: counts as 1`];
  const bonus = Math.min(MAX_HISTORY_BONUS, upheld * UPHELD_BONUS);
  if (upheld > 0)
    why.push(`${plural(upheld, 'earlier report')} upheld by our team: +${halves(bonus)}`);
  if (rejected > 0)
    why.push(
      `${plural(rejected, 'earlier report')} rejected by our team: −${halves(rejected * REJECTED_PENALTY)}`,
    );
  const weight = Math.max(0, BASE_WEIGHT + bonus - rejected * REJECTED_PENALTY);
  if (weight === 0) why.push('More rejected than upheld: does not count');
  return { weight, why };
};

/**
 * Every open report's weight toward hiding, in the order given: a 'Fake or
 * scam' report weighs its reporter's weight, except that one address counts
 * once (the heaviest report from it; on a tie the first), however many
 * accounts report from it. Other reasons weigh nothing toward hiding.
 */
export const reportWeights = (open: readonly WeighedReport[]): ReportWeight[] => {
  const own = open.map((r) => ({ report: r, ...reporterWeight(r) }));
  const heaviest = new Map<string, string>();
  for (const { report, weight } of own) {
    const address = report.reporter.address;
    if (report.reason !== 'Fake or scam' || address === undefined) continue;
    const best = own.find((o) => o.report.reportId === heaviest.get(address));
    if (!best || weight > best.weight) heaviest.set(address, report.reportId);
  }
  return own.map(({ report, weight, why }) => {
    if (report.reason !== 'Fake or scam')
      return {
        reportId: report.reportId,
        weight: 0,
        why: ["Only 'Fake or scam' reports can hide a listing"],
      };
    const address = report.reporter.address;
    if (address !== undefined && heaviest.get(address) !== report.reportId && weight > 0)
      return {
        reportId: report.reportId,
        weight: 0,
        why: [...why, 'Another report from the same address counts already: does not count'],
      };
    return { reportId: report.reportId, weight, why };
  });
};

/** The weight of the open reports toward hiding the listing. */
export const hidingWeight = (open: readonly WeighedReport[]): number =>
  reportWeights(open).reduce((sum, r) => sum + r.weight, 0);
