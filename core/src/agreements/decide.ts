import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import type { AgreementCommand, LetFacts, SetAgreementTerms } from './commands.ts';
import type { AgreementEvent } from './events.ts';
import type { AgreementParty, AgreementState } from './state.ts';
import { normaliseTerms, type AgreementTerms } from './terms.ts';

export const agreementMessages = {
  notFound: 'Rental agreement not found',
  onlyOwnerSets: 'Only the owner sets the terms of the agreement',
  noTerms: 'The owner has not set the terms yet',
  termsChanged: 'The owner has just changed the terms. Please read them again before confirming.',
  notBothConfirmed:
    'The agreement can be downloaded once both the owner and the tenant have confirmed the terms',
} as const;

/**
 * Which side of the let the caller is. Anyone else, and any let without a
 * tenant on the platform (let outside: no agreement here), is told there is
 * no agreement: the let's existence is not revealed.
 */
export const partyOf = (facts: LetFacts, userId: string): AgreementParty => {
  if (facts.tenantId === null) throw new NotFoundError(agreementMessages.notFound);
  if (userId === facts.ownerId) return 'owner';
  if (userId === facts.tenantId) return 'tenant';
  throw new NotFoundError(agreementMessages.notFound);
};

/** Field by field: terms read back from the store (jsonb) keep no key order. */
const sameTerms = (a: AgreementTerms, b: AgreementTerms) =>
  (Object.keys(b) as (keyof AgreementTerms)[]).every((k) => a[k] === b[k]) &&
  Object.keys(a).length === Object.keys(b).length;

const setTerms = (command: SetAgreementTerms, state: AgreementState): AgreementEvent[] => {
  const facts = command.let;
  if (partyOf(facts, command.userId) !== 'owner')
    throw new ForbiddenError(agreementMessages.onlyOwnerSets);
  const terms = normaliseTerms(command.terms);
  // The same terms sent again (a retry, a double click) keep the confirmations they have.
  if (state.status === 'drafted' && sameTerms(state.agreement.terms, terms)) return [];
  const { letId, listingId, ownerId } = facts;
  const tenantId = facts.tenantId as string;
  const data = { letId, listingId, ownerId, tenantId, at: command.at, terms };
  return [{ type: 'AgreementTermsSet', data }];
};

/**
 * Which events a command produces on a let's agreement, or the 4xx error
 * that explains why it may not happen. Pure.
 */
export const decide = (command: AgreementCommand, state: AgreementState): AgreementEvent[] => {
  switch (command.type) {
    case 'SetAgreementTerms':
      return setTerms(command, state);
    case 'ConfirmAgreement': {
      const by = partyOf(command.let, command.userId);
      if (state.status !== 'drafted') throw new IllegalStateError(agreementMessages.noTerms);
      const a = state.agreement;
      if (command.termsSetAt !== a.termsSetAt)
        throw new IllegalStateError(agreementMessages.termsChanged);
      if (a.confirmed[by] !== undefined) return [];
      const data = {
        letId: a.letId,
        userId: command.userId,
        by,
        termsSetAt: a.termsSetAt,
        at: command.at,
      };
      return [{ type: 'AgreementConfirmed', data }];
    }
  }
};
