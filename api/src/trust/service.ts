import type { Sql } from 'postgres';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import {
  ACCOUNT_STREAM_TYPE,
  accountStreamId,
  type AccountEvent,
} from '@rentals/core/accounts/events';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingEvent,
} from '@rentals/core/listings/events';
import { decide as decideListing } from '@rentals/core/listings/decide';
import { fold } from '@rentals/core/listings/state';
import { NotFoundError } from '@rentals/core/errors';
import { listerLabel } from '@rentals/core/ui/labels';
import {
  ASK_TO_CONFIRM_AT,
  brokerSignals,
  signalStrength,
} from '@rentals/core/trust/brokerSignals';
import {
  decideListerRole,
  roleQuestionOpen,
  type ListerRoleCommand,
} from '@rentals/core/trust/listerRole';
import { responseStats } from '@rentals/core/trust/responseStats';
import { describeEvent } from '@rentals/core/history/describeEvent';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { formatDate } from '@rentals/core/i18n/dates';
import type { Locale } from '@rentals/core/i18n/locales';
import {
  brokerCandidates,
  listerCardFacts,
  type BrokerCandidate,
} from '@rentals/projections/queries/listerQueries';
import type { AuthUser } from '../access/roles.ts';
import { sessionCacheFor } from '../access/sessionCache.ts';
import type { TrustDeps } from './routes.ts';

/** The most accounts the admins' list shows: the strongest. */
const QUEUE_MAX = 100;

const listerMessages = { notFound: 'No such lister' } as const;

/** '24 Dec 2026', in India's time. */
const day = (at: Date | string, locale: Locale) =>
  formatDate(at, locale, 'date', { timeZone: 'Asia/Kolkata' });

/** Where the role question stands, in words for the admin, in their language. */
const statusOf = (c: BrokerCandidate, locale: Locale): string => {
  const { t } = translatorFor(locale);
  if (c.answer === 'owner' && c.answeredAt)
    return t('evidence.broker.status', { state: 'owner', date: day(c.answeredAt, locale) });
  if (c.askedAt)
    return t('evidence.broker.status', { state: 'asked', date: day(c.askedAt, locale) });
  return t('evidence.broker.status', { state: 'notAsked', date: '' });
};

/** Ranked with their evidence; accounts an admin judged owners are quiet (unless asked since). */
const ranked = (candidates: BrokerCandidate[], locale: Locale) =>
  candidates
    .filter((c) => !c.markedOwnerAt || (c.askedAt !== null && c.askedAt > c.markedOwnerAt))
    .map((c) => {
      const signals = brokerSignals('homeowner', c.facts, locale);
      return { c, signals, strength: signalStrength(signals) };
    })
    .filter((r) => r.signals.length > 0)
    .sort((a, b) => b.strength - a.strength || a.c.accountId.localeCompare(b.c.accountId));

/** Every listing the account ever created (from the log, so none the read models lag behind is missed). */
const listingIdsOf = async (tx: Sql, accountId: string): Promise<string[]> =>
  (
    await tx<{ id: string }[]>`
      SELECT substring(stream_id FROM ${'listing-'.length + 1}::int) AS id FROM events
      WHERE metadata ->> 'userId' = ${accountId} AND type = 'ListingCreated' AND data ->> 'ownerId' = ${accountId}
      UNION SELECT listing_id FROM owner_listing_membership WHERE owner_id = ${accountId}`
  ).map((r) => r.id);

/** Each of the account's listings now shows it as a broker's (ListingOwnerRoleChanged). */
const relabel = async (tx: Sql, store: EventStore, user: AuthUser, at: string) => {
  for (const id of await listingIdsOf(tx, user.id)) {
    const { version, events } = await store.readStream(listingStreamId(id));
    const state = fold(events as unknown as ListingEvent[]);
    if (state.status !== 'active') continue;
    const changed = decideListing(
      { type: 'ChangeOwnerRole', actor: { id: user.id, role: 'broker' }, role: 'broker', at },
      state,
    );
    if (changed.length > 0)
      await store.append(listingStreamId(id), LISTING_STREAM_TYPE, version, changed, {
        userId: user.id,
      });
  }
};

const appendToAccount = async (
  store: EventStore,
  accountId: string,
  events: AccountEvent[],
  userId: string,
) => {
  const { version } = await store.readStream(accountStreamId(accountId));
  await store.append(accountStreamId(accountId), ACCOUNT_STREAM_TYPE, version, events, { userId });
};

export const trustService = (deps: TrustDeps) => {
  const now = () => deps.clock().toISOString();
  return {
    /** A lister's trust card (GET /api/listers/:id). */
    card: async (accountId: string, locale: Locale) => {
      const facts = await listerCardFacts(deps.sql, accountId);
      if (!facts) throw new NotFoundError(listerMessages.notFound);
      const responses = responseStats(facts.enquiries, now(), locale);
      return {
        lister: {
          id: facts.id,
          name: facts.name,
          label: listerLabel(facts.role),
          memberSince: facts.memberSince.toISOString(),
          listingsLive: facts.listingsLive,
          ...(responses ? { responses } : {}),
          reportsUpheld: facts.reportsUpheld,
        },
      };
    },

    /** The admins' list: homeowner accounts with broker signals, strongest first. */
    queue: async (locale: Locale) => ({
      accounts: ranked(await brokerCandidates(deps.sql), locale)
        .slice(0, QUEUE_MAX)
        .map(({ c, signals, strength }) => ({
          accountId: c.accountId,
          name: c.name,
          email: c.email,
          memberSince: c.memberSince.toISOString(),
          listings: c.facts.listings,
          strength,
          signals,
          status: statusOf(c, locale),
        })),
      askAt: ASK_TO_CONFIRM_AT,
    }),

    /** An admin's 'Looks like an owner' or 'Ask to confirm role'. */
    decide: async (
      admin: AuthUser,
      accountId: string,
      decision: 'looksLikeOwner' | 'askToConfirm',
      locale: Locale,
    ) => {
      const [account] = await deps.sql<
        { role: string }[]
      >`SELECT role FROM users WHERE id = ${accountId}`;
      if (!account) throw new NotFoundError(listerMessages.notFound);
      const command: ListerRoleCommand = {
        type: 'DecideOnSignals',
        accountId,
        role: account.role,
        adminId: admin.id,
        decision,
        at: now(),
      };
      const events = decideListerRole(command);
      await appendToAccount(createEventStore(deps.sql), accountId, events, admin.id);
      return { accountId, decision: describeEvent(events[0]!, locale) };
    },

    /** Whether the caller is asked 'Are you the owner or a broker?'. */
    question: async (user: AuthUser) => {
      if (user.role !== 'homeowner') return { open: false };
      const [candidate] = await brokerCandidates(deps.sql, user.id);
      const strength = candidate ? signalStrength(brokerSignals('homeowner', candidate.facts)) : 0;
      const { events } = await createEventStore(deps.sql).readStream(accountStreamId(user.id));
      return {
        open: roleQuestionOpen(events as unknown as AccountEvent[], strength >= ASK_TO_CONFIRM_AT),
      };
    },

    /** The caller's answer: 'broker' makes the account and every listing of it a broker's, in one transaction. */
    answer: async (user: AuthUser, answer: 'owner' | 'broker', locale: Locale) => {
      const at = now();
      const events = decideListerRole({
        type: 'AnswerRole',
        accountId: user.id,
        role: user.role,
        answer,
        at,
      });
      await deps.sql.begin(async (txn) => {
        const tx = txn as unknown as Sql;
        const store = createEventStore(tx);
        await appendToAccount(store, user.id, events, user.id);
        if (answer !== 'broker') return;
        await tx`UPDATE users SET role = 'broker', updated_at = ${at} WHERE id = ${user.id}`;
        await relabel(tx, store, user, at);
      });
      if (answer === 'broker')
        sessionCacheFor({ sql: deps.sql, clock: deps.clock, log: deps.log }).forgetUser(user.id);
      return {
        role: answer === 'broker' ? 'broker' : 'homeowner',
        text: translatorFor(locale).t('evidence.roleAnswered', { answer }),
      };
    },
  };
};
