import type { Sql } from 'postgres';
import { projectionStates } from '@rentals/projections/runner/checkpoints';
import { publicSiteStatus, type PublicSiteStatus } from '@rentals/infra/publicSite/status';

export type HealthReport = {
  status: 'ok' | 'down';
  postgres: { ok: boolean; error?: string };
  meilisearch: { ok: boolean; error?: string };
  projections: { name: string; status: string; lag: number; lastError: string | null }[];
  /** The static public pages: marks not yet rebuilt and how long the oldest has waited. */
  publicSite?: PublicSiteStatus;
};

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);

/** Healthy means: Postgres answers, Meilisearch answers, and no projection has stopped on an error. */
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
      }))
    : [];
  const ok = postgres.ok && meilisearch.ok && projections.every((p) => p.status !== 'failed');
  const publicSite = postgres.ok ? await publicSiteStatus(sql).catch(() => undefined) : undefined;
  return { status: ok ? 'ok' : 'down', postgres, meilisearch, projections, publicSite };
};
