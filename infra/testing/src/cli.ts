import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { testDatabase, type TestDatabase } from './testDatabase.ts';

/**
 * An operations command (`infra/src/cli/*.ts`) as an operator runs it: its
 * own process, against a test file's own database, the run's Meilisearch and
 * a data folder of its own. Call `start` in beforeAll and `stop` in afterAll
 * (`cliSuite` below does).
 */
export const cliRunner = (script: string) => {
  let db: TestDatabase;
  let dataDir: string;
  return {
    start: async () => {
      db = await testDatabase();
      dataDir = await mkdtemp(join(tmpdir(), 'rentals-cli-'));
    },
    stop: async () => {
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
    db: () => db,
    /** Runs the command with `args`; its stdout and stderr together, and its exit code. */
    run: async (args: string[], env: Record<string, string> = {}) => {
      const child = Bun.spawn([process.execPath, script, ...args], {
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          DATABASE_URL: db.url,
          MEILI_URL: inject('meiliUrl'),
          MEILI_MASTER_KEY: inject('meiliKey'),
          ...env,
        },
        stdin: 'ignore',
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const [stdout, stderr, code] = await Promise.all([
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
        child.exited,
      ]);
      return { code, out: stdout + stderr };
    },
  };
};

/** `cliRunner` started before the file's tests and stopped after them. */
export const cliSuite = (script: string) => {
  const cli = cliRunner(script);
  beforeAll(cli.start);
  afterAll(cli.stop);
  return cli;
};
