import type { TestProject } from 'vitest/node';
import { startServers } from './servers.ts';

/**
 * One Postgres cluster, one Meilisearch server and one mail catcher for the whole run; each test
 * file gets its own database and index names (testDatabase, startProduct).
 * Starting a server costs seconds, creating a database milliseconds.
 */
export default async function setup(project: TestProject) {
  const servers = await startServers();
  project.provide('pgAdminUrl', servers.pgAdminUrl);
  project.provide('meiliUrl', servers.meiliUrl);
  project.provide('meiliKey', servers.meiliKey);
  project.provide('smtpUrl', servers.smtpUrl);
  project.provide('mailWebUrl', servers.mailWebUrl);
  return () => servers.stop();
}
