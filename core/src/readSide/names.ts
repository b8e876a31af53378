import type { Checkpoint } from '../eventStore/types.ts';

/*
 * The read side's names: the projections that write its tables and index, and
 * the queries the web process and the tools read them with, name them from
 * here, so a reader never loads a writer's code for a name.
 */

export const LISTING_READ_MODEL = 'listing-read-model';
export const PUBLIC_LISTING_MODEL = 'public-listing-model';
export const FAVOURITES_READ_MODEL = 'favourites';
export const REPORT_QUEUE_READ_MODEL = 'report-queue';
export const DUPLICATES_READ_MODEL = 'duplicates';
export const DIRTY_CITIES = 'public-site-dirty-cities';
export const LISTER_TRUST_READ_MODEL = 'lister-trust';
export const VISITS_READ_MODEL = 'visits';
/** The lets recorded (issue 44): listing_lets. */
export const LETS_READ_MODEL = 'listing-lets';

/** The alias every search reads; a rebuild fills a fresh index and swaps it in under this name. */
export const LISTINGS_INDEX = 'listings';

export const LISTINGS_SEARCH_PROJECTION = 'listings-search-index';

/**
 * The search projection feeding the `replica`th Meilisearch of MEILI_URL
 * (0-based): the first keeps the name it always had (its checkpoint stays
 * valid), the others are `listings-search-index#2`, `#3`, … The API pairs a
 * Meilisearch with its projection by the same position in the list.
 */
export const searchProjectionName = (replica: number) =>
  replica === 0 ? LISTINGS_SEARCH_PROJECTION : `${LISTINGS_SEARCH_PROJECTION}#${replica + 1}`;

/**
 * The runner that owns a projection holds the advisory lock on
 * hashtext(PROJECTION_LOCK_PREFIX || name) for its session: a standby waits
 * on it, and health counts a worker alive only while it is held.
 */
export const PROJECTION_LOCK_PREFIX = 'projection:';

export type ProjectionStatus = 'idle' | 'running' | 'failed' | 'rebuilding';

/** A projection's checkpoint row. */
export type ProjectionState = Checkpoint & {
  name: string;
  status: ProjectionStatus;
  lastError: string | null;
  updatedAt: Date;
};
