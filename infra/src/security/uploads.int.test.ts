// Security checklist: uploads. Attacks: a truncated or corrupt image (was a 500); ten
// 49-megapixel PNGs in one 1.5 MB request (seconds of CPU each, accepted); uploads filling
// the photo pool; the photo worker process dying with a photo in hand. Uploads are answered
// before their photos are decoded (photoProcessor.ts): what cannot be judged from the header
// is reported to the owner once processing finds it.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listingStreamId } from '@rentals/core/listings/events';
import { photoPool } from '@rentals/api/listings/photos';
import { processWaitingPhotos } from '@rentals/api/listings/photoProcessor';
import { toPropertyDocument } from '@rentals/core/listings/document';
import type { ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';
import { photoUploadsOf } from '@rentals/api/listings/photoJobs';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { MAX_UPLOAD_PIXELS, photoMessages } from '@rentals/api/media/photoRules';
import { photoWorker } from '@rentals/api/media/photoPipeline';
import { cameraPhoto, pngBomb, samplePhoto } from '@rentals/api/media/samplePhotos';
import type { Logger } from '@rentals/core/logger';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';

type Answer = {
  message: string;
  errors?: { path: string; msg: string }[];
  property?: { _id: string; images: unknown[] };
};

let t: TestApp;
let mediaDir: string;
let owner: TestUser;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
const errorsLogged: { message: string; fields?: Record<string, unknown> }[] = [];
const log: Logger = {
  info: () => {},
  warn: () => {},
  error: (message, fields) => errorsLogged.push({ message, fields }),
};

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'security-uploads-'));
  t = await testApp({ deps: { media: localDiskStore(mediaDir), log } });
  owner = await t.registerUser('homeowner');
  const make = (format: 'jpeg' | 'png' | 'webp') =>
    samplePhoto({ width: 1200, height: 900, label: format, format, grain: 0.3 });
  [jpeg, png, webp] = [await make('jpeg'), await make('png'), await make('webp')];
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const fields: Record<string, string> = {
  title: 'Quiet 1BHK near the market',
  description: 'A quiet flat two minutes from the market, with good light all day.',
  propertyType: 'flat',
  rent: '18000',
  rentType: 'monthly',
  showOnMap: 'false',
  'location[city]': 'Pune',
  'location[area]': 'Baner',
  'location[pinCode]': '411045',
  'location[address]': 'Lane 2, Baner Road',
  facilities: JSON.stringify({ wifi: true }),
  propertyDetails: JSON.stringify({
    bedrooms: 1,
    bathrooms: 1,
    area: 600,
    floor: 1,
    totalFloors: 4,
  }),
  contactInfo: JSON.stringify({ showPhone: true, showEmail: false }),
};

type Upload = { name: string; bytes: Uint8Array; type: string };

const form = (values: Record<string, string>, files: Upload[]) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  for (const file of files)
    f.append('images', new File([file.bytes], file.name, { type: file.type }));
  return f;
};

const create = (files: Upload[], user: TestUser = owner) =>
  t.request<Answer>('POST', '/api/properties', { token: user.token, form: form(fields, files) });

const storedFiles = async () =>
  (await readdir(join(mediaDir, 'listings'), { recursive: true }).catch(() => [])).length;

const listingCount = async () =>
  (await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM streams`)[0]!.n;

const invalid = (name: string) => ({ path: 'images', msg: photoMessages.invalidType(name) });

const processAll = () => processWaitingPhotos(t.deps as Parameters<typeof processWaitingPhotos>[0]);

/** The listing from its log (this file runs no projections) and its photos not among the images. */
const listing = async (id: string) => {
  const { events } = await t.deps.eventStore.readStream(listingStreamId(id));
  const document = toPropertyDocument(fold(events as unknown as ListingEvent[]))!;
  return { ...document, uploads: (await photoUploadsOf(t.db.sql, [id])).get(id) ?? [] };
};

/** The first part of a file, as an interrupted upload or a broken download leaves it. */
const truncated = (bytes: Buffer, keep = 0.5) => bytes.subarray(0, Math.floor(bytes.length * keep));

/** The file with junk written over `length` bytes from `from`; its format header stays intact. */
const junkAt = (bytes: Buffer, from: number, length: number) => {
  const copy = Buffer.from(bytes);
  copy.fill(0x5a, from, from + length);
  return copy;
};

// A refusal names the file, and a Hindi or Kannada page gets it in its language
// (api/src/i18n/apiErrors.ts reads the name back from the English message): the name is a value,
// never a message, whatever it holds.
describe('a hostile file name in a refusal, in Hindi', () => {
  const gif = Buffer.from('GIF89a hostile');
  it.each([
    '{n, plural, one {x} other {y}}.gif',
    "'{file}' - File too large. Maximum size is 5MB.gif",
    '<script>alert(1)</script>.gif',
    `${'a'.repeat(2000)}.gif`,
  ])('%s: the same refusal as in English, the name as sent', async (name) => {
    const files = [{ name, bytes: gif, type: 'image/gif' }];
    const asked = (headers: Record<string, string>) =>
      t.request<Answer>('POST', '/api/properties', {
        token: owner.token,
        form: form(fields, files),
        headers,
      });
    const [english, hindi] = [await asked({}), await asked({ 'accept-language': 'hi-IN' })];
    expect([english.status, hindi.status]).toEqual([400, 400]);
    expect(english.body.errors).toEqual([invalid(name)]);
    expect(hindi.body.errors).toEqual([
      { path: 'images', msg: `${name} - गलत फ़ाइल प्रकार। सिर्फ़ JPEG, PNG और WebP की अनुमति है।` },
    ]);
  });
});

describe('truncated and corrupt images get the SPEC’s invalid-file message, never a 500', () => {
  const cases: [string, () => Upload][] = [
    ['a truncated JPEG', () => ({ name: 'cut.jpg', bytes: truncated(jpeg), type: 'image/jpeg' })],
    [
      'a JPEG cut after its header',
      () => ({ name: 'head.jpg', bytes: truncated(jpeg, 0.05), type: 'image/jpeg' }),
    ],
    ['a truncated PNG', () => ({ name: 'cut.png', bytes: truncated(png), type: 'image/png' })],
    [
      // libpng checks every chunk's CRC and the deflate stream.
      'a corrupt PNG',
      () => ({ name: 'junk.png', bytes: junkAt(png, png.length >> 1, 4096), type: 'image/png' }),
    ],
    [
      'a JPEG with a corrupt Huffman table',
      () => {
        const table = jpeg.indexOf(Buffer.from([0xff, 0xc4]));
        return { name: 'junk.jpg', bytes: junkAt(jpeg, table + 4, 24), type: 'image/jpeg' };
      },
    ],
    ['a truncated WebP', () => ({ name: 'cut.webp', bytes: truncated(webp), type: 'image/webp' })],
    [
      // Junk in the VP8 frame just after its header: the header reads fine, the frame does not.
      'a corrupt WebP',
      () => ({ name: 'junk.webp', bytes: junkAt(webp, 40, 160), type: 'image/webp' }),
    ],
  ];

  it.each(cases)(
    '%s: refused (400) when its header shows it, else reported to the owner once processed',
    async (_, make) => {
      const upload = make();
      const [files, listings] = [await storedFiles(), await listingCount()];
      const res = await create([{ name: 'fine.jpg', bytes: jpeg, type: 'image/jpeg' }, upload]);
      if (res.status === 400) {
        expect(res.body).toEqual({ message: 'Validation failed', errors: [invalid(upload.name)] });
        expect(await storedFiles()).toBe(files);
        expect(await listingCount()).toBe(listings);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await processAll();
      const seen = await listing(res.body.property!._id);
      expect(seen.images).toHaveLength(1);
      expect(seen.uploads).toEqual([
        expect.objectContaining({
          name: upload.name,
          status: 'failed',
          message: photoMessages.unreadable(upload.name),
        }),
      ]);
    },
  );

  it('the same when the broken photo is added to an existing listing', async () => {
    const created = await create([{ name: 'fine.jpg', bytes: jpeg, type: 'image/jpeg' }]);
    expect(created.status).toBe(201);
    const id = created.body.property!._id;
    await processAll();
    const res = await t.request<Answer>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      form: form({}, [{ name: 'cut.jpg', bytes: truncated(jpeg), type: 'image/jpeg' }]),
    });
    expect(res.status).toBe(200);
    await processAll();
    const seen = await listing(id);
    expect(seen.images).toHaveLength(1);
    expect(seen.uploads.map((u) => [u.name, u.status])).toEqual([['cut.jpg', 'failed']]);
  });

  it('still accepts the intact files', async () => {
    const res = await create([
      { name: 'a.jpg', bytes: jpeg, type: 'image/jpeg' },
      { name: 'b.png', bytes: png, type: 'image/png' },
      { name: 'c.webp', bytes: webp, type: 'image/webp' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await processAll();
    expect((await listing(res.body.property!._id)).images).toHaveLength(3);
  });
});

/** Keeps the photo pool busy with work that finishes only when `release` is called. */
const holdPool = (jobs: { key: string; megapixels: number }[]) => {
  const gate = Promise.withResolvers<void>();
  const running = jobs.map(({ key, megapixels }) =>
    photoPool.run(key, [{ cost: megapixels, run: () => gate.promise }]),
  );
  return {
    release: async () => {
      gate.resolve();
      await Promise.all(running);
    },
  };
};

const fullPool = () => {
  const share = MAX_UPLOAD_PIXELS / 1_000_000;
  // Two running (the pool's slots) and four users' full shares waiting.
  return holdPool([
    { key: 'busy-1', megapixels: 1 },
    { key: 'busy-2', megapixels: 1 },
    ...[3, 4, 5, 6].map((n) => ({ key: `busy-${n}`, megapixels: share })),
  ]);
};

describe('pixels per request', () => {
  it('refuses ten 49-megapixel PNGs in one request before decoding any of them', async () => {
    const bomb = pngBomb(7000);
    const files = Array.from({ length: 10 }, (_, i) => ({
      name: `big-${i}.png`,
      bytes: bomb,
      type: 'image/png',
    }));
    expect(files.reduce((n, f) => n + f.bytes.length, 0)).toBeLessThan(1.5 * 1024 * 1024);
    // With the pool full, a request that reached it would get 503: this one never does.
    const pool = fullPool();
    const res = await create(files);
    await pool.release();
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'images', msg: photoMessages.tooManyPixelsInAll }]);
    expect(photoMessages.tooManyPixelsInAll).toContain(
      `${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`,
    );
  });

  it('accepts three of them (147 megapixels, within the limit)', async () => {
    const bomb = pngBomb(7000);
    const res = await create(
      Array.from({ length: 3 }, (_, i) => ({
        name: `big-${i}.png`,
        bytes: bomb,
        type: 'image/png',
      })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('the shared photo pool', () => {
  it('a full pool never refuses an upload: its photos wait in the queue and are processed once it has room', async () => {
    const pool = fullPool();
    const upload = [{ name: 'fine.jpg', bytes: jpeg, type: 'image/jpeg' }];
    const res = await create(upload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.property!._id;
    // The processor finds the pool full: the photo stays waiting, no attempt counted against it.
    expect(await processAll()).toMatchObject({ processed: 0, failed: 0 });
    expect((await listing(id)).uploads.map((u) => u.status)).toEqual(['processing']);
    await pool.release();
    await vi.waitFor(
      async () => {
        await processAll();
        expect((await listing(id)).images).toHaveLength(1);
      },
      { timeout: 60_000, interval: 500 },
    );
    expect((await listing(id)).uploads).toEqual([]);
  });
});

describe('the photo worker process', () => {
  it('dying mid-photo: logged and in health, and the photo is tried again and shown', async () => {
    const big = await cameraPhoto({ width: 4000, height: 3000, seed: 3 });
    const res = await create([{ name: 'big.jpg', bytes: big, type: 'image/jpeg' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.property!._id;
    const jobsBefore = photoWorker.stats().jobs;
    const processing = processAll();
    // It is being encoded: the moment to kill the worker.
    await vi.waitFor(() => expect(photoWorker.stats().jobs).toBe(jobsBefore + 1), { interval: 2 });
    process.kill(photoWorker.pid()!, 'SIGKILL');
    expect(await processing).toMatchObject({ processed: 0, failed: 0, interrupted: 1 });
    expect((await listing(id)).uploads.map((u) => u.status)).toEqual(['processing']);
    expect(errorsLogged.at(-1)?.message).toBe('photo processing interrupted');
    expect(String(errorsLogged.at(-1)?.fields?.detail)).toMatch(
      /exited \(code null, signal SIGKILL\) unexpectedly/,
    );
    const health = await t.request<{
      photos: { stoppedMidJob: number; lastStoppedMidJob: { detail: string } | null };
    }>('GET', '/api/health');
    expect(health.body.photos.stoppedMidJob).toBeGreaterThan(0);
    expect(health.body.photos.lastStoppedMidJob?.detail).toMatch(/signal SIGKILL\) unexpectedly/);
    // Tried again once its back-off has passed.
    await vi.waitFor(
      async () => {
        await processAll();
        expect((await listing(id)).images).toHaveLength(1);
      },
      { timeout: 60_000, interval: 1000 },
    );
  });
});
