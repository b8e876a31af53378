import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

export type Migration = { version: number; name: string; sql: string; checksum: string };

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export const loadMigrations = async (dir = MIGRATIONS_DIR): Promise<Migration[]> => {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match)
      throw new Error(`Migration file name "${file}" must look like 0001_description.sql`);
    const sql = await readFile(`${dir}/${file}`, 'utf8');
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (previous && previous.version >= m.version)
      throw new Error(`Two migrations share the number ${m.version}; number them uniquely`);
  });
  return migrations;
};

/** Each ordinary table's storage file (it changes when a statement rewrites the table), by quoted name. */
const tableStorage = async (conn: Sql) =>
  new Map(
    (
      await conn<{ name: string; file: number }[]>`
        SELECT c.oid::regclass::text AS name, c.relfilenode::int8 AS file FROM pg_class c
        WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace`
    ).map((r) => [r.name, r.file]),
  );

/**
 * Applies pending migrations in order, each in its own transaction, under an
 * advisory lock so that two starting processes never migrate at once. An
 * applied migration whose file changed afterwards is an error: released
 * migrations are never edited.
 */
export const migrate = async (
  sql: Sql,
  log: (line: string) => void = () => {},
  dir = MIGRATIONS_DIR,
): Promise<number> => {
  const migrations = await loadMigrations(dir);
  const lockKey = 7_231_001;
  const conn = await sql.reserve();
  try {
    await conn`SELECT pg_advisory_lock(${lockKey})`;
    await conn`CREATE TABLE IF NOT EXISTS schema_migrations (
      version int PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`;
    const applied = new Map(
      (
        await conn<
          { version: number; checksum: string }[]
        >`SELECT version, checksum FROM schema_migrations`
      ).map((r) => [r.version, r.checksum]),
    );
    const storageBefore = await tableStorage(conn);
    let count = 0;
    for (const m of migrations) {
      const known = applied.get(m.version);
      if (known !== undefined) {
        if (known !== m.checksum)
          throw new Error(
            `Migration ${m.version}_${m.name} was edited after it was applied; add a new migration instead`,
          );
        continue;
      }
      await conn.unsafe('BEGIN');
      try {
        await conn.unsafe(m.sql);
        await conn`INSERT INTO schema_migrations (version, name, checksum) VALUES (${m.version}, ${m.name}, ${m.checksum})`;
        await conn.unsafe('COMMIT');
      } catch (error) {
        await conn.unsafe('ROLLBACK');
        throw new Error(`Migration ${m.version}_${m.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      log(`applied migration ${String(m.version).padStart(4, '0')}_${m.name}`);
      count++;
    }
    // A migration that rewrote a table (a stored generated column, a type change) left it with no page
    // marked all-visible and no statistics: index-only scans fetch every heap page and the planner falls
    // back to sequential scans (the signed-in map: 0.1 s → 1.2 s) until autovacuum comes by, which for a
    // rewrite may be never. VACUUM cannot run in a transaction, hence here.
    if (count > 0) {
      const after = await tableStorage(conn);
      for (const [table, file] of after)
        if (storageBefore.has(table) && storageBefore.get(table) !== file) {
          await conn.unsafe(`VACUUM (ANALYZE) ${table}`);
          log(`vacuumed ${table} (rewritten by a migration)`);
        }
    }
    return count;
  } finally {
    await conn`SELECT pg_advisory_unlock(${lockKey})`.catch(() => undefined);
    conn.release();
  }
};
