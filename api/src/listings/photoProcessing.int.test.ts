import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { temporaryMedia } from '@rentals/testing/temporaryMedia';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { samplePhoto } from '../media/samplePhotos.ts';
import { serveMedia } from '../media/serveMedia.ts';
import { photoPool } from './photos.ts';
import { processWaitingPhotos, startPhotoProcessor } from './photoProcessor.ts';
import { claimPhotoJobs } from './photoJobs.ts';

/**
 * Uploads are answered once the photos are stored as uploaded and received
 * (ListingPhotosReceived); renditions are made afterwards by the photo
 * processor, whose queue outlives the process that accepted the upload.
 */
type PropertyBody = { property: PropertyDocument };

let t: TestApp;
const disk = temporaryMedia('photo-processing-');
let owner: TestUser;
let tenant: TestUser;
let photos: Buffer[];

beforeAll(async () => {
  t = await testApp({ deps: { media: disk.store } });
  owner = await t.registerUser('homeowner', { name: 'Kavya Menon' });
  tenant = await t.registerUser('tenant');
  photos = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      samplePhoto({ width: 1200, height: 900, label: `Room ${i + 1}` }),
    ),
  );
});
afterAll(async () => {
  await t.close();
});

const jpg = (bytes: Uint8Array, name: string) => ({ name, bytes, type: 'image/jpeg' });
const tenFiles = () => photos.map((p, i) => jpg(p, `room-${i + 1}.jpg`));
const withCaptions = (values: Record<string, string>, count: number) => ({
  ...values,
  imageCaptions: JSON.stringify(Array.from({ length: count }, (_, i) => `Caption ${i + 1}`)),
});
const processorDeps = () => ({ ...t.deps, media: disk.store });
const detail = (id: string, token = owner.token) =>
  t.request<PropertyBody>('GET', `/api/properties/${id}`, { token });
const fetchMedia = (url: string) => serveMedia(disk.store)(new Request(`http://localhost${url}`));
const incomingFiles = async (listingId: string) =>
  readdir(join(disk.dir, 'incoming', listingId)).catch(() => [] as string[]);

describe('an upload is answered before its photos are processed', () => {
  let id: string;

  it('answers 201 for ten photos while the photo pool is fully taken, with ten photos processing', async () => {
    // Both slots of the pool held by someone else's work until the test lets go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = photoPool.run('someone-else', [
      { cost: 1, run: () => held },
      { cost: 1, run: () => held },
    ]);
    expect(photoPool.stats().running).toBe(2);

    const res = await t
      .request<PropertyBody>('POST', '/api/properties', {
        token: owner.token,
        form: listingForm(withCaptions(LISTING_FORM, 10), tenFiles()),
      })
      .finally(() => {
        // Still taken when the answer came: the upload waited for none of it.
        expect(photoPool.stats().running).toBe(2);
        release();
      });
    await busy;
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    id = res.body.property._id;
    expect(res.body.property.images).toEqual([]);
    expect(res.body.property.photoUploads).toEqual(
      Array.from({ length: 10 }, (_, i) => ({
        id: expect.any(String) as unknown,
        name: `room-${i + 1}.jpg`,
        caption: `Caption ${i + 1}`,
        status: 'processing',
      })),
    );
    expect(await incomingFiles(id)).toHaveLength(10);
  });

  it('never serves a photo as uploaded, and shows tenants no photo until it is processed', async () => {
    for (const file of await incomingFiles(id))
      expect((await fetchMedia(`/media/incoming/${id}/${file}`)).status).toBe(404);
    await catchUpReadModels(t.db.sql);
    const seen = await detail(id, tenant.token);
    expect(seen.status).toBe(200);
    expect(seen.body.property.images).toEqual([]);
    expect(seen.body.property.photoUploads).toBeUndefined();
    const visitor = await t.request<{ property: { images: unknown[] } }>(
      'GET',
      `/api/properties/${id}`,
    );
    expect(visitor.body.property.images).toEqual([]);
  });

  it('shows the photos, in the order and with the captions given, once processed', async () => {
    expect(await processWaitingPhotos(processorDeps())).toMatchObject({ processed: 10, failed: 0 });
    const res = await detail(id);
    expect(res.body.property.photoUploads).toBeUndefined();
    const images = res.body.property.images;
    expect(images.map((i) => i.caption)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Caption ${i + 1}`),
    );
    for (const image of images) {
      const served = await fetchMedia(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      // Every width also as AVIF, served as AVIF, its bytes AVIF's ('ftypavif' at byte 4).
      expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1200]);
      for (const variant of image.variants) {
        expect(variant.avif).toMatch(/\.avif$/);
        const avif = await fetchMedia(variant.avif!);
        expect(avif.status).toBe(200);
        expect(avif.headers.get('content-type')).toBe('image/avif');
        const bytes = Buffer.from(await avif.arrayBuffer());
        expect(bytes.subarray(4, 12).toString('latin1')).toBe('ftypavif');
      }
    }
    // The originals (EXIF and all) are gone once their renditions are recorded.
    expect(await incomingFiles(id)).toEqual([]);
    await catchUpReadModels(t.db.sql);
    const seen = await detail(id, tenant.token);
    expect(seen.body.property.images.map((i) => i.url)).toEqual(images.map((i) => i.url));
  });

  it('counts photos still processing among the ten a listing may have', async () => {
    const first = await t.request<PropertyBody>('POST', '/api/properties', {
      token: owner.token,
      form: listingForm(LISTING_FORM, tenFiles().slice(0, 8)),
    });
    expect(first.status).toBe(201);
    const more = await t.request<{ errors: { msg: string }[] }>(
      'PUT',
      `/api/properties/${first.body.property._id}`,
      { token: owner.token, form: listingForm({}, tenFiles().slice(0, 3)) },
    );
    expect(more.status).toBe(400);
    expect(more.body.errors[0]!.msg).toBe('Maximum 10 images allowed. You can add 2 more images.');
    await processWaitingPhotos(processorDeps());
  });
});

describe('photo processing outlives the process that accepted the upload', () => {
  it('a new app instance finds the photos an earlier one accepted and processes them', async () => {
    const res = await t.request<PropertyBody>('POST', '/api/properties', {
      token: owner.token,
      form: listingForm(LISTING_FORM, tenFiles().slice(0, 3)),
    });
    expect(res.status).toBe(201);
    const id = res.body.property._id;

    // The first instance goes away without processing anything; a second starts on the same data.
    const second = await testApp({
      db: t.db,
      deps: { media: disk.store, jwtSecret: t.deps.jwtSecret },
    });
    const processor = startPhotoProcessor({ ...second.deps, media: disk.store, pollMs: 200 });
    try {
      await vi.waitFor(
        async () => {
          const seen = await second.request<PropertyBody>('GET', `/api/properties/${id}`, {
            token: owner.token,
          });
          expect(seen.body.property.images).toHaveLength(3);
          expect(seen.body.property.photoUploads).toBeUndefined();
        },
        { timeout: 120_000, interval: 250 },
      );
    } finally {
      await processor.stop();
    }
  });

  it('photos a process claimed and then died with are claimed again once its lease ends', async () => {
    const res = await t.request<PropertyBody>('POST', '/api/properties', {
      token: owner.token,
      form: listingForm(LISTING_FORM, tenFiles().slice(0, 2)),
    });
    const id = res.body.property._id;
    // What a web process killed mid-processing leaves: its claim (here a short lease), no outcome.
    expect(await claimPhotoJobs(t.db.sql, 1)).toHaveLength(2);
    expect(await processWaitingPhotos(processorDeps())).toMatchObject({ processed: 0 });
    await vi.waitFor(
      async () => {
        await processWaitingPhotos(processorDeps());
        expect((await detail(id)).body.property.images).toHaveLength(2);
      },
      { timeout: 60_000, interval: 500 },
    );
  });
});

describe('a photo that cannot be processed', () => {
  it('is reported to its owner by name with why, while the others are shown', async () => {
    const whole = photos[0]!;
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const res = await t.request<PropertyBody>('POST', '/api/properties', {
      token: owner.token,
      form: listingForm(LISTING_FORM, [jpg(photos[1]!, 'hall.jpg'), jpg(truncated, 'kitchen.jpg')]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.property._id;
    expect(await processWaitingPhotos(processorDeps())).toMatchObject({ processed: 1, failed: 1 });

    const seen = await detail(id);
    expect(seen.body.property.images).toHaveLength(1);
    expect(seen.body.property.photoUploads).toEqual([
      {
        id: expect.any(String) as unknown,
        name: 'kitchen.jpg',
        caption: '',
        status: 'failed',
        message:
          'kitchen.jpg could not be processed: the file looks damaged or incomplete. Please upload it again.',
      },
    ]);
    await catchUpReadModels(t.db.sql);
    const mine = await t.request<{ properties: PropertyDocument[] }>(
      'GET',
      '/api/properties/my-properties',
      { token: owner.token },
    );
    const listed = mine.body.properties.find((p) => p._id === id)!;
    expect(listed.photoUploads?.map((u) => u.status)).toEqual(['failed']);
    // Nobody else sees the notice.
    expect((await detail(id, tenant.token)).body.property.photoUploads).toBeUndefined();

    // The next upload replaces the notice.
    const again = await t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      form: listingForm({}, [jpg(photos[2]!, 'kitchen-again.jpg')]),
    });
    expect(again.status).toBe(200);
    expect(again.body.property.photoUploads?.map((u) => [u.name, u.status])).toEqual([
      ['kitchen-again.jpg', 'processing'],
    ]);
    await processWaitingPhotos(processorDeps());
    const after = await detail(id);
    expect(after.body.property.images).toHaveLength(2);
    expect(after.body.property.photoUploads).toBeUndefined();
  });
});
