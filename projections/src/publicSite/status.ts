import type { TransactionSql } from 'postgres';
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
