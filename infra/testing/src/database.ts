import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createSql, type Sql } from '@rentals/core/db';
import { migrate } from '@rentals/infra/db/migrate';

export type TestDatabase = { sql: Sql; url: string; name: string; drop: () => Promise<void> };

/**
 * A new migrated database on a cluster (`adminUrl` is its `postgres`
 * database), so users of one cluster never see each other's rows. `name`
 * reuses a database when it exists (the benchmarks' seed).
 */
export const createDatabase = async (
  adminUrl: string,
  options: { name?: string; max?: number } = {},
): Promise<TestDatabase> => {
  const name = options.name ?? `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  if (!exists) await admin.unsafe(`CREATE DATABASE ${name}`);
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
