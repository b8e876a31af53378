import { inject } from 'vitest';
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
