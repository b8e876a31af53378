import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createSql, type Sql } from '@rentals/core/db';
import { inject } from 'vitest';
import { migrate } from '../db/migrate.ts';

export type TestDatabase = { sql: Sql; url: string; name: string; drop: () => Promise<void> };

/**
 * Gives the calling test file its own migrated database on the cluster the run
 * shares, so files can run in parallel without seeing each other's rows.
 */
export const testDatabase = async (options: { max?: number } = {}): Promise<TestDatabase> => {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const sql = createSql(url, { max: options.max ?? 10 });
  await migrate(sql);
  return {
    sql,
    url,
    name,
    drop: async () => {
      await sql.end({ timeout: 5 });
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
};
