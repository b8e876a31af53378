import { Elysia, t } from 'elysia';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { searchStatusOf } from '../properties/services.ts';
import { meiliUrlsOf } from '../properties/propertySearch.ts';
import { photoWorker } from '../media/photoPipeline.ts';
import { checkHealth, checkPostgres, httpStatusOf, isLoopback } from './health.ts';

const component = t.Object({ ok: t.Boolean(), error: t.Optional(t.String()) });
const meilisearch = t.Object({
  ok: t.Boolean(),
  error: t.Optional(t.String()),
  // Each Meilisearch of MEILI_URL with the search projection that feeds it.
  servers: t.Array(
    t.Object({
      url: t.String(),
      projection: t.String(),
      ok: t.Boolean(),
      error: t.Optional(t.String()),
    }),
  ),
});
const status = t.Union([t.Literal('ok'), t.Literal('degraded'), t.Literal('down')]);

const PublicHealth = t.Object({ status });

const DetailedHealth = t.Object({
  status,
  postgres: component,
  meilisearch,
  // Which engine answers searches: 'postgres-fallback' (with since/reason) while no Meilisearch answers;
  // each replica as this process' searches see it (up, behind: its projection lags, down: backing off).
  search: t.Object({
    engine: t.String(),
    since: t.Optional(t.String()),
    reason: t.Optional(t.String()),
    replicas: t.Array(
      t.Object({
        url: t.String(),
        projection: t.String(),
        state: t.String(),
        lag: t.Union([t.Number(), t.Null()]),
        error: t.Optional(t.String()),
        downSince: t.Optional(t.String()),
      }),
    ),
  }),
  projections: t.Array(
    t.Object({
      name: t.String(),
      status: t.String(),
      lag: t.Number(),
      lastError: t.Union([t.String(), t.Null()]),
      parked: t.Number(),
      lastSeenAt: t.Union([t.String(), t.Null()]),
      eventsPerSecond: t.Union([t.Number(), t.Null()]),
      etaSeconds: t.Union([t.Number(), t.Null()]),
    }),
  ),
  // The largest lag in events and the time left until every projection and the static pages caught up.
  catchUp: t.Object({ lag: t.Number(), etaSeconds: t.Union([t.Number(), t.Null()]) }),
  parked: t.Array(
    t.Object({
      projection: t.String(),
      streamId: t.String(),
      position: t.Number(),
      eventType: t.String(),
      error: t.String(),
      parkedAt: t.String(),
      held: t.Number(),
    }),
  ),
  mail: t.Object({
    status: t.Union([t.Literal('ok'), t.Literal('degraded'), t.Literal('off')]),
    error: t.Optional(t.String()),
    since: t.Optional(t.String()),
  }),
  publicSite: t.Optional(
    t.Object({
      pendingCities: t.Number(),
      pendingListings: t.Number(),
      lagSeconds: t.Number(),
      lastRunAt: t.Union([t.String(), t.Null()]),
      lastRunSeconds: t.Union([t.Number(), t.Null()]),
      etaSeconds: t.Union([t.Number(), t.Null()]),
    }),
  ),
  // This web process's photo worker (api/src/media/photoWorker.ts): whether one runs, processes started,
  // jobs sent, how often a worker stopped holding jobs (each failed those uploads with a 503) and the last time.
  photos: t.Optional(
    t.Object({
      running: t.Boolean(),
      started: t.Number(),
      jobs: t.Number(),
      stoppedMidJob: t.Number(),
      lastStoppedMidJob: t.Union([t.Object({ at: t.String(), detail: t.String() }), t.Null()]),
    }),
  ),
  // The listing expiry scheduler's last sweep: when, for which now, listings due, reminded, expired, failed.
  listingExpiry: t.Optional(
    t.Union([
      t.Object({
        lastSweepAt: t.String(),
        sweptFor: t.String(),
        due: t.Number(),
        reminded: t.Number(),
        expired: t.Number(),
        failures: t.Number(),
        durationMs: t.Number(),
      }),
      t.Null(),
    ]),
  ),
  // Web Push: subscriptions kept, the last day's deliveries by outcome (gone: 404/410, the subscription removed).
  push: t.Optional(
    t.Object({
      subscriptions: t.Number(),
      lastDay: t.Object({ sent: t.Number(), gone: t.Number(), failed: t.Number() }),
      lastSentAt: t.Union([t.String(), t.Null()]),
    }),
  ),
});

const Health = t.Union([DetailedHealth, PublicHealth]);

const Liveness = t.Object({ status: t.Literal('ok') });

export type HealthDeps = Pick<
  AppDeps,
  'sql' | 'meili' | 'jwtSecret' | 'clock' | 'tokenTtlSeconds' | 'clientIp' | 'mailer'
>;

/**
 * GET /api/health. Anyone gets the status alone (200 for ok and degraded, 503
 * when down), enough for a load balancer; the details (errors, stream ids,
 * lags) go only to an admin's token or to a caller on the machine itself
 * (the client address as `clientIp` sees it, so a proxied request is never
 * mistaken for a local one when TRUST_PROXY_HOPS is set).
 */
export const healthRoutes = (deps: HealthDeps) =>
  new Elysia({ name: 'health' })
    .use(access(deps))
    .get(
      '/health',
      async ({ set, user, request }) => {
        const report = await checkHealth(deps.sql, meiliUrlsOf(deps.meili), {
          mail: deps.mailer?.status(),
        });
        set.status = httpStatusOf(report.status);
        const detailed = user?.role === 'admin' || isLoopback(deps.clientIp?.(request) ?? null);
        if (!detailed) return { status: report.status };
        return { ...report, search: searchStatusOf(deps), photos: photoWorker.stats() };
      },
      {
        optionalUser: true,
        detail: {
          summary:
            'Health of the whole product: ok, degraded (streams parked, or search on the Postgres fallback) or down; details for admins and local callers',
          description:
            'Anyone: `{status}`, 200 for ok and degraded, 503 for down (Postgres unreachable, or a ' +
            'projection without a live worker or with a failed one). With an admin token or from the ' +
            'machine itself: the state of Postgres, each Meilisearch (with the search projection feeding ' +
            'it), the search engine in use and each replica as searches see it, each projection ' +
            "(status — 'down' when its heartbeat is stale —, lag in events, parked streams, last heartbeat), " +
            "the parked streams with their errors, the public site's lag, this process's photo worker (jobs, and stops that failed uploads), the listing expiry scheduler's last sweep, Web Push (subscriptions, the last day's deliveries by outcome), and mail (`ok`, `degraded` " +
            'since a send failed, until one succeeds, or `off` without SMTP_URL; either degrades the ' +
            'status). For a load balancer use ' +
            '/api/health/ready: a dead projections process must not take every web instance out.',
          tags: ['Operations'],
        },
        response: { 200: Health, 503: Health },
      },
    )
    .get('/health/live', () => ({ status: 'ok' as const }), {
      detail: {
        summary: 'Liveness: 200 whenever the process answers',
        description:
          'Touches no dependency: restart the process only when this fails or times out.',
        tags: ['Operations'],
      },
      response: { 200: Liveness },
    })
    .get(
      '/health/ready',
      async ({ set }) => {
        const postgres = await checkPostgres(deps.sql);
        if (!postgres.ok) {
          set.status = 503;
          return { status: 'down' as const };
        }
        // Searching on the Postgres fallback, or with a replica down, still serves every
        // request: ready, degraded.
        const search = searchStatusOf(deps);
        return {
          status:
            search.engine === 'meilisearch' && search.replicas.every((r) => r.state !== 'down')
              ? ('ok' as const)
              : ('degraded' as const),
        };
      },
      {
        detail: {
          summary: 'Readiness: 200 (ok or degraded) when this instance can serve, 503 when not',
          description:
            'Ready when Postgres answers within 2 s. Search on the Postgres fallback (no Meilisearch ' +
            'answers) or with one search replica down is still ready, as `degraded`. Point a load balancer here.',
          tags: ['Operations'],
        },
        response: { 200: PublicHealth, 503: PublicHealth },
      },
    );
