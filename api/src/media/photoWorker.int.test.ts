import { afterEach, describe, expect, it, vi } from 'vitest';
import { processAlive as alive } from '@rentals/core/processAlive';
import { cameraPhoto, pngBomb, samplePhoto } from './samplePhotos.ts';
import {
  createPhotoWorker,
  PhotoJobFailedError,
  PhotoWorkerStoppedError,
  type PhotoWorker,
} from './photoWorker.ts';

/** The photo worker as a real child process (Bun.spawn with IPC), started and ended by these tests. */
const workers: PhotoWorker[] = [];
const worker = (options?: Parameters<typeof createPhotoWorker>[0]) => {
  const w = createPhotoWorker(options);
  workers.push(w);
  return w;
};
afterEach(() => {
  for (const w of workers.splice(0)) w.stop();
});

const photo = () => samplePhoto({ width: 1600, height: 1200, label: 'worker' });

describe('photo worker process', () => {
  it('reads headers and encodes in a child process, not in this one', async () => {
    const w = worker();
    expect(w.pid()).toBeUndefined();
    expect(await w.header(await photo())).toEqual({ pixels: 1600 * 1200 });
    const encoded = await w.encode(await photo());
    expect(encoded.width).toBe(1600);
    expect(encoded.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    expect(Buffer.isBuffer(encoded.variants[0]!.bytes)).toBe(true);
    expect(encoded.variants[0]!.bytes.subarray(8, 12).toString()).toBe('WEBP');
    expect(w.pid()).toBeGreaterThan(0);
    expect(w.pid()).not.toBe(process.pid);
    expect(w.stats()).toMatchObject({ started: 1, jobs: 2, stoppedMidJob: 0 });
  });

  it('refuses a decompression bomb from its header and fails a truncated photo without dying', async () => {
    const w = worker();
    expect(await w.header(pngBomb())).toEqual({ error: 'pixels' });
    expect(await w.header(Buffer.from('GIF89a not really'))).toEqual({ error: 'type' });
    const whole = await photo();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(w.encode(truncated)).rejects.toBeInstanceOf(PhotoJobFailedError);
    const pid = w.pid();
    expect((await w.encode(whole)).variants).toHaveLength(3);
    expect(w.pid()).toBe(pid);
  });

  it('fails the jobs of a worker killed mid-job with a 503, and the next job starts a new one', async () => {
    const w = worker();
    const big = await cameraPhoto({ width: 4000, height: 3000, seed: 7 });
    const inFlight = w.encode(big);
    const first = w.pid()!;
    process.kill(first, 'SIGKILL');
    const error = await inFlight.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoWorkerStoppedError);
    expect((error as PhotoWorkerStoppedError).status).toBe(503);
    expect((error as PhotoWorkerStoppedError).detail).toMatch(/unexpectedly/);
    expect((await w.encode(await photo())).variants).toHaveLength(3);
    expect(w.pid()).not.toBe(first);
    expect(w.stats()).toMatchObject({ started: 2, stoppedMidJob: 1 });
  });

  it('is replaced by a fresh process after its share of jobs, and the old one exits', async () => {
    const w = worker({ jobsPerProcess: 2 });
    const bytes = await photo();
    await w.header(bytes);
    const first = w.pid()!;
    await w.header(bytes);
    expect(w.pid()).toBeUndefined();
    await w.header(bytes);
    expect(w.pid()).not.toBe(first);
    await vi.waitFor(() => expect(alive(first)).toBe(false));
    expect(w.stats()).toMatchObject({ started: 2, jobs: 3, stoppedMidJob: 0 });
  });

  it('exits after idleMs without work, returning its memory', async () => {
    const w = worker({ idleMs: 50 });
    await w.header(await photo());
    const pid = w.pid()!;
    await vi.waitFor(() => expect(alive(pid)).toBe(false));
    expect(w.pid()).toBeUndefined();
    expect(w.stats().running).toBe(false);
  });

  it('ends a worker that takes longer than jobTimeoutMs and fails its job', async () => {
    const w = worker({ jobTimeoutMs: 1 });
    const error = await w
      .encode(await cameraPhoto({ width: 4000, height: 3000, seed: 8 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoWorkerStoppedError);
    expect((error as PhotoWorkerStoppedError).detail).toMatch(/took over 1 ms/);
  });
});
