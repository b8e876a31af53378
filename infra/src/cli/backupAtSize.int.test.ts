// Backups at size: every table of more than 1 MB (a COPY that large once hung the client for
// good), restored with the same rows and the same bytes; and a damaged backup is refused before
// anything is loaded.
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { cliRunner } from '@rentals/testing/cli';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import type { BackupManifest } from '../ops/backup.ts';

const backupCli = cliRunner('infra/src/cli/backup.ts');
const restoreCli = cliRunner('infra/src/cli/restore.ts');
const COPIES = 30_000;
const MB = 1024 * 1024;
let root: string;
let backupDir: string;
let sourceMedia: string;

/**
 * Fills the source cheaply: one listing appended through the event store, then
 * 20,000 copies of its stream and event made by SQL, plus accounts, revoked
 * tokens and view counters, each table well over 1 MB in COPY text.
 */
const fillSource = async () => {
  const sql = backupCli.db().sql;
  await appendListingEvents(createEventStore(sql), 'big-0', [listingCreated('big-0')]);
  await sql`
    INSERT INTO streams (stream_id, stream_type, version)
    SELECT s.stream_id || '-bulk-copy-' || lpad(i::text, 6, '0'), s.stream_type, 1
    FROM streams s, generate_series(1, ${COPIES}) i`;
  await sql`
    INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT e.stream_id || '-bulk-copy-' || lpad(i::text, 6, '0'), 1, e.type,
           jsonb_set(e.data, '{listingId}', to_jsonb('big-0-' || i)), e.metadata
    FROM events e, generate_series(1, ${COPIES}) i ORDER BY i`;
  await sql`
    INSERT INTO users (id, name, email, phone, role, password_hash, created_at, updated_at)
    SELECT 'user-' || i, 'Owner number ' || i, 'owner' || i || '@example.in', '98' || lpad(i::text, 8, '0'),
           'homeowner', repeat('h', 120), now(), now()
    FROM generate_series(1, ${COPIES / 4}) i`;
  await sql`
    INSERT INTO revoked_tokens (jti, expires_at)
    SELECT gen_random_uuid()::text, now() + interval '1 day' FROM generate_series(1, ${COPIES}) i`;
  await sql`
    INSERT INTO listing_view_counts (listing_id, views)
    SELECT 'big-0-' || i || '-with-a-longer-listing-id', i FROM generate_series(1, ${COPIES * 2}) i`;
  sourceMedia = join(root, 'media-source');
  for (const n of [1, 2, 3]) {
    await mkdir(join(sourceMedia, 'listings', `big-0-${n}`), { recursive: true });
    await writeFile(join(sourceMedia, 'listings', `big-0-${n}`, 'p-640.webp'), `photo ${n}`);
  }
};

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

const manifestOf = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;

const restoreFrom = (dir: string) =>
  restoreCli.run(['--from', dir], { MEDIA_DIR: join(root, 'media-target') });

const targetEvents = async () => {
  const [row] = await restoreCli.db().sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events`;
  return row?.n;
};

beforeAll(async () => {
  await Promise.all([backupCli.start(), restoreCli.start()]);
  root = await mkdtemp(join(tmpdir(), 'rentals-backup-size-'));
  await fillSource();
  backupDir = join(root, 'backup');
  const backedUp = await backupCli.run(['--out', backupDir], { MEDIA_DIR: sourceMedia });
  expect(backedUp.out).toContain(`events: ${(COPIES + 1).toLocaleString('en-IN')} rows`);
  expect(backedUp.code).toBe(0);
});
afterAll(async () => {
  await Promise.all([backupCli.stop(), restoreCli.stop()]);
  await rm(root, { recursive: true, force: true });
});

it('refuses a backup with a changed byte, a changed photo or a missing file, and loads nothing', async () => {
  const damaged = join(root, 'damaged');
  await cp(backupDir, damaged, { recursive: true });
  const events = join(damaged, 'events.copy');
  const original = await readFile(events);
  const flipped = Buffer.from(original);
  const middle = Math.floor(flipped.length / 2);
  flipped[middle] = flipped[middle]! ^ 0x01;
  await writeFile(events, flipped);
  const byte = await restoreFrom(damaged);
  expect(byte.out).toContain('the backup is damaged; nothing was restored');
  expect(byte.out).toContain('events.copy:');
  expect(byte.code).toBe(1);

  await writeFile(events, original);
  await writeFile(join(damaged, 'media', 'listings', 'big-0-2', 'p-640.webp'), 'photo 9');
  const photo = await restoreFrom(damaged);
  expect(photo.out).toContain('media/listings/big-0-2/p-640.webp:');
  expect(photo.code).toBe(1);

  await rm(join(damaged, 'users.copy'));
  const missing = await restoreFrom(damaged);
  expect(missing.out).toContain('users.copy: missing');
  expect(missing.code).toBe(1);
  expect(await targetEvents()).toBe(0);
});

it('backs up every table of more than 1 MB and restores the same rows, byte for byte', async () => {
  const manifest = await manifestOf(backupDir);
  for (const table of manifest.tables)
    expect(await sha256(join(backupDir, table.path))).toBe(table.sha256);
  // The secret is one row; every other table is over 1 MB.
  const small = manifest.tables.filter((t) => t.bytes <= MB).map((t) => `${t.name} ${t.bytes}`);
  expect(small).toEqual([`visitor_position_secret ${manifest.tables.at(-1)?.bytes}`]);
  expect(manifest.mediaFiles.map((f) => f.path)).toEqual([
    'media/listings/big-0-1/p-640.webp',
    'media/listings/big-0-2/p-640.webp',
    'media/listings/big-0-3/p-640.webp',
  ]);

  const restored = await restoreFrom(backupDir);
  expect(restored.out).toContain(
    `checked ${manifest.tables.length + 3} files against manifest.json`,
  );
  expect(restored.code).toBe(0);
  const target = restoreCli.db().sql;
  for (const table of manifest.tables) {
    const [row] = await target.unsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${table.name}`,
    );
    expect({ table: table.name, rows: row?.n }).toEqual({ table: table.name, rows: table.rows });
  }
  expect(
    await readFile(join(root, 'media-target', 'listings', 'big-0-3', 'p-640.webp'), 'utf8'),
  ).toBe('photo 3');

  // A backup of the restored database holds the same bytes as the first.
  const again = join(root, 'again');
  const backupOfTarget = await backupCli.run(['--out', again], {
    DATABASE_URL: restoreCli.db().url,
    MEDIA_DIR: join(root, 'media-target'),
  });
  expect(backupOfTarget.code).toBe(0);
  const secondManifest = await manifestOf(again);
  expect(secondManifest.tables.map((t) => [t.name, t.rows, t.sha256])).toEqual(
    manifest.tables.map((t) => [t.name, t.rows, t.sha256]),
  );
});
