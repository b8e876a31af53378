import { Type, type Static } from '@sinclair/typebox';
import { ValidationError, type FieldError } from '../errors.ts';
import { isCalendarDate } from '../listings/calendarDays.ts';
import { TENANCY_BOUNDS } from '../listings/tenancy.ts';
import { isMultiLine, multiLineText } from '../textFormats.ts';

/**
 * The terms of a rental agreement as the owner sets them (issue 44). Money in
 * whole rupees (rent and maintenance a month); months whole. Bounds are wide
 * enough for any real agreement and narrow enough that the PDF stays one
 * readable document.
 */
export const AGREEMENT_BOUNDS = {
  rent: { min: 1, max: 10_000_000 },
  deposit: { min: 0, max: TENANCY_BOUNDS.depositRupees.max },
  maintenance: { min: 0, max: TENANCY_BOUNDS.maintenance.max },
  /** 11 months is the common term in India (a lease over a year must be registered). */
  termMonths: { min: 1, max: 60 },
  lockInMonths: { min: 0, max: 60 },
  noticeMonths: { min: 0, max: 6 },
  rentDueDay: { min: 1, max: 28 },
  annualIncreasePercent: { min: 0, max: 25 },
  houseRules: { maxLength: 2000 },
  startDate: { earliest: '2000-01-01', latest: '2100-12-31' },
} as const;

const B = AGREEMENT_BOUNDS;
const int = (b: { min: number; max: number }) => Type.Integer({ minimum: b.min, maximum: b.max });

export const AgreementTermsSchema = Type.Object(
  {
    startDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    termMonths: int(B.termMonths),
    rent: int(B.rent),
    deposit: int(B.deposit),
    maintenance: int(B.maintenance),
    lockInMonths: int(B.lockInMonths),
    tenantNoticeMonths: int(B.noticeMonths),
    landlordNoticeMonths: int(B.noticeMonths),
    rentDueDay: int(B.rentDueDay),
    annualIncreasePercent: Type.Number({
      minimum: B.annualIncreasePercent.min,
      maximum: B.annualIncreasePercent.max,
      multipleOf: 0.5,
    }),
    houseRules: multiLineText({ maxLength: B.houseRules.maxLength }),
  },
  { additionalProperties: false },
);
export type AgreementTerms = Static<typeof AgreementTermsSchema>;

export const agreementTermMessages = {
  startDate: 'The start date must be a real calendar day',
  lockInLongerThanTerm: 'The lock-in cannot be longer than the term',
  houseRulesTooLong: `House rules can be at most ${B.houseRules.maxLength} characters`,
  houseRulesControl: 'House rules cannot contain control characters',
  outOfBounds: 'This value is outside what an agreement can say',
} as const;
const m = agreementTermMessages;

const NUMBER_KEYS = [
  ['termMonths', B.termMonths],
  ['rent', B.rent],
  ['deposit', B.deposit],
  ['maintenance', B.maintenance],
  ['lockInMonths', B.lockInMonths],
  ['tenantNoticeMonths', B.noticeMonths],
  ['landlordNoticeMonths', B.noticeMonths],
  ['rentDueDay', B.rentDueDay],
] as const;

/**
 * The terms as sent → as stored (house rules trimmed, line ends as \n), or a
 * ValidationError naming every field that is wrong. The route schema bounds
 * the same; this holds the rules across fields and protects the domain when
 * called from elsewhere.
 */
export const normaliseTerms = (raw: AgreementTerms): AgreementTerms => {
  const errors: FieldError[] = [];
  const houseRules = raw.houseRules.replace(/\r\n?/g, '\n').trim();
  const d = raw.startDate;
  if (!isCalendarDate(d) || d < B.startDate.earliest || d > B.startDate.latest)
    errors.push({ path: 'startDate', msg: m.startDate });
  for (const [key, b] of NUMBER_KEYS) {
    const v = raw[key];
    if (!Number.isInteger(v) || v < b.min || v > b.max)
      errors.push({ path: key, msg: m.outOfBounds });
  }
  const pct = raw.annualIncreasePercent;
  if (!(pct >= 0 && pct <= B.annualIncreasePercent.max && Number.isInteger(pct * 2)))
    errors.push({ path: 'annualIncreasePercent', msg: m.outOfBounds });
  if (raw.lockInMonths > raw.termMonths)
    errors.push({ path: 'lockInMonths', msg: m.lockInLongerThanTerm });
  if (houseRules.length > B.houseRules.maxLength)
    errors.push({ path: 'houseRules', msg: m.houseRulesTooLong });
  if (!isMultiLine(houseRules)) errors.push({ path: 'houseRules', msg: m.houseRulesControl });
  if (errors.length > 0) throw new ValidationError(errors);
  return { ...raw, houseRules };
};
