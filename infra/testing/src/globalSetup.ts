import type { TestProject } from 'vitest/node';
import { restartablePostgres } from './restartablePostgres.ts';
import { startServers } from './servers.ts';

/**
 * One Meilisearch server and one mail catcher for the whole run, and one Postgres cluster per
 * worker; each test file gets its own database and index names (testDatabase, startProduct).
 * Starting a server costs seconds, creating a database milliseconds. A cluster per worker
 * because snapshots are cluster-wide: one file's open transaction would hold back what the
 * log's fence lets another file's readers see, and split its batches differently.
 */
export default async function setup(project: TestProject) {
  const servers = await startServers();
  const workers = Math.max(1, project.config.maxWorkers);
  const more = await Promise.all(Array.from({ length: workers - 1 }, () => restartablePostgres()));
  project.provide('pgAdminUrls', [servers.pgAdminUrl, ...more.map((pg) => pg.adminUrl)]);
  project.provide('meiliUrl', servers.meiliUrl);
  project.provide('meiliKey', servers.meiliKey);
  project.provide('smtpUrl', servers.smtpUrl);
  project.provide('mailWebUrl', servers.mailWebUrl);
  return async () => {
    await Promise.all(more.map((pg) => pg.remove()));
    await servers.stop();
  };
}
