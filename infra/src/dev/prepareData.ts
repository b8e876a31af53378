import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql } from '@rentals/core/db';
import { loadPlaces } from '@rentals/api/geo/placesIndex';
import { migrate } from '../db/migrate.ts';
import { ensureGeoData } from '../geo/build.ts';
import { pipeLines } from './labelledOutput.ts';
import type { serviceLogs } from './serviceLogs.ts';
import { buildSiteIfChanged } from './siteBuild.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What runs before the product's processes start (npm run dev, npm run
 * cluster): the schema, the map data and the geocoder's index (in every
 * Meilisearch), the site when its sources changed, and the demo data in an
 * empty event log. Throws with a line for the terminal when a step fails.
 */
export const prepareData = async (options: {
  dataDir: string;
  databaseUrl: string;
  meiliUrls: string[];
  meiliMasterKey: string;
  /** The environment of the product's processes (the seed runs with it). */
  childEnv: Record<string, string>;
  logs: ReturnType<typeof serviceLogs>;
  /** How a log file is named in the terminal. */
  logFile: (name: string) => string;
  say: (line: string) => void;
  siteBuild: boolean;
  seed: boolean;
}) => {
  const { dataDir, logs, logFile } = options;
  // Schema.
  const sql = createSql(options.databaseUrl, { max: 2 });
  await migrate(sql, logs.of('migrate'));

  // Map data: basemap, glyphs and gazetteer (cached under DATA_DIR/geo), and the geocoder's index.
  const geoLog = logs.of('geo');
  await ensureGeoData(dataDir, {
    info: (m, f) => geoLog(`${m}${f ? ` ${JSON.stringify(f)}` : ''}`),
  });
  for (const url of options.meiliUrls) {
    const places = await loadPlaces({ url, key: options.meiliMasterKey }, dataDir);
    geoLog(
      places.loaded
        ? `loaded ${places.documents} places into the geocoder (${url})`
        : `geocoder index is up to date (${url})`,
    );
  }

  // Site.
  if (options.siteBuild)
    await buildSiteIfChanged(ROOT, logs.of('site')).catch((error: Error) => {
      throw new Error(error.message.replace('see the site lines above', `see ${logFile('site')}`));
    });

  // Seed an empty log through the same commands the API runs.
  const [{ events } = { events: 0 }] = await sql<
    { events: number }[]
  >`SELECT count(*) AS events FROM events`;
  await sql.end();
  const seedScript = resolve(ROOT, 'infra/src/cli/seed.ts');
  if (options.seed && events === 0 && existsSync(seedScript)) {
    options.say(`first start: seeding demo data (progress in ${logFile('seed')})`);
    const seed = spawn(process.execPath, [seedScript], {
      cwd: ROOT,
      env: { ...process.env, ...options.childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(seed.stdout, logs.of('seed'));
    pipeLines(seed.stderr, logs.of('seed'));
    const code = await new Promise<number | null>((r) => seed.on('exit', r));
    if (code !== 0) throw new Error(`seeding failed (exit code ${code}); see ${logFile('seed')}`);
  }
};
