/**
 * Checks of an agreement's terms against the Model Tenancy Act, 2021 (MTA),
 * as published by the Ministry of Housing and Urban Affairs (Gazette of
 * India; mohua.gov.in). The MTA is a model law: it binds a tenancy only
 * where the state has enacted it, so every check here informs or warns and
 * none blocks. Pure: the words are the `agreements` catalogue's, by id.
 *
 * Sections relied on (keep to what the Act says):
 * - s. 4(1): no premises let except by an agreement in writing, which the
 *   landlord and tenant inform the Rent Authority of jointly within two
 *   months of executing it.
 * - s. 9: rent is revised as the agreement says; where it does not, the
 *   landlord gives the tenant notice in writing at least three months before
 *   the revised rent takes effect.
 * - s. 11(1): the security deposit for residential premises is at most two
 *   months' rent (six for non-residential; every listing here is a home).
 * - Notice to end a tenancy within its term is what the agreement says; the
 *   Act does not fix a number of months, so the check is only that each side's
 *   notice is stated.
 */
import type { AgreementTerms } from './terms.ts';

/** s. 11(1): residential premises. */
export const MTA_MAX_DEPOSIT_MONTHS = 2;

export type AgreementCheckId =
  'modelLaw' | 'written' | 'depositAboveLimit' | 'depositWithinLimit' | 'rentRevision' | 'noNotice';

export type AgreementCheck = {
  id: AgreementCheckId;
  /** `warning`: the terms go beyond what the Act allows or leave something open; `info`: what the Act asks. */
  level: 'warning' | 'info';
  /** The section of the Act, as printed (e.g. '11(1)'). */
  section: string;
  values: Record<string, number | string>;
};

/** Whether the deposit is above what s. 11(1) allows for a home. */
export const depositAboveLimit = (terms: Pick<AgreementTerms, 'deposit' | 'rent'>): boolean =>
  terms.deposit > MTA_MAX_DEPOSIT_MONTHS * terms.rent;

const depositCheck = (t: AgreementTerms): AgreementCheck => {
  const values = {
    deposit: t.deposit,
    limit: MTA_MAX_DEPOSIT_MONTHS * t.rent,
    // One decimal: "5.5 months".
    months: Math.round((t.deposit / t.rent) * 10) / 10,
  };
  return depositAboveLimit(t)
    ? { id: 'depositAboveLimit', level: 'warning', section: '11(1)', values }
    : { id: 'depositWithinLimit', level: 'info', section: '11(1)', values };
};

/** The checks of `terms`, warnings first. */
export const checkTerms = (t: AgreementTerms): AgreementCheck[] => {
  const checks: AgreementCheck[] = [depositCheck(t)];
  if (t.tenantNoticeMonths === 0 || t.landlordNoticeMonths === 0)
    checks.push({ id: 'noNotice', level: 'warning', section: '', values: {} });
  checks.push(
    { id: 'written', level: 'info', section: '4(1)', values: {} },
    {
      id: 'rentRevision',
      level: 'info',
      section: '9',
      values: { percent: t.annualIncreasePercent },
    },
    { id: 'modelLaw', level: 'info', section: '', values: {} },
  );
  return checks.sort((a, b) => (a.level === b.level ? 0 : a.level === 'warning' ? -1 : 1));
};
