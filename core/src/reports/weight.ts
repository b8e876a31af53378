/**
 * A report's weight toward hiding a listing (issue 41): how much the product
 * trusts the reporter, from facts the handler read when the report was made
 * and recorded in ListingReported (so the weight is the same on every fold).
 * A listing is hidden pending review when the weight of its open 'Fake or
 * scam' reports reaches HIDE_FOR_REVIEW_WEIGHT; new accounts weigh nothing,
 * so no number of them hides anything on their own. Each weight comes with
 * its reasons in words, for the admin who reviews the reports.
 */
import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';
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

const days = (ms: number) => Math.floor(ms / NEW_ACCOUNT_MS);
const halves = (n: number) => String(n).replace('.5', '½').replace(/^0½/, '½');

/** The reporter's own weight, before one-per-address; its reasons in `locale` (the `evidence` namespace). */
export const reporterWeight = (
  report: WeighedReport,
  locale: Locale = 'en',
): { weight: number; why: string[] } => {
  const { t } = translatorFor(locale);
  const { since, emailVerified, upheld = 0, rejected = 0 } = report.reporter;
  if (since === undefined) return { weight: BASE_WEIGHT, why: [t('evidence.weight.unweighed')] };
  const age = millisBetween(since, report.at);
  if (age < NEW_ACCOUNT_MS) return { weight: 0, why: [t('evidence.weight.newAccount')] };
  if (emailVerified === false) return { weight: 0, why: [t('evidence.weight.unconfirmed')] };
  const why = [t('evidence.weight.counts', { days: days(age) })];
  const bonus = Math.min(MAX_HISTORY_BONUS, upheld * UPHELD_BONUS);
  if (upheld > 0) why.push(t('evidence.weight.upheld', { n: upheld, bonus: halves(bonus) }));
  if (rejected > 0)
    why.push(
      t('evidence.weight.rejected', {
        n: rejected,
        penalty: halves(rejected * REJECTED_PENALTY),
      }),
    );
  const weight = Math.max(0, BASE_WEIGHT + bonus - rejected * REJECTED_PENALTY);
  if (weight === 0) why.push(t('evidence.weight.moreRejected'));
  return { weight, why };
};

/**
 * Every open report's weight toward hiding, in the order given: a 'Fake or
 * scam' report weighs its reporter's weight, except that one address counts
 * once (the heaviest report from it; on a tie the first), however many
 * accounts report from it. Other reasons weigh nothing toward hiding.
 */
export const reportWeights = (
  open: readonly WeighedReport[],
  locale: Locale = 'en',
): ReportWeight[] => {
  const { t } = translatorFor(locale);
  const own = open.map((r) => ({ report: r, ...reporterWeight(r, locale) }));
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
        why: [t('evidence.weight.notFake')],
      };
    const address = report.reporter.address;
    if (address !== undefined && heaviest.get(address) !== report.reportId && weight > 0)
      return {
        reportId: report.reportId,
        weight: 0,
        why: [...why, t('evidence.weight.sameAddress')],
      };
    return { reportId: report.reportId, weight, why };
  });
};

/** The weight of the open reports toward hiding the listing. */
export const hidingWeight = (open: readonly WeighedReport[]): number =>
  reportWeights(open).reduce((sum, r) => sum + r.weight, 0);
