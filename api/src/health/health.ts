import type { Sql } from 'postgres';
import { searchProjectionName } from '@rentals/projections/queries/searchReplicas';
import type { MailStatus } from '@rentals/core/mail/smtpMailer';
import {
  etaSeconds,
  parkedStreams,
  projectionStates,
  PUBLIC_SITE_SOURCES,
  publicSiteStatus,
  type PublicSiteStatus,
} from '@rentals/projections/queries/readSideHealth';
import { pushStatus, type PushStatus } from '@rentals/projections/queries/pushHealth';
import {
  lastExpirySweep,
  type ExpirySweepStatus,
} from '@rentals/projections/queries/listingExpiry';

/**
 * ok: everything works. degraded: the product serves, but some streams are
 * parked (their listings are stale in a read model) or a Meilisearch does not
 * answer (searches go to the other replicas, or fall back to Postgres). down: Postgres does not answer, or
 * a projection has no live worker (its heartbeat is stale) or its worker failed.
 */
export type HealthStatus = 'ok' | 'degraded' | 'down';

/** How many parked streams the report names; the per-projection counts are always complete. */
export const PARKED_LISTED = 100;

export type HealthReport = {
  status: HealthStatus;
  postgres: { ok: boolean; error?: string };
  /** `ok` when every Meilisearch answers; `error` is the first failure's. */
  meilisearch: { ok: boolean; error?: string; servers: MeiliServerHealth[] };
  projections: {
    name: string;
    /** The checkpoint's status, or 'down' when no worker has sent a heartbeat lately. */
    status: string;
    lag: number;
    lastError: string | null;
    parked: number;
    /** The worker's last heartbeat; null when none ever ran (or it stopped cleanly). */
    lastSeenAt: string | null;
    /** Events applied per second over the worker's last few seconds; null before it applied any. */
    eventsPerSecond: number | null;
    /** Time left to catch up at that rate: 0 when caught up, null when behind and not moving. */
    etaSeconds: number | null;
  }[];
  /**
   * The read side's catch-up as a whole (a bulk import): the largest lag, and
   * the time until every projection and the static pages have caught up.
   */
  catchUp: { lag: number; etaSeconds: number | null };
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
  /**
   * The static public pages: marks not yet rebuilt, how long the oldest has
   * waited, and the time left (the models the pages are built from catching
   * up, then one run as long as the last).
   */
  publicSite?: PublicSiteStatus & { etaSeconds: number | null };
  /** Outgoing mail: the last send's outcome ('degraded' since it failed), 'off' without SMTP_URL. */
  mail: MailStatus;
  /** The listing expiry scheduler's last sweep (null before the first); its failures are retried next sweep. */
  listingExpiry?: ExpirySweepStatus | null;
  /** Web Push: subscriptions kept and the last day's deliveries (sent, gone: 404/410, failed). */
  push?: PushStatus;
};

/** One Meilisearch of MEILI_URL and the search projection that feeds it. */
export type MeiliServerHealth = { url: string; projection: string; ok: boolean; error?: string };

/** A load balancer keeps an instance that serves, degraded or not; only an outage takes it out. */
export const httpStatusOf = (status: HealthStatus) => (status === 'down' ? 503 : 200);

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);

const OFF: MailStatus = { status: 'off', error: 'no mailer configured' };

/** How long a health check waits for each dependency. */
const CHECK_TIMEOUT_MS = 2000;

/** Whether Postgres answers within the check's timeout (readiness asks only this). */
export const checkPostgres = (sql: Sql): Promise<{ ok: boolean; error?: string }> =>
  withTimeout(sql`SELECT 1`, CHECK_TIMEOUT_MS)
    .then(() => ({ ok: true }))
    .catch((e: Error) => ({ ok: false, error: e.message }));

/** Asks every Meilisearch at once, each within the check's timeout. */
const checkMeilisearch = async (urls: readonly string[]): Promise<HealthReport['meilisearch']> => {
  const servers = await Promise.all(
    urls.map((url, i) =>
      withTimeout(fetch(`${url}/health`), CHECK_TIMEOUT_MS)
        .then((r) => (r.ok ? { ok: true } : { ok: false, error: `HTTP ${r.status}` }))
        .catch((e: Error) => ({ ok: false, error: e.message }))
        .then((result) => ({ url, projection: searchProjectionName(i), ...result })),
    ),
  );
  const failed = servers.find((s) => !s.ok);
  return { ok: !failed, ...(failed ? { error: `${failed.url}: ${failed.error}` } : {}), servers };
};

/**
 * Time left until the static pages show everything: nothing pending, 0;
 * otherwise the slower of the models the pages come from, plus one more run
 * as long as the last (null while either is behind and not moving, or before
 * any run).
 */
export const publicSiteEta = (
  site: PublicSiteStatus,
  projections: readonly { name: string; etaSeconds: number | null }[],
): number | null => {
  const sources = projections.filter((p) => PUBLIC_SITE_SOURCES.includes(p.name));
  const pending = site.pendingCities + site.pendingListings > 0;
  if (!pending && sources.every((p) => p.etaSeconds === 0)) return 0;
  if (sources.some((p) => p.etaSeconds === null) || site.lastRunSeconds === null) return null;
  return Math.max(0, ...sources.map((p) => p.etaSeconds ?? 0)) + Math.ceil(site.lastRunSeconds);
};

export const checkHealth = async (
  sql: Sql,
  meiliUrls: readonly string[],
  options: { staleAfterSeconds?: number; mail?: MailStatus } = {},
): Promise<HealthReport> => {
  const mail = options.mail ?? OFF;
  const [postgres, meilisearch] = await Promise.all([
    checkPostgres(sql),
    checkMeilisearch(meiliUrls),
  ]);
  const projections = postgres.ok
    ? (await projectionStates(sql, options)).map((p) => ({
        name: p.name,
        // A rebuild's copy (`<name>~rebuild`) has no worker of its own in this table: it is not a dead projection.
        status: p.alive || p.status === 'rebuilding' ? p.status : 'down',
        lag: p.lag,
        lastError: p.lastError,
        parked: p.parked,
        lastSeenAt: p.lastSeenAt?.toISOString() ?? null,
        eventsPerSecond: p.eventsPerSecond === null ? null : Math.round(p.eventsPerSecond),
        etaSeconds: etaSeconds(p.lag, p.eventsPerSecond),
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
  const down =
    !postgres.ok || projections.some((p) => p.status === 'failed' || p.status === 'down');
  // Searches go to another replica or fall back to the Postgres read model, so a dead
  // Meilisearch (one or all) degrades, never downs; mail that does not go out (reset links)
  // degrades too.
  const degraded =
    parked.length > 0 ||
    !meilisearch.ok ||
    projections.some((p) => p.status === 'rebuilding') ||
    mail.status !== 'ok';
  const status: HealthStatus = down ? 'down' : degraded ? 'degraded' : 'ok';
  const site = postgres.ok ? await publicSiteStatus(sql).catch(() => undefined) : undefined;
  const publicSite = site && { ...site, etaSeconds: publicSiteEta(site, projections) };
  const etas = [...projections.map((p) => p.etaSeconds), publicSite?.etaSeconds ?? 0];
  const catchUp = {
    lag: Math.max(0, ...projections.map((p) => p.lag)),
    etaSeconds: etas.includes(null) ? null : Math.max(0, ...(etas as number[])),
  };
  const listingExpiry = postgres.ok ? await lastExpirySweep(sql).catch(() => undefined) : undefined;
  const push = postgres.ok ? await pushStatus(sql).catch(() => undefined) : undefined;
  return {
    status,
    postgres,
    meilisearch,
    projections,
    catchUp,
    parked,
    publicSite,
    mail,
    listingExpiry,
    push,
  };
};

/** The machine itself: IPv4 loopback, IPv6 loopback, and IPv4 loopback mapped into IPv6. */
export const isLoopback = (address: string | null): boolean =>
  address !== null &&
  (address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address) || /^::ffff:127\./i.test(address));
