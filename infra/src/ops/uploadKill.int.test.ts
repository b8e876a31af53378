// The web process dies between storing an upload's photos as uploaded and appending its event
// (the one moment a kill leaves files no event mentions): the queue rows written before them
// name them, so once their hold has passed the next web process's photo processor removes
// exactly those files, and the photos of a create that was acknowledged stay. The slow version,
// under load and with the dev runner restarting the web process, is `npm run drill -- --only web-upload`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { mediaKeyOf } from '@rentals/api/media/mediaStore';
import { sweepOrphanPhotos } from '@rentals/api/media/orphanSweep';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { listingForm } from '@rentals/testing/listingForm';
import { testDatabaseWithDir } from '@rentals/testing/testDatabase';
import { startWebProcess, registerAt } from '@rentals/testing/webProcess';
import { freePort } from '../services/ports.ts';

const env = testDatabaseWithDir('rentals-upload-kill-');

const waitingRows = async (listingId?: string) =>
  (
    await env.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM photo_jobs
      WHERE ${listingId ? env.db.sql`listing_id = ${listingId}` : env.db.sql`true`}`
  )[0]!.n;

it('after the web process is killed between storing photos and appending, the next one removes exactly the orphans', async () => {
  const port = await freePort();
  const web = await startWebProcess({ databaseUrl: env.db.url, dataDir: env.dir, port });
  const { url } = web;
  const token = await registerAt(url, {
    name: 'Upload Owner',
    email: 'upload-owner@example.in',
    password: 'upload-password-1',
    phone: '9876512345',
  });
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
  const { property } = (await acknowledged.json()) as { property: { _id: string } };
  // The web process's photo processor makes the renditions after the answer.
  await vi.waitFor(async () => expect(await waitingRows()).toBe(0), {
    timeout: 60_000,
    interval: 100,
  });
  const { events } = await createEventStore(env.db.sql).readStream(listingStreamId(property._id));
  const { images } = toPropertyDocument(fold(events as unknown as ListingEvent[]))!;
  expect(images).toHaveLength(2);
  const keptKeys = images.flatMap((i) => i.variants.map((v) => mediaKeyOf(v.url)!));

  // Hold every append: the next create stores its photos and then waits on the lock.
  const blocker = await env.db.sql.reserve();
  try {
    await blocker`BEGIN`;
    await blocker`LOCK TABLE events IN EXCLUSIVE MODE`;
    const cut = post('cut').then(
      (res) => `answered ${res.status}`,
      () => 'cut',
    );
    for (;;) {
      const [waiting] = await env.db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'events'::regclass AND NOT granted`;
      if (waiting!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    web.child.kill('SIGKILL');
    await web.exited;
    expect(await cut).toBe('cut');
    // A backend waiting on a lock does not notice its client is gone, and would still append once
    // the lock is released; end it, as the server does when it notices.
    await env.db.sql`SELECT pg_terminate_backend(pid) FROM pg_locks
                 WHERE relation = 'events'::regclass AND NOT granted`;
  } finally {
    await blocker`ROLLBACK`;
    blocker.release();
  }

  // The cut upload's originals, named by their held queue rows; no rendition was made of them.
  const incoming = join(env.dir, 'media', 'incoming');
  const cutDirs = readdirSync(incoming).filter((d) => readdirSync(join(incoming, d)).length > 0);
  expect(cutDirs).toHaveLength(1);
  const cutId = cutDirs[0]!;
  expect(readdirSync(join(incoming, cutId))).toHaveLength(2);
  expect(await waitingRows(cutId)).toBe(2);
  expect(readdirSync(join(env.dir, 'media', 'listings'))).toEqual([property._id]);

  // Two minutes later (the hold, set here rather than waited for) a web process looks at them:
  // no event received them, so they go.
  await env.db.sql`UPDATE photo_jobs SET not_before = now() WHERE listing_id = ${cutId}`;
  const next = await startWebProcess({
    databaseUrl: env.db.url,
    dataDir: env.dir,
    port: await freePort(),
  });
  try {
    await vi.waitFor(async () => expect(await waitingRows(cutId)).toBe(0), {
      timeout: 60_000,
      interval: 100,
    });
  } finally {
    next.child.kill('SIGTERM');
    await next.exited;
  }
  expect(readdirSync(join(incoming, cutId))).toEqual([]);
  const media = localDiskStore(join(env.dir, 'media'));
  const sweep = await sweepOrphanPhotos({
    sql: env.db.sql,
    media,
    now: () => new Date(),
    graceMs: 0,
    dryRun: true,
  });
  expect(sweep).toMatchObject({ orphans: [], temporary: [] });
  for (const key of keptKeys) expect(existsSync(join(env.dir, 'media', key))).toBe(true);
}, 180_000);
