import { Elysia, t } from 'elysia';
import type { AppDeps } from '../deps.ts';
import { searchStatusOf } from '../properties/services.ts';
import { checkHealth } from './health.ts';

const component = t.Object({ ok: t.Boolean(), error: t.Optional(t.String()) });

export const healthRoutes = (deps: Pick<AppDeps, 'sql' | 'meili'>) =>
  new Elysia({ name: 'health' }).get(
    '/health',
    async ({ set }) => {
      const report = await checkHealth(deps.sql, deps.meili.url);
      set.status = report.status === 'ok' ? 200 : 503;
      return { ...report, search: searchStatusOf(deps) };
    },
    {
      detail: {
        summary: 'State of Postgres, Meilisearch and each projection (lag in events)',
        tags: ['Operations'],
      },
      response: {
        200: t.Object({
          status: t.Union([t.Literal('ok'), t.Literal('down')]),
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
        }),
      },
    },
  );
