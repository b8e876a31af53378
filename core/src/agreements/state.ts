import type { AgreementEvent } from './events.ts';
import type { AgreementTerms } from './terms.ts';

export type AgreementParty = 'owner' | 'tenant';

export type Agreement = {
  letId: string;
  listingId: string;
  ownerId: string;
  tenantId: string;
  terms: AgreementTerms;
  /** When the terms as they stand were set. */
  termsSetAt: string;
  /** When each side confirmed the terms as they stand; absent until they do. */
  confirmed: Partial<Record<AgreementParty, string>>;
};

/** Absent until the owner first sets terms. */
export type AgreementState = { status: 'absent' } | { status: 'drafted'; agreement: Agreement };

export const initialState: AgreementState = { status: 'absent' };

/** Folds one event into the state. Pure. */
export const evolve = (state: AgreementState, event: AgreementEvent): AgreementState => {
  switch (event.type) {
    case 'AgreementTermsSet': {
      const { letId, listingId, ownerId, tenantId, terms, at } = event.data;
      const agreement = { letId, listingId, ownerId, tenantId, terms, termsSetAt: at };
      return { status: 'drafted', agreement: { ...agreement, confirmed: {} } };
    }
    case 'AgreementConfirmed': {
      if (state.status !== 'drafted') return state;
      const a = state.agreement;
      if (event.data.termsSetAt !== a.termsSetAt) return state;
      const confirmed = { ...a.confirmed, [event.data.by]: event.data.at };
      return { status: 'drafted', agreement: { ...a, confirmed } };
    }
  }
};

export const fold = (
  events: readonly AgreementEvent[],
  from: AgreementState = initialState,
): AgreementState => events.reduce(evolve, from);

export const bothConfirmed = (a: Agreement): boolean =>
  a.confirmed.owner !== undefined && a.confirmed.tenant !== undefined;
