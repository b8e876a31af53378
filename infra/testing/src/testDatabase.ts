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
    pgAdminUrl: string;
    meiliUrl: string;
    meiliKey: string;
    smtpUrl: string;
    mailWebUrl: string;
  }
}

/** The servers the test run shares (started once by globalSetup.ts). */
export const runServers = () => ({
  pgAdminUrl: inject('pgAdminUrl'),
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
  createDatabase(inject('pgAdminUrl'), options);

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
