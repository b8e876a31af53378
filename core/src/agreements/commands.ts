import type { AgreementTerms } from './terms.ts';

/**
 * The let as the read model (listing_lets) says it is, read by the handler
 * and passed in: who let to whom. `tenantId` null when let outside the
 * platform, which has no agreement here.
 */
export type LetFacts = {
  letId: string;
  listingId: string;
  ownerId: string;
  tenantId: string | null;
};

/** Agreement commands. `userId` is the authenticated caller; time comes in with them. */
export type SetAgreementTerms = {
  type: 'SetAgreementTerms';
  let: LetFacts;
  userId: string;
  terms: AgreementTerms;
  at: string;
};

export type ConfirmAgreement = {
  type: 'ConfirmAgreement';
  let: LetFacts;
  userId: string;
  /** When the terms the caller read were set: a confirmation is of those terms, never of newer ones. */
  termsSetAt: string;
  at: string;
};

export type AgreementCommand = SetAgreementTerms | ConfirmAgreement;
