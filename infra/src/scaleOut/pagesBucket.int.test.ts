import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { s3Bucket, type S3Bucket } from '@rentals/core/s3Bucket';
import { publicSiteHandler } from '@rentals/api/web/publicPages';
import { dirtyCitiesProjection } from '@rentals/projections/dirtyCities/dirtyCities';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { startS3Server } from '@rentals/testing/s3Server';
import {
  appendListingEvent,
  retitled,
  seedPublicListing,
  type SeededListing,
} from '@rentals/testing/publicSiteFixtures';
import {
  createBucketMirror,
  type BucketMirror,
} from '@rentals/projections/publicSite/bucketMirror';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { regenerateOnce, startRegenerator } from '@rentals/projections/publicSite/regenerator';

/**
 * The pages' bucket against s3rver: the full build uploads everything, a
 * regeneration only what it changed, a failed upload or purge stays queued,
 * and the web process serves the pages from the bucket as it does from disk.
 */
const SITE = 'https://rentals.example.in';
let db: TestDatabase;
let out: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: S3Bucket;
let running: RunningProjection[];
let purgeAnswer = 200;
const purged: string[][] = [];
let hook: ReturnType<typeof Bun.serve>;
let mirror: BucketMirror;
const seeded: SeededListing[] = [];

const store = () => createEventStore(db.sql);
const caughtUp = () => Promise.all(running.map((r) => r.whenCaughtUp()));
const fromBucket = (path: string) =>
  publicSiteHandler(bucket)(new Request(`http://localhost${path}`));
const queued = async () =>
  (await db.sql<{ path: string }[]>`SELECT path FROM public_site_uploads ORDER BY path`).map(
    (r) => r.path,
  );

beforeAll(async () => {
  db = await testDatabase();
  out = mkdtempSync(join(tmpdir(), 'public-site-bucket-'));
  s3 = await startS3Server(['rentals-pages']);
  bucket = s3Bucket(s3.bucket('rentals-pages', 'prod'));
  hook = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request) => {
      purged.push(((await request.json()) as { paths: string[] }).paths);
      return new Response(null, { status: purgeAnswer });
    },
  });
  mirror = createBucketMirror({
    sql: db.sql,
    outDir: out,
    bucket,
    purgeUrl: `http://127.0.0.1:${hook.port}/purge`,
  });
  running = [publicListingModel, dirtyCitiesProjection].map((p) =>
    startProjection(db.sql, p, { pollIntervalMs: 50 }),
  );
  for (let n = 1; n <= 3; n++) {
    seeded.push(await seedPublicListing(store(), db.sql, n, 'Pune'));
  }
  await caughtUp();
  await fullBuild({ sql: db.sql, outDir: out, siteUrl: SITE });
});

afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await hook.stop(true);
  await s3.stop();
  await db.drop();
  rmSync(out, { recursive: true, force: true });
});

describe('the public pages in an S3-compatible bucket', () => {
  it('a full sync uploads every file with its type and cache policy, then purges everything', async () => {
    expect(await mirror.isEmpty()).toBe(true);
    const uploaded = await mirror.syncAll();
    expect(uploaded).toBeGreaterThan(5);
    expect(await mirror.isEmpty()).toBe(false);
    expect(purged.at(-1)).toEqual(['/*']);

    const page = await fromBucket('/browse/cities/pune');
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page?.headers.get('cache-control')).toBe('no-cache');
    expect(await page?.text()).toBe(readFileSync(join(out, 'browse/cities/pune.html'), 'utf8'));
    // The object itself carries the policy, for a CDN reading the bucket directly.
    const direct = await fetch(bucket.client.presign(bucket.key('browse/cities/pune.html')));
    expect(direct.headers.get('cache-control')).toBe('no-cache');
    expect(direct.headers.get('content-type')).toContain('text/html');
    // Revalidation works against the bucket's ETag.
    const again = await publicSiteHandler(bucket)(
      new Request('http://localhost/browse/cities/pune', {
        headers: { 'if-none-match': page!.headers.get('etag')! },
      }),
    );
    expect(again?.status).toBe(304);
    // What the site does not have falls through to the app, as from disk.
    expect(await fromBucket('/browse/cities/atlantis')).toBeUndefined();
  });

  it('serves each language’s city pages, and sends a Hindi browser’s first visit to the Hindi page', async () => {
    const hindi = await fromBucket('/hi/browse/cities/pune');
    expect(hindi?.status).toBe(200);
    expect(await hindi?.text()).toContain('<html lang="hi-IN">');
    expect((await fromBucket('/sitemaps/kn/city-pune.xml'))?.status).toBe(200);
    const ask = (path: string, headers: Record<string, string>) =>
      publicSiteHandler(bucket)(new Request(`http://localhost${path}`, { headers }));
    const first = await ask('/browse/cities/pune', { 'accept-language': 'hi-IN,en;q=0.8' });
    expect(first?.status).toBe(302);
    expect(first?.headers.get('location')).toBe('/hi/browse/cities/pune');
    // A language chosen before wins; a listing's own page is in every language too.
    const chosen = await ask('/browse/cities/pune', { 'accept-language': 'hi', cookie: 'lang=en' });
    expect(chosen?.status).toBe(200);
    const listing = await ask(`/browse/${seeded[1]!.id}`, { 'accept-language': 'kn-IN' });
    expect(listing?.status).toBe(302);
    expect(listing?.headers.get('location')).toBe(`/kn/browse/${seeded[1]!.id}`);
    expect((await fromBucket(`/kn/browse/${seeded[1]!.id}`))?.status).toBe(200);
  });

  it('a regeneration queues only what it changed; draining uploads it and purges those URLs', async () => {
    const listing = seeded[0]!;
    await appendListingEvent(store(), retitled(listing.id, 'Freshly painted 2BHK'));
    await caughtUp();
    const { report } = await regenerateOnce({ sql: db.sql, outDir: out, siteUrl: SITE, mirror });
    expect(report?.paths).toContain(`browse/${listing.id}.html`);
    expect(await queued()).toEqual([...report!.paths].sort());

    expect(await mirror.drain()).toBe(report!.paths.length);
    expect(await queued()).toEqual([]);
    expect(purged.at(-1)).toContain(`/browse/${listing.id}`);
    expect(await (await fromBucket(`/browse/${listing.id}`))?.text()).toContain(
      'Freshly painted 2BHK',
    );
  });

  it('a failing purge hook leaves the batch queued; the next drain delivers it', async () => {
    const listing = seeded[1]!;
    await appendListingEvent(store(), {
      type: 'ListingDeleted',
      data: { listingId: listing.id, at: new Date().toISOString(), city: 'Pune', imageIds: [] },
    });
    await caughtUp();
    await regenerateOnce({ sql: db.sql, outDir: out, siteUrl: SITE, mirror });
    expect(await queued()).toContain(`browse/${listing.id}.html`);

    purgeAnswer = 503;
    await expect(mirror.drain()).rejects.toThrow('purge hook answered 503');
    expect(await queued()).toContain(`browse/${listing.id}.html`);

    purgeAnswer = 200;
    await mirror.drain();
    expect(await queued()).toEqual([]);
    // The deleted listing's page answers 410 from the bucket too (its status travels in the page).
    expect((await fromBucket(`/browse/${listing.id}`))?.status).toBe(410);
  });

  it('a page queued again while its older bytes upload stays queued', async () => {
    await db.sql.begin((tx) => mirror.queue(tx, ['robots.txt']));
    const [before] = await db.sql<{ seq: string }[]>`
      SELECT seq::text FROM public_site_uploads WHERE path = 'robots.txt'`;
    await db.sql.begin((tx) => mirror.queue(tx, ['robots.txt']));
    const [after] = await db.sql<{ seq: string }[]>`
      SELECT seq::text FROM public_site_uploads WHERE path = 'robots.txt'`;
    expect(BigInt(after!.seq)).toBeGreaterThan(BigInt(before!.seq));
    await mirror.drain();
    expect(await queued()).toEqual([]);
  });

  it('the running regenerator fills an empty bucket, then uploads each change as it publishes it', async () => {
    const second = s3Bucket(s3.bucket('rentals-pages', 'second'));
    let waiter: { match: RegExp; resolve: () => void } | undefined;
    const logLine = (match: RegExp) =>
      new Promise<void>((resolve) => {
        waiter = { match, resolve };
      });
    const uploadedAll = logLine(/files uploaded to the pages' bucket/);
    const regenerator = startRegenerator({
      sql: db.sql,
      outDir: out,
      siteUrl: SITE,
      mirror: createBucketMirror({ sql: db.sql, outDir: out, bucket: second }),
      log: (line) => {
        if (waiter?.match.test(line)) waiter.resolve();
      },
    });
    try {
      await uploadedAll;
      const listing = seeded[2]!;
      expect(
        await (
          await publicSiteHandler(second)(new Request(`http://x/browse/${listing.id}`))
        )?.text(),
      ).toContain(listing.title);

      // The run after the first sync may still be uploading what it made before the change (the
      // open rent data): the change is in the bucket after some upload, not necessarily the next.
      // The page is read from the bucket itself, so finding it there is the upload.
      await appendListingEvent(store(), retitled(listing.id, 'Corner 2BHK with a view'));
      await expect
        .poll(
          async () =>
            (await publicSiteHandler(second)(new Request(`http://x/browse/${listing.id}`)))?.text(),
          { timeout: 30_000, interval: 200 },
        )
        .toContain('Corner 2BHK with a view');
    } finally {
      await regenerator.stop();
    }
  });
});
