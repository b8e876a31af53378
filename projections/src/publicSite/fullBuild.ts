import type { Sql } from 'postgres';
import { PUBLIC_LISTING_MODEL } from '../readModels/publicListingModel.ts';
import { buildPublicSite, type BuildReport } from './build.ts';
import { withSiteLock } from './siteLock.ts';
import { recordRun } from './status.ts';
import type { CityCounts } from './queries.ts';

/**
 * Rebuilds every page, then clears the marks the build has covered: those
 * whose events the public model had applied when the build started.
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
  const [fence] = await sql<{ tx: string; position: number }[]>`
    SELECT transaction_id::text AS tx, position FROM projection_checkpoints WHERE name = ${PUBLIC_LISTING_MODEL}`;
  const startedAt = new Date();
  const built = await buildPublicSite({ ...options, cities: 'all', skipUnchanged: false });
  const covered = fence
    ? sql`(dirty_tx, dirty_position) <= (${fence.tx}::xid8, ${fence.position}::bigint)`
    : sql`true`;
  await sql.begin(async (tx) => {
    await tx`DELETE FROM public_site_dirty_cities WHERE ${covered}`;
    await tx`DELETE FROM public_site_dirty_listings WHERE ${covered}`;
    await recordRun(tx, 'full', startedAt, { ...built, paths: [] });
  });
  return built;
};
