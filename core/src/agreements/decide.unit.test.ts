import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import type { AgreementCommand, LetFacts } from './commands.ts';
import { agreementMessages as messages, decide } from './decide.ts';
import type { AgreementEvent } from './events.ts';
import { bothConfirmed, fold } from './state.ts';
import { agreementTermMessages, type AgreementTerms } from './terms.ts';

const T0 = '2026-12-07T06:00:00.000Z';
const T1 = '2026-12-07T07:00:00.000Z';
const T2 = '2026-12-07T08:00:00.000Z';
const owner = 'u-owner';
const tenant = 'u-tenant';
const stranger = 'u-stranger';
const facts: LetFacts = { letId: 'let-1', listingId: 'l-1', ownerId: owner, tenantId: tenant };

const terms: AgreementTerms = {
  startDate: '2027-01-01',
  termMonths: 11,
  rent: 25_000,
  deposit: 50_000,
  maintenance: 2_000,
  lockInMonths: 6,
  tenantNoticeMonths: 1,
  landlordNoticeMonths: 2,
  rentDueDay: 5,
  annualIncreasePercent: 5,
  houseRules: 'No smoking indoors.',
};

const given = givenFor({ decide, fold, assertValid: (e) => appEventRegistry.assertValid(e) });

const termsSet = (at = T0, t: AgreementTerms = terms): AgreementEvent => ({
  type: 'AgreementTermsSet',
  data: { letId: 'let-1', listingId: 'l-1', ownerId: owner, tenantId: tenant, at, terms: t },
});
const confirmed = (by: 'owner' | 'tenant', termsSetAt = T0, at = T1): AgreementEvent => ({
  type: 'AgreementConfirmed',
  data: { letId: 'let-1', userId: by === 'owner' ? owner : tenant, by, termsSetAt, at },
});
const setTerms = (userId: string, t = terms, at = T0, let_ = facts): AgreementCommand => ({
  type: 'SetAgreementTerms',
  let: let_,
  userId,
  terms: t,
  at,
});
const confirm = (userId: string, at = T1, termsSetAt = T0): AgreementCommand => ({
  type: 'ConfirmAgreement',
  let: facts,
  userId,
  termsSetAt,
  at,
});

describe('SetAgreementTerms', () => {
  it('records the owner’s terms', () => {
    given().when(setTerms(owner)).then([termsSet()]);
  });

  it('trims the house rules and keeps their lines', () => {
    const sent = { ...terms, houseRules: '  No smoking indoors.\r\nNo pets.  ' };
    const kept = { ...terms, houseRules: 'No smoking indoors.\nNo pets.' };
    given()
      .when(setTerms(owner, sent))
      .then([termsSet(T0, kept)]);
  });

  it('refuses the tenant (the owner sets the terms) and anyone else (no such agreement)', () => {
    given().when(setTerms(tenant)).thenThrows(ForbiddenError, messages.onlyOwnerSets);
    given().when(setTerms(stranger)).thenThrows(NotFoundError, messages.notFound);
  });

  it('has no agreement for a let to someone outside the platform', () => {
    const outside = { ...facts, tenantId: null };
    given()
      .when(setTerms(owner, terms, T0, outside))
      .thenThrows(NotFoundError, messages.notFound);
  });

  it('refuses a lock-in longer than the term and a date that is no day', () => {
    given()
      .when(setTerms(owner, { ...terms, lockInMonths: 12 }))
      .thenRefuses('lockInMonths', agreementTermMessages.lockInLongerThanTerm);
    given()
      .when(setTerms(owner, { ...terms, startDate: '2027-02-30' }))
      .thenRefuses('startDate', agreementTermMessages.startDate);
  });

  it('refuses house rules with a NUL in them', () => {
    given()
      .when(setTerms(owner, { ...terms, houseRules: 'No\u0000pets' }))
      .thenRefuses('houseRules', agreementTermMessages.houseRulesControl);
  });

  it('records nothing when the same terms are sent again, so confirmations stand', () => {
    given(termsSet(), confirmed('tenant'))
      .when(setTerms(owner, terms, T2))
      .then([]);
  });

  it('the same terms in another key order (as read back from the store) are the same', () => {
    const reordered = Object.fromEntries(Object.entries(terms).reverse()) as AgreementTerms;
    given(termsSet(T0, reordered), confirmed('tenant')).when(setTerms(owner)).then([]);
  });

  it('a change of terms clears both confirmations', () => {
    const changed = { ...terms, rent: 26_000 };
    const state = fold([
      termsSet(),
      confirmed('owner'),
      confirmed('tenant'),
      ...decide(setTerms(owner, changed, T2), fold([termsSet()])),
    ]);
    expect(state.status === 'drafted' && state.agreement.confirmed).toEqual({});
  });
});

describe('ConfirmAgreement', () => {
  it('records each side’s confirmation of the terms as they stand', () => {
    given(termsSet())
      .when(confirm(tenant))
      .then([confirmed('tenant')]);
    given(termsSet())
      .when(confirm(owner))
      .then([confirmed('owner')]);
  });

  it('both confirmations make the agreement ready', () => {
    const state = fold([termsSet(), confirmed('owner'), confirmed('tenant')]);
    expect(state.status === 'drafted' && bothConfirmed(state.agreement)).toBe(true);
  });

  it('records nothing when a side confirms again', () => {
    given(termsSet(), confirmed('tenant')).when(confirm(tenant, T2)).then([]);
  });

  it('asks for confirmation again after the terms change', () => {
    given(termsSet(), confirmed('tenant'), termsSet(T2, { ...terms, deposit: 75_000 }))
      .when(confirm(tenant, T2, T2))
      .then([confirmed('tenant', T2, T2)]);
  });

  it('refuses a confirmation of terms that changed since the caller read them', () => {
    given(termsSet(), termsSet(T2, { ...terms, deposit: 75_000 }))
      .when(confirm(tenant, T2, T0))
      .thenThrows(IllegalStateError, messages.termsChanged);
  });

  it('refuses before the owner sets terms, and anyone not a side of the let', () => {
    given().when(confirm(tenant)).thenThrows(IllegalStateError, messages.noTerms);
    given(termsSet()).when(confirm(stranger)).thenThrows(NotFoundError, messages.notFound);
  });

  it('ignores a confirmation of terms that have since changed', () => {
    const state = fold([termsSet(), termsSet(T2, { ...terms, rent: 1 }), confirmed('owner', T0)]);
    expect(state.status === 'drafted' && state.agreement.confirmed).toEqual({});
  });
});
