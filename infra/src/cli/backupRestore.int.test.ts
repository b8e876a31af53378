// The backup drill: back up a product's data, restore it into an empty database, let the
// projections rebuild everything from the log, and `npm run verify` finds no difference.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { cliRunner } from '@rentals/testing/cli';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { runServers } from '@rentals/testing/testDatabase';

const backupCli = cliRunner('infra/src/cli/backup.ts');
const restoreCli = cliRunner('infra/src/cli/restore.ts');
const verifyCli = cliRunner('infra/src/cli/verify.ts');
let root: string;

beforeAll(async () => {
  await Promise.all([backupCli.start(), restoreCli.start(), verifyCli.start()]);
  root = await mkdtemp(join(tmpdir(), 'rentals-backup-'));
});
afterAll(async () => {
  await Promise.all([backupCli.stop(), restoreCli.stop(), verifyCli.stop()]);
  await rm(root, { recursive: true, force: true });
});

it('restores the log, accounts and media into an empty stack, and the rebuilt read side verifies clean', async () => {
  // The source: three listings (one delisted), an account, a view counter and a photo.
  const source = backupCli.db().sql;
  const store = createEventStore(source);
  const ids = ['a', 'b', 'c'].map((n) => `bk-${n}-${randomUUID().slice(0, 8)}`);
  for (const id of ids) await appendListingEvents(store, id, [listingCreated(id)]);
  const city = listingCreated(ids[2]!).data.location.city;
  await appendListingEvents(store, ids[2]!, [
    { type: 'ListingDelisted', data: { listingId: ids[2]!, at: nextTime(), city } },
  ]);
  await source`INSERT INTO users (id, name, email, phone, role, password_hash, created_at, updated_at)
               VALUES ('u-1', 'Asha Rao', 'asha@example.in', '9876543210', 'homeowner', 'x', now(), now())`;
  await source`INSERT INTO listing_view_counts (listing_id, views) VALUES (${ids[0]!}, 7)`;
  const [secret] = await source<{ secret: Buffer }[]>`SELECT secret FROM visitor_position_secret`;
  const sourceMedia = join(root, 'media-source');
  await mkdir(join(sourceMedia, 'listings', ids[0]!), { recursive: true });
  await writeFile(join(sourceMedia, 'listings', ids[0]!, 'p-640.webp'), 'webp bytes');

  const backupDir = join(root, 'backup');
  const backedUp = await backupCli.run(['--out', backupDir], { MEDIA_DIR: sourceMedia });
  expect(backedUp.out).toContain('events: 4 rows');
  expect(backedUp.code).toBe(0);

  // The target: an empty, migrated database and an empty media folder.
  const targetMedia = join(root, 'media-target');
  const restored = await restoreCli.run(['--from', backupDir], { MEDIA_DIR: targetMedia });
  expect(restored.out).toContain('users: 1 row, ');
  expect(restored.out).toContain('checked 7 files against manifest.json');
  expect(restored.code).toBe(0);
  const target = restoreCli.db().sql;
  expect(await readFile(join(targetMedia, 'listings', ids[0]!, 'p-640.webp'), 'utf8')).toBe(
    'webp bytes',
  );
  const [views] = await target<{ views: number }[]>`
    SELECT views::int FROM listing_view_counts WHERE listing_id = ${ids[0]!}`;
  expect(views?.views).toBe(7);
  const [restoredSecret] = await target<
    { secret: Buffer }[]
  >`SELECT secret FROM visitor_position_secret`;
  expect(restoredSecret?.secret.equals(secret!.secret)).toBe(true);

  // A second restore into the now used database is refused.
  const again = await restoreCli.run(['--from', backupDir], { MEDIA_DIR: targetMedia });
  expect(again.out).toContain('the database is not empty');
  expect(again.code).toBe(1);

  // New writes continue the log after the restored positions, and projections see them all.
  const fresh = `bk-d-${randomUUID().slice(0, 8)}`;
  await appendListingEvents(createEventStore(target), fresh, [listingCreated(fresh)]);
  const index = `backup-${randomUUID()}`;
  const { meiliUrl, meiliKey } = runServers();
  const readSide = startReadSide(target, { url: meiliUrl, key: meiliKey, index });
  try {
    await readSide.caughtUp();
    const siteDir = join(root, 'site');
    await fullBuild({ sql: target, outDir: siteDir, siteUrl: 'http://localhost:3000' });
    const verified = await verifyCli.run(['--index', index, '--public-site', siteDir], {
      DATABASE_URL: restoreCli.db().url,
    });
    expect(verified.out).toContain('event log: 4 listings (4 live, 3 listed, 0 parked)');
    expect(verified.out).toContain('consistent');
    expect(verified.code).toBe(0);
  } finally {
    await readSide.stop();
  }
  expect(existsSync(join(backupDir, 'manifest.json'))).toBe(true);
});
