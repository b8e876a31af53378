import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createEventStore, type EventStore } from '@rentals/core/eventStore/eventStore';
import { createDatabase, type TestDatabase } from './database.ts';

export type { TestDatabase };

/** What globalSetup.ts provides to every test file of the run. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** One cluster per worker: VITEST_POOL_ID n uses the n-th. */
    pgAdminUrls: string[];
    meiliUrl: string;
    meiliKey: string;
    smtpUrl: string;
    mailWebUrl: string;
  }
}

/** This worker's Postgres cluster (globalSetup.ts starts one per worker). */
const workerPgAdminUrl = (): string => {
  const urls = inject('pgAdminUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % urls.length]!;
};

/** The servers the test run shares (started once by globalSetup.ts), with this worker's cluster. */
export const runServers = () => ({
  pgAdminUrl: workerPgAdminUrl(),
  meiliUrl: inject('meiliUrl'),
  meiliKey: inject('meiliKey'),
  smtpUrl: inject('smtpUrl'),
  mailWebUrl: inject('mailWebUrl'),
});

/**
 * Gives the calling test file its own migrated database on the cluster the run
 * shares, so files can run in parallel without seeing each other's rows.
 */
export const testDatabase = (options: { max?: number } = {}): Promise<TestDatabase> =>
  createDatabase(workerPgAdminUrl(), options);

/**
 * A test file's own database and an event store on it, made before the
 * file's tests and dropped after them: `const env = testDatabaseWithStore()`,
 * then `env.db.sql` and `env.store` in the file's hooks and tests.
 */
export const testDatabaseWithStore = () => {
  const suite = {} as { db: TestDatabase; store: EventStore };
  beforeAll(async () => {
    const db = await testDatabase();
    Object.assign(suite, { db, store: createEventStore(db.sql) });
  });
  afterAll(() => suite.db?.drop());
  return suite;
};

/**
 * A test file's own database and a scratch folder (named from `prefix`), made
 * before the file's tests and removed after them: `const env =
 * testDatabaseWithDir('rentals-x-')`, then `env.db` and `env.dir`.
 */
export const testDatabaseWithDir = (prefix: string) => {
  const suite = {} as { db: TestDatabase; dir: string };
  beforeAll(async () => {
    suite.db = await testDatabase();
    suite.dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await suite.db?.drop();
    if (suite.dir) await rm(suite.dir, { recursive: true, force: true });
  });
  return suite;
};
