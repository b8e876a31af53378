import type { Actor, ListingCommand } from '@rentals/core/listings/commands';
import { ListingFieldsSchema } from '@rentals/core/listings/fields';
import type { ListingFields } from '@rentals/core/listings/listing';
import type { Listing, ListingState } from '@rentals/core/listings/state';
import type { Random } from './random.ts';

/**
 * A year of a seeded listing's life (issue 18), so the rent history and the
 * locality trends have something real to show: the rent it opened at, then
 * rent revisions, lettings (delisted) and relistings, each at its own time.
 * `seed.ts` turns the steps into commands through `decide`.
 *
 * Rents follow the market: about 6 % a year higher towards the seed's 'now',
 * dearer in the moving season (April to July, when jobs and colleges start)
 * and cheaper in winter, each listing within a few per cent of it. A listing
 * left unlet for long is cut; one relisted after a letting comes back at the
 * market rate.
 */

export type HistoryStep =
  | { kind: 'rent'; at: string; rent: number }
  | { kind: 'delist'; at: string }
  | { kind: 'relist'; at: string };

export type ListingHistory = {
  /** The rent the listing is created with. */
  openingRent: number;
  /** Later steps, oldest first, all before `now`. */
  steps: HistoryStep[];
  /** A time after the last step (and before `now`) for a final delisting. */
  end: string;
};

const DAY = 86_400_000;
/** Listings confirm at least this recently (listing expiry: 30 days unconfirmed). */
export const CONFIRMED_WITHIN_DAYS = 20;
const ANNUAL_GROWTH = 0.06;

/** The moving season's premium by Indian calendar month (January = 0). */
const SEASON = [-0.03, -0.03, -0.01, 0.01, 0.02, 0.04, 0.04, 0.02, 0, -0.01, -0.02, -0.03];

const IST_OFFSET_MS = 330 * 60_000;
const monthIndex = (t: number) => new Date(t + IST_OFFSET_MS).getUTCMonth();

/** The market rent at time `t` of a listing whose rent is `base` at `now`. */
export const marketRent = (base: number, t: number, now: number): number =>
  base * (1 - (ANNUAL_GROWTH * (now - t)) / (365 * DAY)) * (1 + SEASON[monthIndex(t)]!);

/** Rents are asked in round figures: ₹500 steps (₹6,000 steps for a yearly rent). */
const round = (rent: number, yearly: boolean) => {
  const step = yearly ? 6000 : 500;
  return Math.max(step, Math.round(rent / step) * step);
};

/**
 * A listing's year from `createdAt` to `now`. It is on the market at the
 * end, created or with a step within the last CONFIRMED_WITHIN_DAYS days,
 * so listing expiry leaves it listed.
 */
export const planHistory = (
  random: Random,
  options: { createdAt: string; now: number; rent: number; yearly: boolean },
): ListingHistory => {
  const { now, yearly } = options;
  const created = Date.parse(options.createdAt);
  const jitter = () => 1 + random.int(-4, 4) / 100;
  const at = (t: number) => new Date(t).toISOString();
  const latest = now - CONFIRMED_WITHIN_DAYS * DAY;

  let rent = round(marketRent(options.rent, created, now) * jitter(), yearly);
  const openingRent = rent;
  const steps: HistoryStep[] = [];
  const revise = (t: number, next: number) => {
    const rounded = round(next, yearly);
    if (rounded === rent) return false;
    rent = rounded;
    steps.push({ kind: 'rent', at: at(t), rent });
    return true;
  };

  let listed = true;
  let listedSince = created;
  let t = created;
  for (;;) {
    t += random.int(25, 75) * DAY + random.int(0, DAY - 1);
    if (t >= latest) break;
    if (listed) {
      if (random.chance(0.15)) {
        // Let: off the market for a while, back at the market rate when the tenant leaves.
        steps.push({ kind: 'delist', at: at(t) });
        listed = false;
      } else if (t - listedSince > 60 * DAY && random.chance(0.5)) {
        revise(t, rent * (1 - random.int(3, 8) / 100));
      } else if (random.chance(0.4)) {
        revise(t, marketRent(options.rent, t, now) * jitter());
      }
    } else {
      steps.push({ kind: 'relist', at: at(t) });
      listed = true;
      listedSince = t;
      revise(t + 3_600_000, marketRent(options.rent, t, now) * jitter());
    }
  }

  // The latest confirmation: relisted, or the rent revised, within the last days before now.
  const confirm = latest + random.int(1, CONFIRMED_WITHIN_DAYS - 2) * DAY;
  const last = steps.at(-1);
  const recent = Date.parse(last?.at ?? options.createdAt) >= latest;
  if (!listed) {
    steps.push({ kind: 'relist', at: at(confirm) });
    revise(confirm + 3_600_000, marketRent(options.rent, confirm, now) * jitter());
  } else if (!recent && !revise(confirm, marketRent(options.rent, confirm, now) * jitter()))
    revise(confirm, rent - (yearly ? 6000 : 500));

  const lastAt = Date.parse(steps.at(-1)?.at ?? options.createdAt);
  const end = at(Math.min(now - 1000, lastAt + random.int(1, 3) * DAY));
  return { openingRent, steps, end };
};

/** The form's fields of a live listing (whatever fields the form has), as an edit sends them back. */
const listingFields = (listing: Listing): ListingFields =>
  Object.fromEntries(
    Object.keys(ListingFieldsSchema.properties)
      .filter((key) => key in listing)
      .map((key) => [key, listing[key as keyof Listing]]),
  ) as ListingFields;

/** The command a step stands for, by the listing's owner, on the listing as it is. */
export const historyCommand = (
  step: HistoryStep,
  actor: Actor,
  state: ListingState,
): ListingCommand => {
  if (step.kind === 'delist') return { type: 'DelistListing', actor, at: step.at };
  if (step.kind === 'relist')
    return { type: 'RelistListing', actor, emailVerified: true, at: step.at };
  if (state.status !== 'active') throw new Error('A rent revision of a listing that is not live');
  const { listing } = state;
  return {
    type: 'ReviseListing',
    actor,
    fields: { ...listingFields(listing), rent: step.rent },
    keepImages: undefined,
    newImages: [],
    at: step.at,
  };
};
