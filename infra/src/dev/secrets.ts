import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config, ResolvedConfig } from '@rentals/core/config/env';

export type DevSecrets = { pgPassword: string; meiliMasterKey: string; jwtSecret: string };

/**
 * Dev-only secrets, generated once and kept under DATA_DIR with 0600
 * permissions so restarts keep their tokens and data valid. Production sets
 * JWT_SECRET, MEILI_MASTER_KEY and DATABASE_URL in the environment instead.
 */
export const loadOrCreateSecrets = async (file: string): Promise<DevSecrets> => {
  if (existsSync(file)) {
    await chmod(file, 0o600);
    return JSON.parse(await readFile(file, 'utf8')) as DevSecrets;
  }
  const secrets: DevSecrets = {
    pgPassword: randomBytes(18).toString('base64url'),
    meiliMasterKey: randomBytes(24).toString('base64url'),
    jwtSecret: randomBytes(48).toString('base64url'),
  };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
};

/**
 * The configuration a dev run or a CLI command works with: the addresses of
 * the data services it started (or the environment named), and the dev
 * secrets where the environment sets none.
 */
export const resolveWithDevSecrets = (
  config: Config,
  secrets: DevSecrets,
  urls: { databaseUrl: string; meiliUrl: string },
): ResolvedConfig => ({
  ...config,
  ...urls,
  meiliUrls: config.meiliUrls.length > 0 ? config.meiliUrls : [urls.meiliUrl],
  meiliMasterKey: config.meiliMasterKey ?? secrets.meiliMasterKey,
  jwtSecret: config.jwtSecret ?? secrets.jwtSecret,
});
