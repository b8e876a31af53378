import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '@rentals/testing/s3Server';
import { localDiskStore } from './localDiskStore.ts';
import type { MediaStore } from './mediaStore.ts';
import { s3Store } from './s3Store.ts';
import { serveMedia } from './serveMedia.ts';

/**
 * One contract for every media store: the local disk, and S3 through Bun's
 * client against s3rver, a real S3-compatible HTTP server started here.
 */
let root: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
const stores: [string, MediaStore][] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-stores-'));
  s3 = await startS3Server(['rentals-media']);
  stores.push(['local disk', localDiskStore(join(root, 'disk'))]);
  stores.push(['s3', s3Store(s3.bucket('rentals-media', 'test'))]);
});
afterAll(async () => {
  await s3.stop();
  await rm(root, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const read = async (store: MediaStore, key: string) => {
  const found = await store.get(key);
  return found ? { text: await new Response(found.body).text(), size: found.size } : null;
};

describe.each(['local disk', 's3'])('%s media store', (name) => {
  const store = () => stores.find(([n]) => n === name)![1];

  it('stores and returns a file with its size; a missing key is null', async () => {
    await store().put('listings/l-1/abc-320.webp', bytes('small'), 'image/webp');
    expect(await read(store(), 'listings/l-1/abc-320.webp')).toEqual({ text: 'small', size: 5 });
    expect(await store().get('listings/l-1/nothing.webp')).toBeNull();
  });

  it('refuses keys that could leave its root', async () => {
    await expect(store().put('../escape.webp', bytes('x'), 'image/webp')).rejects.toThrow();
    expect(await store().get('listings/../../etc/passwd')).toBeNull();
  });

  it('removes single files and whole listing prefixes, leaving the rest', async () => {
    await store().put('listings/l-2/a-320.webp', bytes('a'), 'image/webp');
    await store().put('listings/l-2/b-320.webp', bytes('b'), 'image/webp');
    await store().put('listings/l-20/c-320.webp', bytes('c'), 'image/webp');
    await store().put('pool/d-320.webp', bytes('d'), 'image/webp');
    await store().remove(['listings/l-2/a-320.webp', 'listings/l-2/missing.webp']);
    expect(await store().get('listings/l-2/a-320.webp')).toBeNull();
    expect(await read(store(), 'listings/l-2/b-320.webp')).not.toBeNull();
    await store().deletePrefix('listings/l-2');
    expect(await store().get('listings/l-2/b-320.webp')).toBeNull();
    expect(await read(store(), 'listings/l-20/c-320.webp')).toEqual({ text: 'c', size: 1 });
    expect(await read(store(), 'pool/d-320.webp')).toEqual({ text: 'd', size: 1 });
  });

  it('is served under /media with immutable caching', async () => {
    await store().put('listings/l-3/e-640.webp', bytes('webp bytes'), 'image/webp');
    const res = await serveMedia(store())(
      new Request('http://localhost/media/listings/l-3/e-640.webp'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('webp bytes');
    const missing = await serveMedia(store())(
      new Request('http://localhost/media/listings/l-3/none.webp'),
    );
    expect(missing.status).toBe(404);
  });
});
