/**
 * `npm run site:build` — rebuilds every public page (cities index, every city
 * with its numbered and per-type pages, every listing's page, sitemaps,
 * robots.txt) from the public read model, with a progress bar. Memory stays
 * bounded: rows are streamed from a cursor, pages written as they fill.
 *
 * Writes into DATA_DIR/public-site (or --out DIR), then, when PAGES_S3_* are
 * set, uploads every file to that bucket. Needs DATABASE_URL (or the dev
 * runner's embedded Postgres, see infra/src/cli/context.ts).
 */
import { resolve } from 'node:path';
import { createSql } from '@rentals/core/db';
import { loadConfig } from '@rentals/core/config/env';
import { s3Bucket } from '@rentals/core/s3Bucket';
import { createBucketMirror } from '@rentals/projections/publicSite/bucketMirror';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { progressBar } from './progress.ts';

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const config = loadConfig(process.env);
if (!config.databaseUrl) {
  console.error('DATABASE_URL must be set (npm run dev prints it; or set it in the environment)');
  process.exit(2);
}
const outDir =
  outArg >= 0 && args[outArg + 1]
    ? resolve(args[outArg + 1]!)
    : resolve(config.dataDir, 'public-site');
const sql = createSql(config.databaseUrl, { max: 4 });
const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`
  SELECT count(*)::int AS total FROM listing_public WHERE listed`;
const bar = progressBar('listings', total);
const started = performance.now();
const report = await fullBuild({ sql, outDir, siteUrl: config.siteUrl, onProgress: bar.update });
bar.done();
const seconds = (performance.now() - started) / 1000;
console.log(
  `public site: ${report.written} files for ${report.cities.length} cities and ${report.listingsStreamed} listings in ${seconds.toFixed(1)} s (${Math.round(report.written / seconds)} files/s) → ${outDir}`,
);
if (config.pagesS3) {
  // The bucket gets every file (a full build rewrites them all); the purge hook is asked to drop everything.
  const mirror = createBucketMirror({
    sql,
    outDir,
    bucket: s3Bucket(config.pagesS3),
    purgeUrl: config.pagesPurgeUrl,
  });
  let upload: ReturnType<typeof progressBar> | undefined;
  const uploaded = await mirror.syncAll((done, all) => {
    upload ??= progressBar('upload', all);
    upload.update(done);
  });
  upload?.done();
  console.log(`public site: ${uploaded} files uploaded to s3://${config.pagesS3.bucket}`);
}
await sql.end({ timeout: 5 });
