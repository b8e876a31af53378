import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../services/postgresServer.ts';
import { startMeiliServer } from '../services/meiliServer.ts';
import { freePort } from '../services/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    meiliUrl: string;
    meiliKey: string;
  }
}

/**
 * One Postgres cluster and one Meilisearch server for the whole run; each test
 * file gets its own database and index names (see testDatabase / testMeili).
 * Starting a server costs seconds, creating a database milliseconds.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'rentals-test-'));
  await chmod(root, 0o755); // the postgres user must reach its data directory
  const pg = await startPostgresServer({
    dataDir: join(root, 'pg'),
    port: await freePort(),
    password: randomBytes(12).toString('hex'),
  });
  const meiliKey = randomBytes(16).toString('hex');
  const meili = await startMeiliServer({
    dataDir: join(root, 'meili'),
    binDir: join(root, 'bin'),
    port: await freePort(),
    masterKey: meiliKey,
  });
  project.provide('pgAdminUrl', pg.url);
  project.provide('meiliUrl', meili.url);
  project.provide('meiliKey', meiliKey);
  return async () => {
    await Promise.all([pg.stop(), meili.stop()]);
    await rm(root, { recursive: true, force: true });
  };
}
