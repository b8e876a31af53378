import type { TestProject } from 'vitest/node';
import { startServers } from './servers.ts';

/**
 * One Postgres cluster and one Meilisearch server for the whole run; each test
 * file gets its own database and index names (testDatabase, startProduct).
 * Starting a server costs seconds, creating a database milliseconds.
 */
export default async function setup(project: TestProject) {
  const servers = await startServers();
  project.provide('pgAdminUrl', servers.pgAdminUrl);
  project.provide('meiliUrl', servers.meiliUrl);
  project.provide('meiliKey', servers.meiliKey);
  return () => servers.stop();
}
