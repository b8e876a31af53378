import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ident, type Sql } from '@rentals/core/db';

/**
 * What a backup holds: the data nothing else can rebuild. The event log
 * (streams, events), the accounts (users, revoked tokens), the view counters
 * (counters, not events) and the secret that places visitors' map markers
 * (without it a rebuild would move every marker). Read models, the search
 * index and the public pages are rebuilt from the log after a restore; login
 * limits and the daily view dedupe are short-lived and left out.
 */
export const BACKED_UP_TABLES = [
  'streams',
  'events',
  'users',
  'revoked_tokens',
  'listing_view_counts',
  'visitor_position_secret',
] as const;

/**
 * Columns a restore must not carry over: an event's transaction id belongs to
 * the old cluster (a new one may not have reached it yet, which would hide the
 * events from every reader). Restored events take the restore's transaction
 * and keep their positions, so readers replay them in log order.
 */
const LEFT_OUT: Record<string, string[]> = { events: ['transaction_id'] };

export type BackupManifest = {
  format: 1;
  createdAt: string;
  /** The newest migration of the database it came from; a restore needs the same. */
  schemaVersion: number;
  tables: { name: string; columns: string[]; rows: number }[];
  media: 'copied' | 'not copied (S3 bucket: use its versioning)' | 'none';
};

const columnsOf = async (sql: Sql, table: string) =>
  (
    await sql<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}
        AND is_generated = 'NEVER' ORDER BY ordinal_position`
  )
    .map((c) => c.column_name)
    .filter((c) => !(LEFT_OUT[table] ?? []).includes(c));

const schemaVersion = async (sql: Sql) => {
  const [row] = await sql<{ version: number }[]>`
    SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations`;
  return row?.version ?? 0;
};

/**
 * Writes every backed-up table with COPY (PostgreSQL's own text format, one
 * file per table) from one repeatable-read snapshot, so the log and the
 * accounts are from the same instant, then copies the media folder.
 */
export const backup = async (options: {
  sql: Sql;
  outDir: string;
  /** The local media folder, or null when photos live in a bucket. */
  mediaDir: string | null;
  now: () => Date;
}): Promise<BackupManifest> => {
  const { sql, outDir } = options;
  await mkdir(outDir, { recursive: true });
  const tables: BackupManifest['tables'] = [];
  await sql.begin('isolation level repeatable read read only', async (tx) => {
    for (const table of BACKED_UP_TABLES) {
      const columns = await columnsOf(tx as unknown as Sql, table);
      const list = columns.map(ident).join(', ');
      const [{ rows } = { rows: 0 }] = await tx.unsafe<{ rows: number }[]>(
        `SELECT count(*)::int AS rows FROM ${ident(table)}`,
      );
      const order = table === 'events' ? ' ORDER BY position' : '';
      const source = await tx
        .unsafe(`COPY (SELECT ${list} FROM ${ident(table)}${order}) TO STDOUT`)
        .readable();
      await pipeline(source, createWriteStream(join(outDir, `${table}.copy`), { mode: 0o600 }));
      tables.push({ name: table, columns, rows });
    }
  });
  let media: BackupManifest['media'] = 'none';
  if (options.mediaDir === null) media = 'not copied (S3 bucket: use its versioning)';
  else if (existsSync(options.mediaDir)) {
    await cp(options.mediaDir, join(outDir, 'media'), { recursive: true });
    media = 'copied';
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: options.now().toISOString(),
    schemaVersion: await schemaVersion(sql),
    tables,
    media,
  };
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
};

export class RestoreRefused extends Error {}

/**
 * Loads a backup into an empty database (migrated to the backup's schema) in
 * one transaction, and its media into the media folder. The read models, the
 * search index and the public pages are then rebuilt from the log by the
 * projections (they start from position zero in a fresh database).
 */
export const restore = async (options: {
  sql: Sql;
  fromDir: string;
  mediaDir: string | null;
}): Promise<BackupManifest> => {
  const { sql, fromDir } = options;
  const manifestFile = join(fromDir, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new RestoreRefused(`${fromDir} is not a backup (no manifest.json)`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  const current = await schemaVersion(sql);
  if (current !== manifest.schemaVersion)
    throw new RestoreRefused(
      `the backup is of schema version ${manifest.schemaVersion}, this database is at ${current}; ` +
        'restore with the code of that version, then migrate',
    );
  const [used] = await sql<{ events: number; users: number }[]>`
    SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM users)::int AS users`;
  if ((used?.events ?? 0) > 0 || (used?.users ?? 0) > 0)
    throw new RestoreRefused(
      `the database is not empty (${used?.events} events, ${used?.users} accounts); ` +
        'restore only into an empty one (npm run reset -- --yes, or a new DATABASE_URL)',
    );
  await sql.begin(async (tx) => {
    // Tables a migration fills with a starting row (the visitor-position secret) take the backup's.
    for (const { name } of manifest.tables) await tx.unsafe(`DELETE FROM ${ident(name)}`);
    for (const { name, columns } of manifest.tables) {
      const target = await tx
        .unsafe(`COPY ${ident(name)} (${columns.map(ident).join(', ')}) FROM STDIN`)
        .writable();
      await pipeline(createReadStream(join(fromDir, `${name}.copy`)), target);
    }
    // New appends continue after the restored positions.
    await tx`SELECT setval(pg_get_serial_sequence('events', 'position'),
                           coalesce((SELECT max(position) FROM events), 0) + 1, false)`;
  });
  const media = join(fromDir, 'media');
  if (options.mediaDir !== null && existsSync(media) && (await readdir(media)).length > 0) {
    await mkdir(options.mediaDir, { recursive: true });
    await cp(media, options.mediaDir, { recursive: true });
  }
  return manifest;
};
