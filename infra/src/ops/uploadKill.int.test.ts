// The web process dies between storing an upload's photos and appending its event (the one
// moment a kill leaves files no event mentions): the orphan sweep removes exactly those files,
// and the photos of a create that was acknowledged stay. The slow version, under load and with
// the dev runner restarting the web process, is `npm run drill -- --only web-upload`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { mediaKeyOf } from '@rentals/api/media/mediaStore';
import { sweepOrphanPhotos } from '@rentals/api/media/orphanSweep';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { listingForm } from '@rentals/testing/listingForm';
import { runServers, testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { freePort } from '../services/ports.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
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
  const servers = runServers();
  const web = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      MEILI_URL: servers.meiliUrl,
      MEILI_MASTER_KEY: servers.meiliKey,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((r) => web.on('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('web listening')) resolve();
    };
    web.stdout.on('data', onData);
    web.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`web exited before listening:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
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
    web.kill('SIGKILL');
    await exited;
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
