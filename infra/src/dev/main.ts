/**
 * `npm run dev` — the whole product on one machine, on one origin
 * (http://localhost:3000 unless PORT is set): site at /, API under /api,
 * media under /media.
 *
 * Starts embedded Postgres (unless DATABASE_URL) and the bundled Meilisearch
 * (unless MEILI_URL), generates dev secrets once under DATA_DIR, migrates,
 * builds the site when its sources changed, seeds an empty event log, then runs
 * the web and projections processes and prints `ready` once /api/health is
 * healthy. Ctrl-C or SIGTERM stops everything in order.
 *
 * Flags:
 *   --no-seed        do not seed an empty event log
 *   --no-site-build  serve site/dist as it is (or a placeholder page) without building
 *
 * Environment variables: infra/src/config/env.ts and the README's table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql } from '@rentals/core/db';
import { ConfigError, loadConfig, type ResolvedConfig } from '@rentals/core/config/env';
import { migrate } from '../db/migrate.ts';
import { ensureGeoData } from '../geo/build.ts';
import { loadPlaces } from '@rentals/api/geo/placesIndex';
import { startMeiliServer } from '../services/meiliServer.ts';
import { isPortFree } from '../services/ports.ts';
import { startPostgresServer, stopChild } from '../services/postgresServer.ts';
import { AlreadyRunningError, acquireInstanceLock, recordChildren } from './instanceLock.ts';
import { labelled, pipeLines } from './labelledOutput.ts';
import { loadOrCreateSecrets } from './secrets.ts';
import { buildSiteIfChanged } from './siteBuild.ts';
import { waitUntilHealthy } from './waitUntilHealthy.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const flags = new Set(process.argv.slice(2));
const say = labelled('dev');

/** Resources to stop on the way out, newest first. */
const cleanups: { name: string; stop: () => Promise<unknown> }[] = [];
let shuttingDown = false;

const shutdown = async (code: number) => {
  if (shuttingDown) return;
  shuttingDown = true;
  say('stopping…');
  for (const { name, stop } of cleanups.reverse()) {
    await stop().catch((e: Error) => say(`could not stop ${name} cleanly: ${e.message}`));
  }
  say('stopped');
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const fail = (message: string, code = 1): never => {
  say(`error: ${message}`);
  void shutdown(code);
  // shutdown() exits; this keeps the type checker and readers honest.
  throw new Error(message);
};

const spawnBun = (label: string, script: string, env: Record<string, string>): ChildProcess => {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const print = labelled(label);
  pipeLines(child.stdout, print);
  pipeLines(child.stderr, print);
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    say(`error: ${label} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
    void shutdown(1);
  });
  return child;
};

const portCheck = async (port: number, variable: string, what: string) => {
  if (!(await isPortFree(port)))
    fail(
      `port ${port} (${what}) is already in use; set ${variable} to a free port, e.g. ${variable}=${port + 1} npm run dev`,
      2,
    );
};

const main = async () => {
  // 1. Configuration: a bad value stops here with the variable's name.
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
  const dataDir = resolve(ROOT, config.dataDir);
  const pidsFile = resolve(dataDir, 'dev.pids.json');

  // 2. One runner per data directory.
  try {
    const lock = await acquireInstanceLock(resolve(dataDir, 'dev.lock'), pidsFile, say);
    cleanups.push({ name: 'lock', stop: lock.release });
  } catch (error) {
    if (error instanceof AlreadyRunningError) return fail(error.message, 2);
    throw error;
  }
  const secrets = await loadOrCreateSecrets(resolve(dataDir, 'secrets.json'));

  // 3. Ports, before anything starts listening.
  await portCheck(config.port, 'PORT', 'web');
  if (!config.databaseUrl) await portCheck(config.pgPort, 'PG_PORT', 'embedded Postgres');
  if (!config.meiliUrl) await portCheck(config.meiliPort, 'MEILI_PORT', 'bundled Meilisearch');
  const pids: Record<string, number> = {};

  // 4. Postgres.
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const pg = await startPostgresServer({
      dataDir: resolve(dataDir, 'postgres'),
      port: config.pgPort,
      password: secrets.pgPassword,
      onLog: labelled('postgres'),
      detached: true,
    });
    cleanups.push({ name: 'postgres', stop: pg.stop });
    pids.postgres = pg.process.pid!;
    const admin = createSql(pg.url, { max: 1 });
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = 'rentals'`;
    if (!exists) await admin.unsafe('CREATE DATABASE rentals');
    await admin.end();
    databaseUrl = pg.url.replace(/\/postgres$/, '/rentals');
  }

  // 5. Meilisearch.
  let meiliUrl = config.meiliUrl;
  const meiliMasterKey = config.meiliMasterKey ?? secrets.meiliMasterKey;
  if (!meiliUrl) {
    const meili = await startMeiliServer({
      dataDir: resolve(dataDir, 'meilisearch'),
      binDir: resolve(dataDir, 'bin'),
      port: config.meiliPort,
      masterKey: meiliMasterKey,
      onLog: labelled('meilisearch'),
      detached: true,
    });
    cleanups.push({ name: 'meilisearch', stop: meili.stop });
    pids.meilisearch = meili.process.pid!;
    meiliUrl = meili.url;
  }
  await recordChildren(pidsFile, pids);

  const resolved: ResolvedConfig = {
    ...config,
    databaseUrl,
    meiliUrl,
    meiliMasterKey,
    jwtSecret: config.jwtSecret ?? secrets.jwtSecret,
  };
  const childEnv: Record<string, string> = {
    PORT: String(resolved.port),
    HOST: resolved.host,
    DATA_DIR: dataDir,
    DATABASE_URL: resolved.databaseUrl,
    MEILI_URL: resolved.meiliUrl,
    MEILI_MASTER_KEY: resolved.meiliMasterKey,
    JWT_SECRET: resolved.jwtSecret,
    JWT_TTL: resolved.jwtTtl,
  };

  // 6. Schema.
  const sql = createSql(resolved.databaseUrl, { max: 2 });
  await migrate(sql, labelled('migrate'));

  // 7. Map data: basemap, glyphs and gazetteer (cached under DATA_DIR/geo), and the geocoder's index.
  const geoLog = labelled('geo');
  await ensureGeoData(dataDir, {
    info: (m, f) => geoLog(`${m}${f ? ` ${JSON.stringify(f)}` : ''}`),
  });
  const places = await loadPlaces(
    { url: resolved.meiliUrl, key: resolved.meiliMasterKey },
    dataDir,
  );
  geoLog(
    places.loaded
      ? `loaded ${places.documents} places into the geocoder`
      : 'geocoder index is up to date',
  );

  // 8. Site.
  if (!flags.has('--no-site-build')) await buildSiteIfChanged(ROOT, labelled('site'));

  // 9. Seed an empty log through the same commands the API runs.
  const [{ events } = { events: 0 }] = await sql<
    { events: number }[]
  >`SELECT count(*) AS events FROM events`;
  await sql.end();
  const seedScript = resolve(ROOT, 'infra/src/cli/seed.ts');
  if (!flags.has('--no-seed') && events === 0 && existsSync(seedScript)) {
    say('first start: seeding demo data');
    const seed = spawn(process.execPath, [seedScript], {
      cwd: ROOT,
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(seed.stdout, labelled('seed'));
    pipeLines(seed.stderr, labelled('seed'));
    const code = await new Promise<number | null>((r) => seed.on('exit', r));
    if (code !== 0) fail(`seeding failed (exit code ${code}); see the seed lines above`);
  }

  // 10. The product's own processes.
  const web = spawnBun('web', 'api/src/main.ts', childEnv);
  cleanups.push({ name: 'web', stop: () => stopChild(web, 'SIGTERM') });
  const projections = spawnBun('projections', 'projections/src/main.ts', childEnv);
  cleanups.push({ name: 'projections', stop: () => stopChild(projections, 'SIGTERM') });
  await recordChildren(pidsFile, { ...pids, web: web.pid!, projections: projections.pid! });

  // 11. Ready only when the product says it is healthy.
  const url = `http://localhost:${resolved.port}`;
  await waitUntilHealthy(`${url}/api/health`, say);
  say(`ready ${url}`);
};

main().catch((error: Error) => {
  if (!shuttingDown) fail(error.message);
});
