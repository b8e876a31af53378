import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabaseWithDir } from '@rentals/testing/testDatabase';
import { migrate } from './migrate.ts';

const env = testDatabaseWithDir('rentals-migrations-');

const pages = async () => {
  const [row] = await env.db.sql<{ relpages: number; relallvisible: number; analysed: boolean }[]>`
    SELECT c.relpages, c.relallvisible, s.last_analyze IS NOT NULL AS analysed
    FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'rewritten'`;
  return row!;
};

describe('migrate', () => {
  it('vacuums a table a migration rewrote, so index-only scans and the planner see it at once', async () => {
    // Beyond the real migrations' numbers: these run after them, in this database only.
    await writeFile(
      join(env.dir, '9001_table.sql'),
      `CREATE TABLE rewritten (id int PRIMARY KEY, doc jsonb NOT NULL);
       INSERT INTO rewritten SELECT n, jsonb_build_object('pin', n::text) FROM generate_series(1, 5000) n;`,
    );
    expect(await migrate(env.db.sql, () => {}, env.dir)).toBe(1);
    await env.db.sql`VACUUM rewritten`;
    expect((await pages()).relallvisible).toBeGreaterThan(0);

    await writeFile(
      join(env.dir, '9002_rewrite.sql'),
      `ALTER TABLE rewritten ADD COLUMN pin text GENERATED ALWAYS AS (doc ->> 'pin') STORED;`,
    );
    const log: string[] = [];
    expect(await migrate(env.db.sql, (line) => log.push(line), env.dir)).toBe(1);
    const after = await pages();
    expect(after.relpages).toBeGreaterThan(0);
    expect(after.relallvisible).toBe(after.relpages);
    expect(after.analysed).toBe(true);
    expect(log).toContain('vacuumed rewritten (rewritten by a migration)');
  });
});
