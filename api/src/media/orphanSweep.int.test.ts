import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { ListingImage } from '@rentals/core/listings/listing';
import { startS3Server } from '@rentals/testing/s3Server';
import { appendListingEvents, listingCreated, testImage } from '@rentals/testing/listingFixtures';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { localDiskStore } from './localDiskStore.ts';
import type { MediaStore } from './mediaStore.ts';
import { ORPHAN_GRACE_MS, sweepOrphanPhotos } from './orphanSweep.ts';
import { s3Store } from './s3Store.ts';

let db: TestDatabase;
let root: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
const stores = new Map<string, MediaStore>();

beforeAll(async () => {
  db = await testDatabase();
  root = await mkdtemp(join(tmpdir(), 'orphan-sweep-'));
  s3 = await startS3Server(['rentals-media']);
  stores.set('local disk', localDiskStore(join(root, 'disk')));
  stores.set('s3', s3Store(s3.bucket('rentals-media', 'sweep')));
});
afterAll(async () => {
  await s3.stop();
  await db.drop();
  await rm(root, { recursive: true, force: true });
});

const bytes = new TextEncoder().encode('webp');
const present = async (store: MediaStore, key: string) => (await store.get(key)) !== null;
const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);

describe.each(['local disk', 's3'])('%s: the orphan photo sweep', (name) => {
  it('removes settled photos no event mentions and leftover .tmp files, and keeps the rest', async () => {
    const store = stores.get(name)!;
    const listing = `sw-${randomUUID()}`;
    const neverAppended = `sw-${randomUUID()}`;
    const image: ListingImage = {
      ...testImage(`${listing}-a`),
      url: `/media/listings/${listing}/kept-1280.webp`,
      variants: [{ width: 640, height: 480, url: `/media/listings/${listing}/kept-640.webp` }],
    };
    await appendListingEvents(createEventStore(db.sql), listing, [
      listingCreated(listing, { images: [image] }),
    ]);
    const kept = [
      `listings/${listing}/kept-1280.webp`,
      `listings/${listing}/kept-640.webp`,
      'pool/shared-640.webp',
    ];
    const swept = [
      `listings/${listing}/failed-upload-640.webp`,
      `listings/${neverAppended}/a-640.webp`,
      `listings/${listing}/kept-640.webp.1a2b3c.tmp`,
      'pool/shared-320.webp.4d5e6f.tmp',
    ];
    for (const key of [...kept, ...swept]) await store.put(key, bytes, 'image/webp');

    const report = await sweepOrphanPhotos({ sql: db.sql, media: store, now: later });
    expect(report.orphans.sort()).toEqual(swept.filter((k) => !k.endsWith('.tmp')).sort());
    expect(report.temporary.sort()).toEqual(swept.filter((k) => k.endsWith('.tmp')).sort());
    for (const key of kept) expect(await present(store, key)).toBe(true);
    for (const key of swept.filter((k) => !k.endsWith('.tmp')))
      expect(await present(store, key)).toBe(false);
  });

  it('keeps every file within the grace period, referenced or not', async () => {
    const store = stores.get(name)!;
    const key = `listings/sw-${randomUUID()}/in-flight-640.webp`;
    await store.put(key, bytes, 'image/webp');
    const report = await sweepOrphanPhotos({ sql: db.sql, media: store, now: () => new Date() });
    expect(report.orphans).not.toContain(key);
    expect(await present(store, key)).toBe(true);
  });
});

it('local disk: a .tmp file a killed write left is listed and removed once settled', async () => {
  const dir = join(root, 'disk', 'listings', 'sw-killed');
  await rm(dir, { recursive: true, force: true });
  const store = stores.get('local disk')!;
  await store.put('listings/sw-killed/x-640.webp', bytes, 'image/webp');
  const leftover = join(dir, 'y-640.webp.abcdef.tmp');
  await writeFile(leftover, bytes);
  const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
  await utimes(leftover, old, old);
  const report = await sweepOrphanPhotos({ sql: db.sql, media: store, now: () => new Date() });
  expect(report.temporary).toContain('listings/sw-killed/y-640.webp.abcdef.tmp');
  expect(report.orphans).not.toContain('listings/sw-killed/x-640.webp');
});
