import { Elysia, t } from 'elysia';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { searchStatusOf } from '../properties/services.ts';
import { checkHealth, httpStatusOf, isLoopback } from './health.ts';

const component = t.Object({ ok: t.Boolean(), error: t.Optional(t.String()) });
const status = t.Union([t.Literal('ok'), t.Literal('degraded'), t.Literal('down')]);

const PublicHealth = t.Object({ status });

const DetailedHealth = t.Object({
  status,
  postgres: component,
  meilisearch: component,
  // Which engine answers searches: 'postgres-fallback' (with since/reason) while Meilisearch is down.
  search: t.Object({
    engine: t.String(),
    since: t.Optional(t.String()),
    reason: t.Optional(t.String()),
  }),
  projections: t.Array(
    t.Object({
      name: t.String(),
      status: t.String(),
      lag: t.Number(),
      lastError: t.Union([t.String(), t.Null()]),
      parked: t.Number(),
    }),
  ),
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
  publicSite: t.Optional(
    t.Object({
      pendingCities: t.Number(),
      pendingListings: t.Number(),
      lagSeconds: t.Number(),
      lastRunAt: t.Union([t.String(), t.Null()]),
    }),
  ),
});

const Health = t.Union([DetailedHealth, PublicHealth]);

export type HealthDeps = Pick<
  AppDeps,
  'sql' | 'meili' | 'jwtSecret' | 'clock' | 'tokenTtlSeconds' | 'clientIp'
>;

/**
 * GET /api/health. Anyone gets the status alone (200 for ok and degraded, 503
 * when down), enough for a load balancer; the details (errors, stream ids,
 * lags) go only to an admin's token or to a caller on the machine itself
 * (the client address as `clientIp` sees it, so a proxied request is never
 * mistaken for a local one when TRUST_PROXY_HOPS is set).
 */
export const healthRoutes = (deps: HealthDeps) =>
  new Elysia({ name: 'health' }).use(access(deps)).get(
    '/health',
    async ({ set, user, request }) => {
      const report = await checkHealth(deps.sql, deps.meili.url);
      set.status = httpStatusOf(report.status);
      const detailed = user?.role === 'admin' || isLoopback(deps.clientIp?.(request) ?? null);
      if (!detailed) return { status: report.status };
      return { ...report, search: searchStatusOf(deps) };
    },
    {
      optionalUser: true,
      detail: {
        summary:
          'Health: ok, degraded (streams parked) or down; details for admins and local callers',
        description:
          'Anyone: `{status}`, 200 for ok and degraded, 503 for down. With an admin token or from the ' +
          'machine itself: the state of Postgres, Meilisearch, the search engine in use, each projection ' +
          '(status, lag in events, parked streams), the parked streams with their errors, and the public ' +
          "site's lag.",
        tags: ['Operations'],
      },
      response: { 200: Health, 503: Health },
    },
  );
