/**
 * Signals that a 'homeowner' account is a broker (issue 41), each with its
 * reason in words for the admin, and their strength. Pure: the read model
 * (projections/src/trust/) gathers the facts, these rules weigh them.
 *
 * Thresholds, and why (docs/TRUST.md, 'Broker signals'): a family letting
 * two or three homes is common in India (an inherited flat, a house and its
 * upper floor), so listings at three addresses say nothing; four or more
 * different addresses is an agency's stock. Homes in two cities happen (a
 * flat in the city one moved away from); three cities rarely. The seed's
 * honest homeowners let at most two homes in one city (infra/src/seed), so
 * none crosses a threshold.
 */
import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';

export type ListerFacts = {
  /** Listings not deleted, listed or not. */
  listings: number;
  /** Different addresses among them (normalised address and locality). */
  addresses: number;
  /** The cities they are in. */
  cities: string[];
  /** Listings whose text says a brokerage or commission is charged, with the phrase. */
  brokerageMentions: { listingId: string; title: string; phrase: string }[];
  /** Other accounts with the same phone or email (the account's, or one written in a listing). */
  sharedContacts: { kind: 'phone' | 'email'; otherAccounts: number }[];
};

export type BrokerSignalKind =
  'many-addresses' | 'many-cities' | 'brokerage-text' | 'shared-contact';

export type BrokerSignal = { kind: BrokerSignalKind; weight: number; reason: string };

/** At this many different addresses a homeowner's listings start to look like an agency's. */
export const MANY_ADDRESSES = 4;
/** At this many cities. */
export const MANY_CITIES = 3;
/** Owners at or above this strength are asked to confirm their role. */
export const ASK_TO_CONFIRM_AT = 50;
/** Strength is a 0–100 score. */
const MAX_STRENGTH = 100;

/** A signal's reason in a language (the `evidence` namespace). */
type Reasons = ReturnType<typeof translatorFor>['t'];

const manyAddresses = (f: ListerFacts, t: Reasons): BrokerSignal[] =>
  f.addresses >= MANY_ADDRESSES
    ? [
        {
          kind: 'many-addresses',
          // 4 addresses weigh 25, each more 5, up to 45.
          weight: Math.min(45, 25 + 5 * (f.addresses - MANY_ADDRESSES)),
          reason: t('evidence.broker.manyAddresses', {
            listings: f.listings,
            addresses: f.addresses,
            most: MANY_ADDRESSES - 1,
          }),
        },
      ]
    : [];

const manyCities = (f: ListerFacts, t: Reasons): BrokerSignal[] =>
  f.cities.length >= MANY_CITIES
    ? [
        {
          kind: 'many-cities',
          weight: Math.min(35, 25 + 5 * (f.cities.length - MANY_CITIES)),
          reason: t('evidence.broker.manyCities', {
            n: f.cities.length,
            cities: [...f.cities].sort().join(', '),
          }),
        },
      ]
    : [];

const brokerageText = (f: ListerFacts, t: Reasons): BrokerSignal[] => {
  const [first, ...more] = f.brokerageMentions;
  if (!first) return [];
  return [
    {
      kind: 'brokerage-text',
      weight: more.length > 0 ? 45 : 35,
      reason: t('evidence.broker.brokerageText', {
        phrase: first.phrase,
        title: first.title,
        others: more.length,
      }),
    },
  ];
};

const sharedContact = (f: ListerFacts, t: Reasons): BrokerSignal[] =>
  f.sharedContacts
    .filter((c) => c.otherAccounts > 0)
    .map((c) => ({
      kind: 'shared-contact' as const,
      weight: Math.min(45, 30 + 5 * (c.otherAccounts - 1)),
      reason: t('evidence.broker.sharedContact', { kind: c.kind, n: c.otherAccounts }),
    }));

/**
 * Every signal the facts give, strongest first, its reason in `locale` (the
 * admin's). Only a homeowner account has any: a broker says so.
 */
export const brokerSignals = (
  role: string,
  facts: ListerFacts,
  locale: Locale = 'en',
): BrokerSignal[] => {
  if (role !== 'homeowner') return [];
  const { t } = translatorFor(locale);
  return [
    ...manyAddresses(facts, t),
    ...manyCities(facts, t),
    ...brokerageText(facts, t),
    ...sharedContact(facts, t),
  ].sort((a, b) => b.weight - a.weight);
};

/** How strongly the signals together say 'broker', 0–100: their weights added, capped. */
export const signalStrength = (signals: readonly BrokerSignal[]): number =>
  Math.min(
    MAX_STRENGTH,
    signals.reduce((sum, s) => sum + s.weight, 0),
  );
