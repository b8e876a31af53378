import type { Sql } from 'postgres';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { listingFairRent } from '@rentals/projections/queries/rentTrends';
import { createRandom } from '../../seed/random.ts';
import { generatedListing } from '../support/listingGenerator.ts';
import { benchListingId, sampleListingNumbers, type SignalResult } from './corpus.ts';

/**
 * 'Too good to be true': copies of seeded listings (same place, type and
 * BHK, another owner) at 30–50 % below the copied listing's rent, as city
 * police describe the scam. Caught when the rule the sweep and the detail
 * page apply (fairRent's muchBelow) finds it; false alarms are honest seeded
 * listings it finds.
 */
const SALT = 41_001;

/** The seed delists every 25th listing: copy and sample listed ones. */
const listed = (n: number) => n % 25 !== 0;

export const plantTooCheap = async (
  store: EventStore,
  sql: Sql,
  seedSize: number,
  plants: number,
  plantAt: (i: number) => string,
): Promise<string[]> => {
  const random = createRandom(SALT);
  const sources = sampleListingNumbers(seedSize, plants * 2, SALT)
    .filter(listed)
    .slice(0, plants);
  const ids: string[] = [];
  for (const [i, n] of sources.entries()) {
    const source = generatedListing(n, 'unused', plantAt(i)).data;
    const share = 0.5 + random.next() * 0.2;
    const listingId = `trust-cheap-${String(i).padStart(5, '0')}`;
    ids.push(listingId);
    const [exists] =
      await sql`SELECT 1 FROM streams WHERE stream_id = ${listingStreamId(listingId)}`;
    if (exists) continue;
    const ownerId = `trust-cheap-owner-${i}`;
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
            ownerId,
            owner: { name: `Cheap Owner ${i}`, role: 'homeowner' },
            rent: Math.max(1000, Math.round((source.rent * share) / 100) * 100),
            isVerified: false,
          },
        },
      ],
      { userId: ownerId },
    );
  }
  return ids;
};

export const measureTooCheap = async (
  sql: Sql,
  seedSize: number,
  planted: string[],
  honestSample: number,
): Promise<SignalResult> => {
  let caught = 0;
  let noComparables = 0;
  for (const id of planted) {
    const found = await listingFairRent(sql, id);
    if (found?.fair?.muchBelow) caught++;
    if (!found?.fair || found.fair.basis === 'city') noComparables++;
  }
  const honest = sampleListingNumbers(seedSize, honestSample * 2, SALT + 1)
    .filter(listed)
    .slice(0, honestSample);
  let falseAlarms = 0;
  const started = performance.now();
  for (const n of honest) {
    const found = await listingFairRent(sql, benchListingId(n));
    if (found?.fair?.muchBelow) falseAlarms++;
  }
  const msEach = (performance.now() - started) / honest.length;
  return {
    signal: 'too cheap',
    planted: planted.length,
    caught,
    honest: honest.length,
    falseAlarms,
    recallBar: 0.8,
    falseAlarmBar: 0.02,
    notes: [
      `planted at 50–70 % of the copied listing's rent; ${noComparables} planted had no locality or nearby median (never flagged against a city)`,
      `one check ${msEach.toFixed(1)} ms (the sweep's cost per listing; ${Math.round((msEach * seedSize) / 1000)} s for the whole seed)`,
    ],
  };
};
