/**
 * `npm run site:build` — rebuilds every public page (cities index, every city
 * with its numbered and per-type pages, every listing's page, sitemaps,
 * robots.txt) from the public read model, with a progress bar. Memory stays
 * bounded: rows are streamed from a cursor, pages written as they fill.
 *
 * Writes into DATA_DIR/public-site (or --out DIR). Needs DATABASE_URL (or the
 * dev runner's embedded Postgres, see infra/src/cli/context.ts).
 */
import { resolve } from 'node:path';
import { createSql } from '@rentals/core/db';
import { loadConfig } from '@rentals/core/config/env';
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
await sql.end({ timeout: 5 });
