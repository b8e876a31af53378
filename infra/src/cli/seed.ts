// `npm run seed [-- --listings 600] [--seed 20260101]`
// Fills the product with realistic listings (see infra/src/seed/seed.ts) in the
// neighbourhoods tenants search in 26 Indian cities, owners of every role,
// photos made locally.
// Runs against the same database as `npm run dev` (or DATABASE_URL); the
// projections build read models and the search index from the events. The
// same --seed gives the same data; re-running skips listings that exist.
import { resolve } from 'node:path';
import { mediaStoreFor } from '@rentals/api/media/mediaStoreFor';
import { DEV_SEED_LISTINGS, seedListings } from '../seed/seed.ts';
import { DEMO_ACCOUNTS, SEED_PASSWORD } from '../seed/users.ts';
import { parseCommandArgs } from './args.ts';
import { ROOT, withCliContext } from './context.ts';
import { progressBar } from './progress.ts';

const USAGE = `usage: npm run seed -- [--listings <count, default ${DEV_SEED_LISTINGS}>] [--seed <number>]`;

const args = parseCommandArgs(
  {
    listings: { type: 'string', default: String(DEV_SEED_LISTINGS) },
    seed: { type: 'string', default: '20260101' },
  },
  USAGE,
);
const listings = Number(args.listings);
const seed = Number(args.seed);
if (
  !Number.isInteger(listings) ||
  listings < 1 ||
  listings > 5_000_000 ||
  !Number.isInteger(seed)
) {
  console.error(
    `error: --listings must be a whole number from 1 to 5000000 and --seed a whole number\n${USAGE}`,
  );
  process.exit(2);
}

await withCliContext(async ({ config, sql }) => {
  const started = Date.now();
  const media = mediaStoreFor({ ...config, mediaDir: resolve(ROOT, config.mediaDir) });
  const bar = progressBar('listings', listings);
  const result = await seedListings({
    sql,
    media,
    listings,
    seed,
    log: (line) => console.log(line),
    onProgress: bar.update,
  });
  bar.done();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `seeded ${result.created} listings (${result.skipped} already there) in ${result.cities} cities ` +
      `for ${result.owners} owners in ${seconds}s; projections build the rest`,
  );
  console.log(`sign in with any of these (password ${SEED_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(9)} ${a.email}`);
});
