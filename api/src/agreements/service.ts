import type { AuthUser } from '../access/roles.ts';
import { createWriteLimit } from '../access/attemptLimit.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import type { AppDeps } from '../deps.ts';
import type { AgreementCommand, LetFacts } from '@rentals/core/agreements/commands';
import { agreementMessages, decide, partyOf } from '@rentals/core/agreements/decide';
import {
  AGREEMENT_STREAM_TYPE,
  agreementStreamId,
  type AgreementEvent,
} from '@rentals/core/agreements/events';
import { checkTerms } from '@rentals/core/agreements/mta';
import { agreementPdf, type AgreementPdfLocale } from '@rentals/core/agreements/pdf';
import { pdfCache } from './pdfCache.ts';
import { bothConfirmed, fold, type AgreementState } from '@rentals/core/agreements/state';
import { stateNoteFor } from '@rentals/core/agreements/stateNotes';
import type { AgreementTerms } from '@rentals/core/agreements/terms';
import { checkText, stateNoteWords } from '@rentals/core/agreements/words';
import type { AgreementDocument } from '@rentals/core/contract/agreement';
import { ConcurrencyError, IllegalStateError, NotFoundError } from '@rentals/core/errors';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import type { Locale } from '@rentals/core/i18n/locales';
import { filterOptionLabel, optionLabel } from '@rentals/core/i18n/terms';
import {
  letForAgreement,
  letsWithAgreements,
  type LetForAgreement,
} from '@rentals/projections/queries/agreementQueries';

export type AgreementServiceDeps = Pick<AppDeps, 'sql' | 'eventStore' | 'clock'>;

const MAX_ATTEMPTS = 5;

/** Read the let's agreement stream, decide, append at the version read; a lost race decides again. */
const runOn = async (
  eventStore: EventStore,
  letId: string,
  decision: (state: AgreementState) => AgreementEvent[],
  userId: string,
  attemptsLeft = MAX_ATTEMPTS,
): Promise<AgreementState> => {
  const streamId = agreementStreamId(letId);
  const { version, events } = await eventStore.readStream(streamId);
  const state = fold(events as unknown as AgreementEvent[]);
  const decided = decision(state);
  if (decided.length === 0) return state;
  try {
    await eventStore.append(streamId, AGREEMENT_STREAM_TYPE, version, decided, { userId });
  } catch (error) {
    if (error instanceof ConcurrencyError && attemptsLeft > 1)
      return runOn(eventStore, letId, decision, userId, attemptsLeft - 1);
    throw error;
  }
  return fold(decided, state);
};

/** The house rules the listing's terms suggest, one a line, in the reader's language. */
const suggestedRules = (tenancy: Record<string, unknown> | null, locale: Locale): string => {
  const { t } = translatorFor(locale);
  const lines: string[] = [];
  if (typeof tenancy?.petsAllowed === 'boolean')
    lines.push(filterOptionLabel(t, 'petsAllowed', String(tenancy.petsAllowed)));
  if (tenancy?.food === 'vegetarian') lines.push(optionLabel(t, 'food', 'vegetarian'));
  return lines.join('\n');
};

/** Before the owner sets terms: the let's rent, deposit and move-in, the listing's maintenance. */
const suggestedTerms = (x: LetForAgreement, locale: Locale): AgreementTerms => ({
  startDate: x.moveIn,
  termMonths: 11,
  rent: x.rent,
  deposit: x.deposit,
  maintenance: typeof x.tenancy?.maintenance === 'number' ? x.tenancy.maintenance : 0,
  lockInMonths: 0,
  tenantNoticeMonths: 1,
  landlordNoticeMonths: 1,
  rentDueDay: 5,
  annualIncreasePercent: 0,
  houseRules: suggestedRules(x.tenancy, locale),
});

const factsOf = (x: LetForAgreement): LetFacts => ({
  letId: x.letId,
  listingId: x.listingId,
  ownerId: x.ownerId,
  tenantId: x.tenantId,
});

/** The agreement as `userId` sees it, checks and state note in `locale`. */
const viewOf = (
  x: LetForAgreement,
  state: AgreementState,
  userId: string,
  locale: Locale,
): AgreementDocument => {
  const drafted = state.status === 'drafted' ? state.agreement : null;
  const terms = drafted?.terms ?? suggestedTerms(x, locale);
  const checks = checkTerms(terms).map((c) => ({
    id: c.id,
    level: c.level,
    section: c.section,
    text: checkText(c, locale),
  }));
  return {
    letId: x.letId,
    listingId: x.listingId,
    role: partyOf(factsOf(x), userId),
    listingTitle: x.listingTitle,
    area: x.area,
    city: x.city,
    ownerName: x.ownerName,
    tenantName: x.tenantName,
    terms,
    termsSet: drafted !== null,
    termsSetAt: drafted?.termsSetAt ?? null,
    confirmed: {
      owner: drafted?.confirmed.owner ?? null,
      tenant: drafted?.confirmed.tenant ?? null,
    },
    ready: drafted !== null && bothConfirmed(drafted),
    checks,
    stateNote: stateNoteWords(stateNoteFor(x.city), locale),
  };
};

/** Rental agreements (core/src/agreements): terms, confirmations, the draft PDF. */
export const agreementService = (deps: AgreementServiceDeps) => {
  const draftPdf = pdfCache(agreementPdf);
  const limitWrite = createWriteLimit(deps.sql, WRITE_LIMITS.agreement);

  /** The let and the caller's side of it; anyone else is told there is no agreement. */
  const letSeenBy = async (letId: string, userId: string) => {
    const x = await letForAgreement(deps.sql, letId);
    if (!x) throw new NotFoundError(agreementMessages.notFound);
    partyOf(factsOf(x), userId);
    return x;
  };
  const stateOf = async (letId: string) =>
    fold(
      (await deps.eventStore.readStream(agreementStreamId(letId)))
        .events as unknown as AgreementEvent[],
    );

  const run = async (
    user: AuthUser,
    address: string,
    letId: string,
    locale: Locale,
    command: (facts: LetFacts, at: string) => AgreementCommand,
  ) => {
    const x = await letSeenBy(letId, user.id);
    const now = deps.clock();
    await limitWrite(user.id, address, now);
    const at = now.toISOString();
    const state = await runOn(
      deps.eventStore,
      letId,
      (s) => decide(command(factsOf(x), at), s),
      user.id,
    );
    return { agreement: viewOf(x, state, user.id, locale) };
  };

  return {
    async lets(user: AuthUser) {
      const lets = await letsWithAgreements(deps.sql, user.id);
      return {
        lets: lets.map((x) => {
          const role = x.ownerId === user.id ? ('owner' as const) : ('tenant' as const);
          const withName = role === 'owner' ? x.tenantName : x.ownerName;
          const { letId, listingId, listingTitle, letAt } = x;
          return { letId, listingId, role, listingTitle, withName, letAt };
        }),
      };
    },

    async seen(user: AuthUser, letId: string, locale: Locale) {
      const x = await letSeenBy(letId, user.id);
      return { agreement: viewOf(x, await stateOf(letId), user.id, locale) };
    },

    setTerms: (
      user: AuthUser,
      address: string,
      letId: string,
      terms: AgreementTerms,
      locale: Locale,
    ) =>
      run(user, address, letId, locale, (facts, at) => ({
        type: 'SetAgreementTerms',
        let: facts,
        userId: user.id,
        terms,
        at,
      })),

    confirm: (user: AuthUser, address: string, letId: string, termsSetAt: string, locale: Locale) =>
      run(user, address, letId, locale, (facts, at) => ({
        type: 'ConfirmAgreement',
        let: facts,
        userId: user.id,
        termsSetAt: new Date(termsSetAt).toISOString(),
        at,
      })),

    /** The draft's bytes, once both sides confirmed the terms as they stand (409 before). */
    async pdf(user: AuthUser, letId: string, locale: AgreementPdfLocale) {
      const x = await letSeenBy(letId, user.id);
      const state = await stateOf(letId);
      if (state.status !== 'drafted' || !bothConfirmed(state.agreement))
        throw new IllegalStateError(agreementMessages.notBothConfirmed);
      const a = state.agreement;
      return draftPdf(
        {
          ownerName: x.ownerName,
          tenantName: x.tenantName,
          premises: { title: x.listingTitle, area: x.area, city: x.city },
          terms: a.terms,
          confirmed: { owner: a.confirmed.owner!, tenant: a.confirmed.tenant! },
          stateNote: stateNoteFor(x.city),
        },
        locale,
      );
    },
  };
};
