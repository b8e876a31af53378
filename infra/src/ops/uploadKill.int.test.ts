// The web process dies between storing an upload's photos and appending its event (the one
// moment a kill leaves files no event mentions): the orphan sweep removes exactly those files,
// and the photos of a create that was acknowledged stay. The slow version, under load and with
// the dev runner restarting the web process, is `npm run drill -- --only web-upload`.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { mediaKeyOf } from '@rentals/api/media/mediaStore';
import { sweepOrphanPhotos } from '@rentals/api/media/orphanSweep';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { listingForm } from '@rentals/testing/listingForm';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { startWebProcess } from '@rentals/testing/webProcess';
import { freePort } from '../services/ports.ts';

let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await testDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-upload-kill-'));
});
afterAll(async () => {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

it('after the web process is killed between storing photos and appending, the sweep removes exactly the orphans', async () => {
  const port = await freePort();
  const web = await startWebProcess({ databaseUrl: db.url, dataDir, port });
  const { url } = web;
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Upload Owner',
      email: 'upload-owner@example.in',
      password: 'upload-password-1',
      phone: '9876512345',
    }),
  });
  const { token } = (await registered.json()) as { token: string };
  const photo = async (label: string) => ({
    name: `${label}.jpg`,
    bytes: await samplePhoto({ width: 1200, height: 900, label }),
    type: 'image/jpeg',
  });
  const post = async (label: string) =>
    fetch(`${url}/api/properties`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: listingForm(undefined, [await photo(`${label}-1`), await photo(`${label}-2`)]),
    });

  const acknowledged = await post('kept');
  expect(acknowledged.status).toBe(201);
  const { property } = (await acknowledged.json()) as {
    property: { _id: string; images: { variants: { url: string }[] }[] };
  };
  const keptKeys = property.images.flatMap((i) => i.variants.map((v) => mediaKeyOf(v.url)!));

  // Hold every append: the next create stores its photos and then waits on the lock.
  const blocker = await db.sql.reserve();
  try {
    await blocker`BEGIN`;
    await blocker`LOCK TABLE events IN EXCLUSIVE MODE`;
    const cut = post('cut').then(
      (res) => `answered ${res.status}`,
      () => 'cut',
    );
    for (;;) {
      const [waiting] = await db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'events'::regclass AND NOT granted`;
      if (waiting!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    web.child.kill('SIGKILL');
    await web.exited;
    expect(await cut).toBe('cut');
    // A backend waiting on a lock does not notice its client is gone, and would still append once
    // the lock is released; end it, as the server does when it notices.
    await db.sql`SELECT pg_terminate_backend(pid) FROM pg_locks
                 WHERE relation = 'events'::regclass AND NOT granted`;
  } finally {
    await blocker`ROLLBACK`;
    blocker.release();
  }

  const listings = join(dataDir, 'media', 'listings');
  const orphanDirs = readdirSync(listings).filter((d) => d !== property._id);
  expect(orphanDirs).toHaveLength(1);
  const media = localDiskStore(join(dataDir, 'media'));
  const sweep = (dryRun: boolean) =>
    sweepOrphanPhotos({ sql: db.sql, media, now: () => new Date(), graceMs: 0, dryRun });

  const found = await sweep(true);
  expect(found.orphans.length).toBeGreaterThan(0);
  expect(found.orphans.every((key) => key.startsWith(`listings/${orphanDirs[0]}/`))).toBe(true);
  await sweep(false);
  expect(await sweep(true)).toMatchObject({ orphans: [], temporary: [] });
  for (const key of keptKeys) expect(existsSync(join(dataDir, 'media', key))).toBe(true);
}, 60_000);
