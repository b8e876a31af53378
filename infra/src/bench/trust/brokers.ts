import type { Sql } from 'postgres';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { brokerSignals } from '@rentals/core/trust/brokerSignals';
import { insertUser } from '@rentals/api/auth/users';
import { brokerCandidates } from '@rentals/projections/queries/listerQueries';
import { createRandom } from '../../seed/random.ts';
import { generatedListing } from '../support/listingGenerator.ts';
import { sampleListingNumbers, type SignalResult } from './corpus.ts';

/**
 * Brokers posing as owners: 'homeowner' accounts, in turn, with an agency's
 * stock (5–12 homes at different addresses in one city), with listing text
 * that charges a brokerage, sharing a phone with another account, and quiet
 * ones (three homes, nothing said) that no rule should be expected to catch.
 * Honest homeowners let one or two homes in one city; a third of them write
 * 'No brokerage' as owners do. Caught: the account has any broker signal
 * (it is in the admins' list); a false alarm: an honest owner's listing whose
 * account has one.
 */
const SALT = 41_003;
type Kind = 'agency' | 'brokerage-text' | 'shared-phone' | 'quiet';
const KINDS: Kind[] = [
  'agency',
  'brokerage-text',
  'shared-phone',
  'agency',
  'brokerage-text',
  'shared-phone',
  'agency',
  'brokerage-text',
  'shared-phone',
  'quiet',
];
const BROKERAGE = [
  'Brokerage one month rent.',
  'Commission 50% of one month rent applicable.',
  'Brokerage charges extra as applicable.',
  'One month brokerage to be paid on agreement.',
];
const NO_BROKERAGE = [
  'No brokerage, owner directly.',
  'Zero brokerage.',
  'No broker please, direct owner.',
];

/** Seed listing numbers grouped by city, so one account's homes can be in one city. */
const numbersByCity = (seedSize: number, count: number) => {
  const byCity = new Map<string, number[]>();
  for (const n of sampleListingNumbers(seedSize, count, SALT)) {
    const city = generatedListing(n, 'x', '2026-01-01T00:00:00.000Z').data.location.city;
    byCity.set(city, [...(byCity.get(city) ?? []), n]);
  }
  return [...byCity.values()];
};

type Account = {
  id: string;
  phone: string;
  kind: Kind | 'honest';
  listings: { n: number; note?: string }[];
};

const plan = (seedSize: number, plants: number, honest: number): Account[] => {
  const random = createRandom(SALT);
  const cities = numbersByCity(seedSize, (plants * 8 + honest * 2) * 2);
  const take = (count: number) => {
    const big = cities.filter((c) => c.length >= count);
    return (big[random.int(0, big.length - 1)] ?? cities[0]!).splice(0, count);
  };
  const phone = (k: number) => `97${String(k).padStart(8, '0')}`;
  const accounts: Account[] = [];
  let sharing = 0;
  for (let i = 0; i < plants; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const count = kind === 'agency' ? random.int(5, 12) : kind === 'quiet' ? 3 : random.int(1, 2);
    const note = kind === 'brokerage-text' ? random.pick(BROKERAGE) : undefined;
    // Shared phones come in pairs: the first and second shared-phone accounts use one number, and so on.
    const shared = kind === 'shared-phone' ? phone(100_000 + Math.floor(sharing++ / 2)) : phone(i);
    accounts.push({
      id: `trust-broker-${i}`,
      phone: shared,
      kind,
      listings: take(count).map((n) => ({ n, note })),
    });
  }
  for (let j = 0; j < honest; j++) {
    const note = random.chance(1 / 3) ? random.pick(NO_BROKERAGE) : undefined;
    accounts.push({
      id: `trust-owner-${j}`,
      phone: phone(200_000 + j),
      kind: 'honest',
      listings: take(random.int(1, 2)).map((n) => ({ n, note })),
    });
  }
  return accounts;
};

export type BrokerCorpus = Account[];

export const plantBrokers = async (
  store: EventStore,
  sql: Sql,
  seedSize: number,
  counts: { plants: number; honest: number },
  plantAt: (i: number) => string,
): Promise<BrokerCorpus> => {
  const accounts = plan(seedSize, counts.plants, counts.honest);
  let i = 0;
  for (const account of accounts) {
    const at = plantAt(i);
    await insertUser(sql, {
      id: account.id,
      name: `Bench ${account.id}`,
      email: `${account.id}@bench.example.in`,
      phone: account.phone,
      role: 'homeowner',
      passwordHash: 'not-for-signing-in',
      now: new Date(at),
    });
    for (const [k, { n, note }] of account.listings.entries()) {
      const listingId = `${account.id}-${k}`;
      const [exists] =
        await sql`SELECT 1 FROM streams WHERE stream_id = ${listingStreamId(listingId)}`;
      i++;
      if (exists) continue;
      const source = generatedListing(n, account.id, plantAt(i)).data;
      await store.append(
        listingStreamId(listingId),
        LISTING_STREAM_TYPE,
        0,
        [
          {
            type: 'ListingCreated',
            data: {
              ...source,
              listingId,
              owner: { name: `Bench ${account.id}`, role: 'homeowner' },
              description: note
                ? `${source.description} ${note}`.slice(0, 2000)
                : source.description,
              images: [],
              isVerified: false,
            },
          },
        ],
        { userId: account.id },
      );
    }
  }
  return accounts;
};

export const measureBrokers = async (sql: Sql, corpus: BrokerCorpus): Promise<SignalResult> => {
  const flagged = new Set(
    (await brokerCandidates(sql))
      .filter((c) => brokerSignals('homeowner', c.facts).length > 0)
      .map((c) => c.accountId),
  );
  const posers = corpus.filter((a) => a.kind !== 'honest');
  const honest = corpus.filter((a) => a.kind === 'honest');
  const byKind = (['agency', 'brokerage-text', 'shared-phone', 'quiet'] as const).map((kind) => {
    const of = posers.filter((a) => a.kind === kind);
    return `${kind} ${of.filter((a) => flagged.has(a.id)).length}/${of.length}`;
  });
  return {
    signal: 'brokers posing as owners',
    planted: posers.length,
    caught: posers.filter((a) => flagged.has(a.id)).length,
    honest: honest.reduce((n, a) => n + a.listings.length, 0),
    falseAlarms: honest.filter((a) => flagged.has(a.id)).reduce((n, a) => n + a.listings.length, 0),
    recallBar: 0.8,
    falseAlarmBar: 0.02,
    notes: [
      `caught by kind: ${byKind.join(', ')} (quiet: three homes, nothing said — no rule is expected to catch them)`,
      "honest owners let one or two homes in one city; a third write 'No brokerage'",
    ],
  };
};
