import type { Sql } from 'postgres';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { MediaStore } from '@rentals/api/media/mediaStore';
import type { Actor } from '@rentals/core/listings/commands';
import { decide } from '@rentals/core/listings/decide';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingEvent,
} from '@rentals/core/listings/events';
import type { ListingOwner } from '@rentals/core/listings/listing';
import { fold, initialState } from '@rentals/core/listings/state';
import { generateListing, placePicker, type GeneratedListing } from './listingGenerator.ts';
import { historyCommand, planHistory, type ListingHistory } from './history.ts';
import { withIndiaFields } from './indiaFields.ts';
import { loadSeedLocalities } from './localities.ts';
import { buildPhotoPool } from './photoPool.ts';
import { createRandom } from './random.ts';
import { seedUsers, type SeedOwner } from './users.ts';
import { planViews, type SeedViews } from './views.ts';

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
  /**
   * When the seed runs (default: now). Listed listings are confirmed within
   * the 5 days before the start of its UTC day, so a stack seeded today has
   * none due for an expiry reminder for weeks; tests pass a fixed time.
   */
  now?: number;
};

/** How many listings `npm run dev` seeds on a first start (`npm run seed`'s default). */
export const DEV_SEED_LISTINGS = 2000;

export type SeedResult = { created: number; skipped: number; cities: number; owners: number };

/**
 * Listed dates and the history spread over the year before this fixed day,
 * so runs are reproducible; only the owners' last 'Still available' follows
 * the day the seed runs (confirmationDay).
 */
export const SEED_EPOCH = Date.UTC(2026, 10, 15);
const DAY = 86_400_000;

/** The day seeded listings are confirmed before: the start of `now`'s UTC day, never before SEED_EPOCH. */
export const confirmationDay = (now: number) => Math.max(SEED_EPOCH, now - (now % DAY));
const PARALLEL_BATCHES = 3;

type Planned = { listingId: string; userId: string; events: ListingEvent[]; views: SeedViews };

export type SeedListingPlan = {
  listingId: string;
  owner: Actor & ListingOwner;
  admin: Actor;
  generated: GeneratedListing;
  createdAt: string;
  /** When the delisting or verification happens, if either does. */
  later: string;
  delist: boolean;
  verify: boolean;
  /** Its rent revisions, lettings and relistings after creation (history.ts); a final delisting comes after them. */
  history?: ListingHistory;
  /** The owner's last 'Still available' (listed listings older than the expiry window), if any. */
  confirmedAt?: string | undefined;
};

/**
 * One seeded listing's events, decided by the domain as the API's commands
 * would be: create, then delist and/or verify. `decide` keeps the listing's
 * invariants, so a generator bug (a value the form would refuse) fails here,
 * loudly, and never reaches the log.
 */
export const seedListingEvents = (plan: SeedListingPlan): ListingEvent[] => {
  const actor = { id: plan.owner.id, role: plan.owner.role };
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
        listingId: plan.listingId,
        actor,
        owner: { name: plan.owner.name, role: plan.owner.role },
        // Seeded accounts are verified (users.ts): an operator made them.
        emailVerified: true,
        fields: {
          ...plan.generated.fields,
          rent: plan.history?.openingRent ?? plan.generated.fields.rent,
        },
        images: plan.generated.images,
        at: plan.createdAt,
      },
      state,
    ),
  );
  if (plan.verify)
    apply(
      decide(
        { type: 'SetVerification', actor: plan.admin, isVerified: true, at: plan.later },
        state,
      ),
    );
  for (const step of plan.history?.steps ?? [])
    apply(decide(historyCommand(step, actor, state), state));
  if (plan.delist)
    apply(decide({ type: 'DelistListing', actor, at: plan.history?.end ?? plan.later }, state));
  // The owner's 'Still available', when the listing is listed and its history has not confirmed it since.
  else if (
    plan.confirmedAt &&
    state.status === 'active' &&
    state.listing.isAvailable &&
    plan.confirmedAt > state.listing.lastConfirmedAt
  )
    apply(decide({ type: 'ConfirmAvailability', actor, at: plan.confirmedAt }, state));
  return events;
};

/**
 * The seeded listings' view counters, written where the API's view counter
 * writes them (the total and the owner chart's days), so cards, My Properties
 * and the dashboard show plausible figures rather than 0. A load-test seed
 * (over DAILY_VIEWS_UP_TO listings) keeps the totals only: 30 rows a listing
 * would only slow it down.
 */
const DAILY_VIEWS_UP_TO = 5000;
const ROWS_PER_INSERT = 5000;
const recordViews = async (sql: Sql, batch: Planned[], daily: boolean) => {
  const totals = batch
    .filter((b) => b.views.total > 0)
    .map((b) => ({ listing_id: b.listingId, views: b.views.total }));
  const days = daily
    ? batch.flatMap((b) =>
        b.views.daily.map((d) => ({ listing_id: b.listingId, day: d.day, views: d.views })),
      )
    : [];
  for (let i = 0; i < totals.length; i += ROWS_PER_INSERT)
    await sql`INSERT INTO listing_view_counts ${sql(totals.slice(i, i + ROWS_PER_INSERT))}
      ON CONFLICT (listing_id) DO NOTHING`;
  for (let i = 0; i < days.length; i += ROWS_PER_INSERT)
    await sql`INSERT INTO listing_daily_views ${sql(days.slice(i, i + ROWS_PER_INSERT))}
      ON CONFLICT (listing_id, day) DO NOTHING`;
};

/** How many homes a seeded homeowner lets, all in one city (docs/TRUST.md, 'Broker signals'). */
export const SEED_HOMEOWNER_LISTINGS = 2;

/**
 * Who lists a drawn listing: the drawn owner, unless that is a homeowner who
 * already lets SEED_HOMEOWNER_LISTINGS homes or lets one in another city; such
 * a listing goes to the brokers in turn. Honest homeowners let one or two
 * homes in their own city; an agency lets dozens in many. Drawing first and
 * reassigning after takes nothing from the generator, so the listings stay as
 * they were, only their owners change.
 */
const ownerAssigner = (owners: SeedOwner[]) => {
  const brokers = owners.filter((o) => o.role === 'broker');
  const homes = new Map<string, { count: number; city: string }>();
  let turn = 0;
  return (drawn: SeedOwner, city: string): SeedOwner => {
    if (drawn.role !== 'homeowner' || brokers.length === 0) return drawn;
    const own = homes.get(drawn.id);
    if (!own) {
      homes.set(drawn.id, { count: 1, city });
      return drawn;
    }
    if (own.count < SEED_HOMEOWNER_LISTINGS && own.city === city) {
      own.count++;
      return drawn;
    }
    return brokers[turn++ % brokers.length]!;
  };
};

/**
 * Fills the product with realistic listings in the neighbourhoods tenants
 * search in 26 Indian cities (the gazetteer's popular localities), owners
 * of every role, pooled photos. Each listing goes through `decide` and its
 * invariants (create, then delist or verify for some), and its events are
 * appended through the event store, many streams per transaction.
 * Projections build everything else from those events. Re-running with the same seed skips the listings that exist.
 */
export const seedListings = async (options: SeedOptions): Promise<SeedResult> => {
  const log = options.log ?? (() => {});
  const random = createRandom(options.seed ?? 20_260_101);
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? Date.now();
  const confirmBefore = confirmationDay(now);
  // Views draw from their own generator (one per listing), so the listings stay as they were.
  const viewRandom = random.fork('views');

  log('placing the popular localities at their PIN centroids…');
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
  const pickPlace = placePicker(cities);
  const ownerOf = ownerAssigner(users.owners);

  const plan = (): Planned => {
    const { city, locality } = pickPlace(listingRandom);
    const owner = ownerOf(listingRandom.pick(users.owners), city.name);
    const drafted = generateListing(listingRandom, city, locality, pool);
    const listingId = listingRandom.uuid();
    const createdAt = new Date(SEED_EPOCH - listingRandom.int(0, 365 * DAY)).toISOString();
    // Move-in from the day it is listed: the form takes a date at most a year ahead of that day, and the
    // history spreads creations over a year. The terms draw from their own generator, so nothing else moves.
    const generated = withIndiaFields(drafted, city, Date.parse(createdAt.slice(0, 10)));
    const later = new Date(Date.parse(createdAt) + listingRandom.int(1, 5) * DAY).toISOString();
    // Listed listings older than 10 days are confirmed within the 5 days before the day the seed runs
    // (after any delist or verification), so none is due to expire (issue 17) when the stack starts,
    // however long after SEED_EPOCH; derived, not drawn, so the rest of the data stays as it was.
    const created = Date.parse(createdAt);
    const confirmedAt =
      created < confirmBefore - 10 * DAY
        ? new Date(confirmBefore - (created % (5 * DAY))).toISOString()
        : undefined;
    const delist = listingRandom.chance(0.08);
    const verify = listingRandom.chance(0.35);
    const events = seedListingEvents({
      listingId,
      owner,
      admin: users.admin,
      generated,
      createdAt,
      later,
      delist,
      verify,
      history: planHistory(listingRandom.fork(listingId), {
        createdAt,
        now: SEED_EPOCH,
        rent: generated.fields.rent,
        yearly: generated.fields.rentType === 'yearly',
      }),
      confirmedAt,
    });
    const views = planViews(viewRandom.fork(listingId), {
      createdAt: created,
      now,
      listed: !delist,
    });
    return { listingId, userId: owner.id, events, views };
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
        await recordViews(tx as unknown as Sql, fresh, options.listings <= DAILY_VIEWS_UP_TO);
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
