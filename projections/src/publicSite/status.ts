import type { Sql, TransactionSql } from 'postgres';
import type { BuildReport } from './build.ts';

export const recordRun = async (
  tx: TransactionSql,
  kind: 'incremental' | 'full',
  startedAt: Date,
  report: BuildReport,
) => {
  await tx`INSERT INTO public_site_runs (kind, started_at, finished_at, cities, pages_written, pages_unchanged)
           VALUES (${kind}, ${startedAt}, now(), ${report.cities.slice(0, 50)}::text[], ${report.written}, ${report.unchanged})`;
  // Keep a short history: this is for operators and /api/health, not an audit log.
  await tx`DELETE FROM public_site_runs WHERE id <= (SELECT max(id) - 200 FROM public_site_runs)`;
};

export type PublicSiteStatus = {
  /** Cities and listing pages marked and not yet rebuilt. */
  pendingCities: number;
  pendingListings: number;
  /** Seconds since the oldest pending mark; 0 when nothing waits. */
  lagSeconds: number;
  lastRunAt: string | null;
};

/** The regenerator's lag, for /api/health. */
export const publicSiteStatus = async (sql: Sql): Promise<PublicSiteStatus> => {
  const [row] = await sql<
    { cities: number; listings: number; lag: number; last_run: Date | null }[]
  >`SELECT (SELECT count(*) FROM public_site_dirty_cities)::int AS cities,
           (SELECT count(*) FROM public_site_dirty_listings)::int AS listings,
           coalesce(extract(epoch FROM now() - (SELECT min(first_dirty_at) FROM public_site_dirty_cities)), 0)::float8 AS lag,
           (SELECT max(finished_at) FROM public_site_runs) AS last_run`;
  return {
    pendingCities: row?.cities ?? 0,
    pendingListings: row?.listings ?? 0,
    lagSeconds: Math.round((row?.lag ?? 0) * 10) / 10,
    lastRunAt: row?.last_run?.toISOString() ?? null,
  };
};
