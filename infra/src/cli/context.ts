import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql, type Sql } from '@rentals/core/db';
import { ConfigError, loadConfig, type ResolvedConfig } from '@rentals/core/config/env';
import { migrate } from '../db/migrate.ts';
import { startMeiliServer } from '../services/meiliServer.ts';
import { isPortFree } from '../services/ports.ts';
import { startPostgresServer } from '../services/postgresServer.ts';
import { loadOrCreateSecrets, resolveWithDevSecrets } from '../dev/secrets.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type CliContext = { config: ResolvedConfig; sql: Sql; dataDir: string };

/**
 * Gives an operations command (migrate, seed, rebuild, …) the same database
 * and search server the product uses: DATABASE_URL / MEILI_URL when set; else
 * the embedded servers of a running `npm run dev`; else it starts them for the
 * duration of the command. Always migrates first.
 */
export const withCliContext = async (run: (ctx: CliContext) => Promise<void>) => {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const dataDir = resolve(ROOT, config.dataDir);
  const secrets = await loadOrCreateSecrets(resolve(dataDir, 'secrets.json'));
  const stops: (() => Promise<void>)[] = [];

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    if (await isPortFree(config.pgPort)) {
      const pg = await startPostgresServer({
        dataDir: resolve(dataDir, 'postgres'),
        port: config.pgPort,
        password: secrets.pgPassword,
      });
      stops.push(pg.stop);
    }
    const admin = createSql(
      `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${config.pgPort}/postgres`,
      { max: 1 },
    );
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = 'rentals'`;
    if (!exists) await admin.unsafe('CREATE DATABASE rentals');
    await admin.end();
    databaseUrl = `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${config.pgPort}/rentals`;
  }

  let meiliUrl = config.meiliUrl;
  const meiliMasterKey = config.meiliMasterKey ?? secrets.meiliMasterKey;
  if (!meiliUrl) {
    if (await isPortFree(config.meiliPort)) {
      const meili = await startMeiliServer({
        dataDir: resolve(dataDir, 'meilisearch'),
        binDir: resolve(dataDir, 'bin'),
        port: config.meiliPort,
        masterKey: meiliMasterKey,
      });
      stops.push(meili.stop);
    }
    meiliUrl = `http://127.0.0.1:${config.meiliPort}`;
  }

  const resolved = resolveWithDevSecrets(config, secrets, { databaseUrl, meiliUrl });
  const sql = createSql(databaseUrl, { max: 10 });
  let failed = false;
  try {
    await migrate(sql, (line) => console.log(line));
    await run({ config: resolved, sql, dataDir });
  } catch (error) {
    failed = true;
    console.error(`error: ${(error as Error).message}`);
  } finally {
    await sql.end({ timeout: 5 });
    for (const stop of stops.reverse()) await stop();
  }
  process.exit(failed ? 1 : 0);
};
