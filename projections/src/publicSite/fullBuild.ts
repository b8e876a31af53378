import type { Sql } from 'postgres';
import { buildPublicSite, type BuildReport } from './build.ts';
import { marksUpTo, pagesFence } from './fence.ts';
import { withSiteLock } from './siteLock.ts';
import { recordRun } from './status.ts';
import type { CityCounts } from './queries.ts';

/**
 * Rebuilds every page, then clears the marks the build has covered: those
 * whose events the pages' models had applied when the build started.
 */
export const fullBuild = async (options: FullBuildOptions): Promise<BuildReport> =>
  (await withSiteLock(options.sql, 'wait', () => fullBuildLocked(options)))!;

type FullBuildOptions = {
  sql: Sql;
  outDir: string;
  siteUrl: string;
  maxPages?: number;
  onProgress?: (listingsDone: number) => void;
  /** The regenerator's counts cache: a full build counts every city anew and refills it. */
  countsCache?: Map<string, CityCounts>;
};

/** `fullBuild` for a caller that holds the site lock already (the regenerator, for a big backlog). */
export const fullBuildLocked = async (options: FullBuildOptions): Promise<BuildReport> => {
  const { sql } = options;
  const covered = marksUpTo(sql, await pagesFence(sql));
  const startedAt = new Date();
  const built = await buildPublicSite({ ...options, cities: 'all', skipUnchanged: false });
  await sql.begin(async (tx) => {
    await tx`DELETE FROM public_site_dirty_cities WHERE ${covered}`;
    await tx`DELETE FROM public_site_dirty_listings WHERE ${covered}`;
    await recordRun(tx, 'full', startedAt, { ...built, paths: [] });
  });
  return built;
};
