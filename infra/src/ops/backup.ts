import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ident, type Sql } from '@rentals/core/db';
import {
  checkFiles,
  listFiles,
  meteredPipe,
  writeMetered,
  type FileSum,
  type Flow,
} from './backupFiles.ts';

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

/** Format 2 adds the size and SHA-256 of every file; restore checks them all before loading. */
export type BackupManifest = {
  format: 2;
  createdAt: string;
  /** The newest migration of the database it came from; a restore needs the same. */
  schemaVersion: number;
  /** `path` is the table's COPY file, relative to the backup folder. */
  tables: ({ name: string; columns: string[]; rows: number } & FileSum)[];
  media: 'copied' | 'not copied (S3 bucket: use its versioning)' | 'none';
  /** The media folder's files, paths relative to the backup folder (`media/…`). */
  mediaFiles: FileSum[];
};

/** What the commands print while they work: a table or the media starts, moves, ends. */
export type BackupProgress = (event: {
  part: string;
  /** Rows for a table, files for the media. */
  total: number;
  flow: Flow;
  finished: boolean;
}) => void;

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

const quiet: BackupProgress = () => {};

/** Every backed-up table with COPY (PostgreSQL's text format, one file each) from one snapshot. */
const backupTables = async (sql: Sql, outDir: string, progress: BackupProgress) => {
  const tables: BackupManifest['tables'] = [];
  await sql.begin('isolation level repeatable read read only', async (tx) => {
    for (const name of BACKED_UP_TABLES) {
      const columns = await columnsOf(tx as unknown as Sql, name);
      const list = columns.map(ident).join(', ');
      const [{ rows } = { rows: 0 }] = await tx.unsafe<{ rows: number }[]>(
        `SELECT count(*)::int AS rows FROM ${ident(name)}`,
      );
      const order = name === 'events' ? ' ORDER BY position' : '';
      const source = await tx
        .unsafe(`COPY (SELECT ${list} FROM ${ident(name)}${order}) TO STDOUT`)
        .readable();
      const path = `${name}.copy`;
      const onFlow = (flow: Flow) => progress({ part: name, total: rows, flow, finished: false });
      onFlow({ bytes: 0, rows: 0 });
      const written = await writeMetered(source, join(outDir, path), { onFlow });
      if (written.rows !== rows)
        throw new Error(`${name}: COPY gave ${written.rows} rows, the snapshot holds ${rows}`);
      progress({ part: name, total: rows, flow: written, finished: true });
      tables.push({ name, columns, rows, path, bytes: written.bytes, sha256: written.sha256 });
    }
  });
  return tables;
};

/** Copies the media folder file by file into `media/`, with each file's size and checksum. */
const backupMedia = async (mediaDir: string, outDir: string, progress: BackupProgress) => {
  const files = await listFiles(mediaDir);
  const sums: FileSum[] = [];
  const flow: Flow = { bytes: 0, rows: 0 };
  for (const file of files) {
    const path = `media/${file}`;
    // Photos are public: they keep the usual file mode, unlike the tables' owner-only files.
    const written = await writeMetered(createReadStream(join(mediaDir, file)), join(outDir, path), {
      mode: 0o644,
    });
    sums.push({ path, bytes: written.bytes, sha256: written.sha256 });
    flow.bytes += written.bytes;
    flow.rows++;
    if (flow.rows % 100 === 0)
      progress({ part: 'media', total: files.length, flow, finished: false });
  }
  progress({ part: 'media', total: files.length, flow, finished: true });
  return sums;
};

/**
 * Writes every backed-up table from one repeatable-read snapshot, so the log
 * and the accounts are from the same instant, then the media folder, then the
 * manifest with every file's size and SHA-256 (written last: a folder without
 * one is an unfinished backup).
 */
export const backup = async (options: {
  sql: Sql;
  outDir: string;
  /** The local media folder, or null when photos live in a bucket. */
  mediaDir: string | null;
  now: () => Date;
  onProgress?: BackupProgress;
}): Promise<BackupManifest> => {
  const { sql, outDir } = options;
  const progress = options.onProgress ?? quiet;
  await mkdir(outDir, { recursive: true });
  const tables = await backupTables(sql, outDir, progress);
  let media: BackupManifest['media'] = 'none';
  let mediaFiles: FileSum[] = [];
  if (options.mediaDir === null) media = 'not copied (S3 bucket: use its versioning)';
  else if (existsSync(options.mediaDir)) {
    mediaFiles = await backupMedia(options.mediaDir, outDir, progress);
    media = 'copied';
  }
  const manifest: BackupManifest = {
    format: 2,
    createdAt: options.now().toISOString(),
    schemaVersion: await schemaVersion(sql),
    tables,
    media,
    mediaFiles,
  };
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
};

export class RestoreRefused extends Error {}

/** Reads and checks a backup's manifest and every file it lists; refuses a damaged backup. */
const readBackup = async (fromDir: string): Promise<BackupManifest> => {
  const manifestFile = join(fromDir, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new RestoreRefused(`${fromDir} is not a finished backup (no manifest.json)`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused(`${manifestFile} is damaged (not JSON)`);
  }
  if (manifest.format !== 2)
    throw new RestoreRefused(
      `${fromDir} is a backup of format ${String((manifest as { format?: unknown }).format)}, ` +
        'without checksums; this restore reads format 2',
    );
  const known: readonly string[] = BACKED_UP_TABLES;
  const unknown = manifest.tables.filter((t) => !known.includes(t.name));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `the manifest lists unknown tables: ${unknown.map((t) => t.name).join(', ')}`,
    );
  const outside = manifest.mediaFiles.filter((f) => !f.path.startsWith('media/'));
  if (outside.length > 0)
    throw new RestoreRefused(`the manifest lists media outside media/: ${outside[0]?.path}`);
  const problems = await checkFiles(fromDir, [...manifest.tables, ...manifest.mediaFiles]);
  if (problems.length > 0)
    throw new RestoreRefused(
      `the backup is damaged; nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}` +
        (problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''),
    );
  return manifest;
};

/** Refuses a database at another schema version, or one that already holds events or accounts. */
const checkTarget = async (sql: Sql, manifest: BackupManifest) => {
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
};

/** Loads the tables in one transaction; a table whose rows or bytes differ rolls it all back. */
const restoreTables = async (
  sql: Sql,
  fromDir: string,
  manifest: BackupManifest,
  progress: BackupProgress,
) => {
  await sql.begin(async (tx) => {
    // Tables a migration fills with a starting row (the visitor-position secret) take the backup's.
    for (const { name } of manifest.tables) await tx.unsafe(`DELETE FROM ${ident(name)}`);
    for (const { name, columns, rows, path, sha256 } of manifest.tables) {
      const target = await tx
        .unsafe(`COPY ${ident(name)} (${columns.map(ident).join(', ')}) FROM STDIN`)
        .writable();
      const onFlow = (flow: Flow) => progress({ part: name, total: rows, flow, finished: false });
      onFlow({ bytes: 0, rows: 0 });
      const loaded = await meteredPipe(createReadStream(join(fromDir, path)), target, onFlow);
      // Checked before loading, and again as loaded: a file changed in between rolls it all back.
      if (loaded.sha256 !== sha256)
        throw new RestoreRefused(`${path} changed while it was loaded; nothing was restored`);
      const [count] = await tx.unsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ${ident(name)}`,
      );
      if (count?.n !== rows)
        throw new RestoreRefused(`${name}: ${count?.n} rows loaded, the manifest says ${rows}`);
      progress({ part: name, total: rows, flow: loaded, finished: true });
    }
    // New appends continue after the restored positions.
    await tx`SELECT setval(pg_get_serial_sequence('events', 'position'),
                           coalesce((SELECT max(position) FROM events), 0) + 1, false)`;
  });
};

/** Copies the checked media files into the media folder. */
const restoreMedia = async (
  fromDir: string,
  mediaDir: string,
  manifest: BackupManifest,
  progress: BackupProgress,
) => {
  const flow: Flow = { bytes: 0, rows: 0 };
  const total = manifest.mediaFiles.length;
  for (const file of manifest.mediaFiles) {
    const to = join(mediaDir, file.path.slice('media/'.length));
    await mkdir(dirname(to), { recursive: true });
    await copyFile(join(fromDir, file.path), to);
    flow.bytes += file.bytes;
    flow.rows++;
    if (flow.rows % 100 === 0) progress({ part: 'media', total, flow, finished: false });
  }
  progress({ part: 'media', total, flow, finished: true });
};

/**
 * Loads a backup into an empty database (migrated to the backup's schema) in
 * one transaction, and its media into the media folder, after checking every
 * file against the manifest's checksums. The read models, the search index
 * and the public pages are then rebuilt from the log by the projections (they
 * start from position zero in a fresh database).
 */
export const restore = async (options: {
  sql: Sql;
  fromDir: string;
  mediaDir: string | null;
  onProgress?: BackupProgress;
  /** Called once every file matched its checksum, with how many files that was. */
  onChecked?: (files: number) => void;
}): Promise<BackupManifest> => {
  const { sql, fromDir } = options;
  const progress = options.onProgress ?? quiet;
  const manifest = await readBackup(fromDir);
  options.onChecked?.(manifest.tables.length + manifest.mediaFiles.length);
  await checkTarget(sql, manifest);
  await restoreTables(sql, fromDir, manifest, progress);
  if (options.mediaDir !== null && manifest.mediaFiles.length > 0)
    await restoreMedia(fromDir, options.mediaDir, manifest, progress);
  return manifest;
};
