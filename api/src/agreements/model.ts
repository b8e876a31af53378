import { t } from 'elysia';
import { AGREEMENT_PDF_LOCALES } from '@rentals/core/agreements/pdf';
import { AGREEMENT_BOUNDS as B } from '@rentals/core/agreements/terms';
import { multiLineText } from '@rentals/core/textFormats';

const whole = (b: { min: number; max: number }, description: string, name: string) =>
  t.Integer({
    minimum: b.min,
    maximum: b.max,
    description,
    error: `${name} must be a whole number from ${b.min} to ${b.max}`,
  });

/** The owner's terms (core/src/agreements/terms.ts holds the rules across fields). */
export const TermsBody = t.Object(
  {
    startDate: t.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      maxLength: 10,
      description: 'The day the tenancy starts (YYYY-MM-DD)',
      error: 'startDate must be a date such as 2027-01-01',
    }),
    termMonths: whole(
      B.termMonths,
      'Months the agreement runs (11 is common in India)',
      'termMonths',
    ),
    rent: whole(B.rent, 'Rupees a month (the let’s rent unless changed)', 'rent'),
    deposit: whole(B.deposit, 'Security deposit in rupees (the let’s unless changed)', 'deposit'),
    maintenance: whole(B.maintenance, 'Rupees a month on top of the rent', 'maintenance'),
    lockInMonths: whole(
      B.lockInMonths,
      'Months neither side may end it (at most the term)',
      'lockInMonths',
    ),
    tenantNoticeMonths: whole(
      B.noticeMonths,
      'Months of notice the tenant gives',
      'tenantNoticeMonths',
    ),
    landlordNoticeMonths: whole(
      B.noticeMonths,
      'Months of notice the owner gives',
      'landlordNoticeMonths',
    ),
    rentDueDay: whole(B.rentDueDay, 'Rent is due by this day of each month', 'rentDueDay'),
    annualIncreasePercent: t.Number({
      minimum: B.annualIncreasePercent.min,
      maximum: B.annualIncreasePercent.max,
      multipleOf: 0.5,
      description: 'Rent increase a year, in per cent (halves allowed)',
      error: `annualIncreasePercent must be from 0 to ${B.annualIncreasePercent.max}, in halves`,
    }),
    houseRules: multiLineText({
      maxLength: B.houseRules.maxLength,
      description: 'The house rules, as the owner writes them (may be empty)',
      error: `houseRules must be at most ${B.houseRules.maxLength} characters, without control characters`,
    }),
  },
  { additionalProperties: false },
);

export const PdfQuery = t.Object(
  {
    lang: t.Optional(
      t.Union(
        AGREEMENT_PDF_LOCALES.map((l) => t.Literal(l)),
        { description: 'The draft’s language (English unless hi)', error: 'lang must be en or hi' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ConfirmBody = t.Object(
  {
    termsSetAt: t.String({
      format: 'date-time',
      maxLength: 40,
      description: 'The `termsSetAt` of the terms read: 409 if they have changed since',
      error: 'termsSetAt must be the time GET /api/agreements/{letId} gives',
    }),
  },
  { additionalProperties: false },
);
