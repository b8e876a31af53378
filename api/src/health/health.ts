import type { Sql } from 'postgres';
import {
  parkedStreams,
  projectionStates,
  publicSiteStatus,
  type PublicSiteStatus,
} from '@rentals/projections/queries/readSideHealth';

/**
 * ok: everything works. degraded: the product serves, but some streams are
 * parked (their listings are stale in a read model). down: Postgres or
 * Meilisearch does not answer, or a projection's runner has stopped.
 */
export type HealthStatus = 'ok' | 'degraded' | 'down';

/** How many parked streams the report names; the per-projection counts are always complete. */
export const PARKED_LISTED = 100;

export type HealthReport = {
  status: HealthStatus;
  postgres: { ok: boolean; error?: string };
  meilisearch: { ok: boolean; error?: string };
  projections: {
    name: string;
    status: string;
    lag: number;
    lastError: string | null;
    parked: number;
  }[];
  /** The oldest parked streams, with the event that fails and why. */
  parked: {
    projection: string;
    streamId: string;
    position: number;
    eventType: string;
    error: string;
    parkedAt: string;
    held: number;
  }[];
  /** The static public pages: marks not yet rebuilt and how long the oldest has waited. */
  publicSite?: PublicSiteStatus;
};

/** A load balancer keeps an instance that serves, degraded or not; only an outage takes it out. */
export const httpStatusOf = (status: HealthStatus) => (status === 'down' ? 503 : 200);

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);

export const checkHealth = async (sql: Sql, meiliUrl: string): Promise<HealthReport> => {
  const postgres = await withTimeout(sql`SELECT 1`, 2000)
    .then(() => ({ ok: true }))
    .catch((e: Error) => ({ ok: false, error: e.message }));
  const meilisearch = await withTimeout(fetch(`${meiliUrl}/health`), 2000)
    .then((r) => (r.ok ? { ok: true } : { ok: false, error: `HTTP ${r.status}` }))
    .catch((e: Error) => ({ ok: false, error: e.message }));
  const projections = postgres.ok
    ? (await projectionStates(sql)).map((p) => ({
        name: p.name,
        status: p.status,
        lag: p.lag,
        lastError: p.lastError,
        parked: p.parked,
      }))
    : [];
  const parked = projections.some((p) => p.parked > 0)
    ? (await parkedStreams(sql, { limit: PARKED_LISTED })).map((s) => ({
        projection: s.projection,
        streamId: s.streamId,
        position: s.position,
        eventType: s.eventType,
        error: s.error,
        parkedAt: s.parkedAt.toISOString(),
        held: s.held,
      }))
    : [];
  const down = !postgres.ok || !meilisearch.ok || projections.some((p) => p.status === 'failed');
  const status: HealthStatus = down ? 'down' : parked.length > 0 ? 'degraded' : 'ok';
  const publicSite = postgres.ok ? await publicSiteStatus(sql).catch(() => undefined) : undefined;
  return { status, postgres, meilisearch, projections, parked, publicSite };
};

/** The machine itself: IPv4 loopback, IPv6 loopback, and IPv4 loopback mapped into IPv6. */
export const isLoopback = (address: string | null): boolean =>
  address !== null &&
  (address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address) || /^::ffff:127\./i.test(address));
