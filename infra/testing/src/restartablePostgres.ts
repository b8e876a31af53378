import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@rentals/infra/services/ports';
import { stopChild } from '@rentals/infra/services/childServer';
import { startPostgresServer } from '@rentals/infra/services/postgresServer';

export type RestartablePostgres = {
  /** The cluster's `postgres` database; the same after every restart (same port and password). */
  adminUrl: string;
  /** Fast shutdown (SIGINT): clients are disconnected, the port closes. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown at all, as when the machine loses the process. */
  kill: () => Promise<void>;
  /** Starts the cluster again on its data directory; resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  remove: () => Promise<void>;
};

/**
 * A Postgres cluster of the calling test's own, for fault drills that stop and
 * restart the database: the run's shared cluster must stay up for every other file.
 */
export const restartablePostgres = async (): Promise<RestartablePostgres> => {
  const root = await mkdtemp(join(tmpdir(), 'rentals-drill-'));
  await chmod(root, 0o755); // the postgres user must reach its data directory
  const options = {
    dataDir: join(root, 'pg'),
    port: await freePort(),
    password: randomBytes(12).toString('hex'),
  };
  let server = await startPostgresServer(options);
  return {
    adminUrl: server.url,
    stop: () => server.stop(),
    kill: () => stopChild(server.process, 'SIGKILL'),
    start: async () => {
      server = await startPostgresServer(options);
    },
    remove: async () => {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
};
