import { describe, expect, it } from 'vitest';
import { checkTerms, depositAboveLimit } from './mta.ts';
import { stateNoteFor } from './stateNotes.ts';
import type { AgreementTerms } from './terms.ts';

const terms: AgreementTerms = {
  startDate: '2027-01-01',
  termMonths: 11,
  rent: 20_000,
  deposit: 40_000,
  maintenance: 0,
  lockInMonths: 0,
  tenantNoticeMonths: 1,
  landlordNoticeMonths: 1,
  rentDueDay: 5,
  annualIncreasePercent: 0,
  houseRules: '',
};
const ids = (t: AgreementTerms) => checkTerms(t).map((c) => `${c.level}:${c.id}`);

describe('Model Tenancy Act checks', () => {
  it('a deposit of exactly two months’ rent is within s. 11(1)', () => {
    expect(depositAboveLimit(terms)).toBe(false);
    expect(ids(terms)).toEqual([
      'info:depositWithinLimit',
      'info:written',
      'info:rentRevision',
      'info:modelLaw',
    ]);
  });

  it('warns, first, when the deposit is above two months’ rent, with the figures', () => {
    const t = { ...terms, deposit: 110_000 };
    expect(depositAboveLimit(t)).toBe(true);
    const [first] = checkTerms(t);
    expect(first).toEqual({
      id: 'depositAboveLimit',
      level: 'warning',
      section: '11(1)',
      values: { deposit: 110_000, limit: 40_000, months: 5.5 },
    });
  });

  it('warns when either side’s notice is not stated', () => {
    expect(ids({ ...terms, landlordNoticeMonths: 0 })).toContain('warning:noNotice');
    expect(ids({ ...terms, tenantNoticeMonths: 0 })).toContain('warning:noNotice');
    expect(ids(terms)).not.toContain('warning:noNotice');
  });
});

describe('state notes', () => {
  it('Maharashtra registers every agreement; Tamil Nadu with its Rent Authority; Karnataka over a year', () => {
    expect(stateNoteFor('Pune')).toEqual({
      state: 'maharashtra',
      rule: 'everyAgreement',
      url: 'https://igrmaharashtra.gov.in/',
    });
    expect(stateNoteFor('Chennai').rule).toBe('rentAuthority');
    expect(stateNoteFor('bengaluru')).toMatchObject({ state: 'karnataka', rule: 'overAYear' });
  });

  it('a city not in the table gets the general rule and no link', () => {
    expect(stateNoteFor('Shimla')).toEqual({ state: 'other', rule: 'overAYear', url: null });
  });

  it('every link is a state government site over https', () => {
    for (const city of ['Mumbai', 'Delhi', 'Hyderabad', 'Kolkata', 'Jaipur', 'Lucknow', 'Kochi'])
      expect(stateNoteFor(city).url).toMatch(/^https:\/\/[a-z.]+\.gov\.in\/$/);
  });
});
