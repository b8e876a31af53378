import { valued } from '@rentals/core/i18n/valued';
import { RetryLaterError } from '../shared/retryLater.ts';

/** Searches a client may make per second on average (SEARCHES_PER_SECOND), and how many at once. */
export type SearchRate = { perSecond: number };

/** A page load fires a few searches at once (list, map, a refetch while panning): a burst of this many seconds' worth. */
const BURST_SECONDS = 6;
/** Clients remembered per process (the least recently refilled are forgotten first, i.e. start full again). */
const MAX_CLIENTS = 100_000;

export const searchRateMessage = valued<[seconds: number]>(
  ['seconds'],
  'Too many searches; try again in {seconds, plural, one {# second} other {# seconds}}.',
);

/**
 * Per-client token buckets for the search and map endpoints, against
 * scraping the listings page by page and against one client taking the
 * search engine for itself. A signed-in user is counted by their id (many
 * tenants share one address behind a mobile carrier's NAT); a visitor by
 * address. Kept in each web process's memory: behind N processes a client
 * gets up to N times the rate, which is still bounded. Without a rate, no
 * limit (tests, benchmarks, load runs from one address).
 */
export const createSearchRate = (rate: SearchRate | undefined, clock: () => Date) => {
  if (!rate || rate.perSecond <= 0) return { take: (_client: string) => {} };
  const capacity = rate.perSecond * BURST_SECONDS;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one search from the client's bucket, or throws 429 with the seconds until one is back. */
    take: (client: string) => {
      const now = clock().getTime();
      const bucket = buckets.get(client) ?? { tokens: capacity, at: now };
      buckets.delete(client);
      bucket.tokens = Math.min(
        capacity,
        bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond,
      );
      bucket.at = now;
      buckets.set(client, bucket);
      if (buckets.size > MAX_CLIENTS) buckets.delete(buckets.keys().next().value!);
      if (bucket.tokens < 1) {
        const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / rate.perSecond));
        throw new RetryLaterError(429, searchRateMessage(seconds), seconds);
      }
      bucket.tokens -= 1;
    },
  };
};
