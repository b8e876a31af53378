// `npm run verify`: compares the event log with the Postgres read models, the
// Meilisearch index and the static public pages (counts and a checksum per
// listing), lists every difference and exits 1 when there is one. It first
// waits (up to --wait seconds, default 30) for the projections and the page
// regenerator to catch up with the log; a read side still behind is a difference.
import { resolve } from 'node:path';
import { createMeili } from '@rentals/projections/queries/meili';
import { projectionStates, publicSiteStatus } from '@rentals/projections/queries/readSideHealth';
import { compareOpenData } from '@rentals/projections/openData/files';
import type { Sql } from '@rentals/core/db';
import { checkConsistency } from '../ops/consistency.ts';
import { parseCommandArgs } from './args.ts';
import { withCliContext } from './context.ts';

const USAGE = `usage: npm run verify [-- --wait <seconds>] [--index <name>] [--public-site <dir>] [--no-search] [--no-pages]
  --wait         how long to wait for the read side to catch up with the log first (default 30)
  --index        the Meilisearch index to compare (default: listings)
  --public-site  the generated pages' folder (default: DATA_DIR/public-site)`;

const flags = parseCommandArgs(
  {
    wait: { type: 'string' },
    index: { type: 'string' },
    'public-site': { type: 'string' },
    'no-search': { type: 'boolean' },
    'no-pages': { type: 'boolean' },
  },
  USAGE,
);
const waitSeconds = Number(flags.wait ?? 30);
if (!Number.isFinite(waitSeconds) || waitSeconds < 0) {
  console.error(`error: --wait must be a number of seconds (got "${flags.wait}")\n${USAGE}`);
  process.exit(2);
}

/** What is still behind the log: projections with a lag, pages waiting to be rebuilt. */
const behind = async (sql: Sql, pages: boolean) => {
  const lagging = (await projectionStates(sql))
    .filter((p) => p.lag > 0)
    .map((p) => `projection ${p.name} is ${p.lag} event(s) behind the log`);
  if (pages) {
    const site = await publicSiteStatus(sql);
    if (site.pendingCities + site.pendingListings > 0)
      lagging.push(
        `public pages: ${site.pendingCities} cities and ${site.pendingListings} listing pages wait to be regenerated`,
      );
  }
  return lagging;
};

await withCliContext(async ({ sql, config, dataDir }) => {
  const pages = !flags['no-pages'];
  const deadline = Date.now() + waitSeconds * 1000;
  let lagging = await behind(sql, pages);
  while (lagging.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    lagging = await behind(sql, pages);
  }
  const report = await checkConsistency({
    sql,
    meili: flags['no-search']
      ? undefined
      : createMeili({ url: config.meiliUrl, key: config.meiliMasterKey }, 30_000),
    // Every search replica of MEILI_URL after the first, each against the same expectations.
    replicas: flags['no-search']
      ? []
      : config.meiliUrls.slice(1).map((url, i) => ({
          label: `search index #${i + 2} (${url})`,
          meili: createMeili({ url, key: config.meiliMasterKey }, 30_000),
        })),
    index: flags.index,
    publicSiteDir: pages
      ? resolve(flags['public-site'] ?? resolve(dataDir, 'public-site'))
      : undefined,
  });
  const siteDir = resolve(flags['public-site'] ?? resolve(dataDir, 'public-site'));
  // The open rent data is made again at most once a minute (regenerator.ts): give it until the deadline.
  let openData = pages ? await compareOpenData(sql, siteDir) : [];
  while (openData.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    openData = await compareOpenData(sql, siteDir);
  }
  const c = report.counts;
  console.log(
    `event log: ${c.listingsInLog} listings (${c.live} live, ${c.listed} listed, ${c.parked} parked)`,
  );
  console.log(`read models: ${c.readModelRows} listing rows, ${c.visitorRows} visitor rows`);
  console.log(
    `search index: ${c.indexDocuments === null ? 'not compared' : `${c.indexDocuments} documents`}`,
  );
  console.log(
    `public pages: ${c.listingPages === null ? 'not compared' : `${c.listingPages} listing pages`}`,
  );
  const differences = [...lagging, ...report.differences, ...openData];
  if (differences.length === 0) {
    console.log('consistent: every store holds what the log says');
    return;
  }
  for (const d of differences) console.log(`difference: ${d}`);
  throw new Error(`${differences.length} difference(s)`);
});
