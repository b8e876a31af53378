// npm run bench:media — ten camera-sized (~5 MB) JPEGs through the upload
// pipeline (check by content, decode once, auto-orient, three WebP widths, a
// placeholder, store on disk) against sharp doing only a plain decode+encode
// of the same files (full-size JPEG re-encode, and decode alone to raw pixels;
// same concurrency), in the same run. Prints wall time and RSS for each: the
// pipeline decodes in the photo worker process (photoWorker.ts), the baselines
// in this one, so the pipeline's row adds the worker's peak RSS.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkPhotos, photoPool, storeRenditions } from '@rentals/api/listings/photos';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { photoWorker, processPhoto } from '@rentals/api/media/photoPipeline';
import { rssMb } from '../load/runner/processMemory.ts';
import { cameraPhoto } from '@rentals/api/media/samplePhotos';

const PHOTOS = 10;
const ROUNDS = 3;
const PARALLEL = 2; // as the pipeline

type Measurement = { ms: number; startRssMb: number; peakRssMb: number; workerPeakRssMb: number };

/** Runs `work` while sampling RSS (this process and the photo worker) every 5 ms; returns wall time and the highest RSS seen. */
const measure = async (work: () => Promise<unknown>): Promise<Measurement> => {
  Bun.gc(true);
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  let workerPeak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    const pid = photoWorker.pid();
    workerPeak = Math.max(workerPeak, (pid === undefined ? 0 : rssMb(pid)) ?? 0);
  };
  const timer = setInterval(sample, 5);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(timer);
  sample();
  return {
    ms,
    startRssMb: startRss / 1024 / 1024,
    peakRssMb: peak / 1024 / 1024,
    workerPeakRssMb: workerPeak,
  };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const inPairs = async <T>(items: T[], work: (item: T) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += PARALLEL)
    await Promise.all(items.slice(i, i + PARALLEL).map(work));
};

console.log(`making ${PHOTOS} camera-sized JPEGs (4000×3000)…`);
const files = await Promise.all(
  Array.from({ length: PHOTOS }, async (_, i) => {
    const bytes = await cameraPhoto({ width: 4000, height: 3000, seed: i + 1 });
    return new File([bytes], `photo-${i + 1}.jpg`, { type: 'image/jpeg' });
  }),
);
const totalMb = files.reduce((n, f) => n + f.size, 0) / 1024 / 1024;
console.log(
  `inputs: ${totalMb.toFixed(1)} MB in all, largest ${(Math.max(...files.map((f) => f.size)) / 1024 / 1024).toFixed(2)} MB`,
);

const dir = await mkdtemp(join(tmpdir(), 'bench-media-'));
const store = localDiskStore(dir);
let n = 0;

const pipeline = async () => {
  const { photos, errors } = await checkPhotos(files);
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  // What the photo processor does with an upload's photos once it was answered (photoProcessor.ts).
  const listingId = `bench-${n++}`;
  await photoPool.run(
    'bench',
    photos.map((photo) => ({
      cost: photo.pixels / 1_000_000,
      run: async () =>
        storeRenditions(store, listingId, crypto.randomUUID(), await processPhoto(photo)),
    })),
  );
};
const inputs = await Promise.all(files.map(async (f) => Buffer.from(await f.arrayBuffer())));
const plain = () => inPairs(inputs, (bytes) => sharp(bytes).jpeg({ quality: 80 }).toBuffer());
const decodeOnly = () => inPairs(inputs, (bytes) => sharp(bytes).raw().toBuffer());

// One warm-up of each, then alternating rounds so both see the same machine state.
await pipeline();
await plain();
await decodeOnly();
const results = {
  pipeline: [] as Measurement[],
  plain: [] as Measurement[],
  decode: [] as Measurement[],
};
for (let r = 0; r < ROUNDS; r++) {
  results.pipeline.push(await measure(pipeline));
  results.plain.push(await measure(plain));
  results.decode.push(await measure(decodeOnly));
}
await rm(dir, { recursive: true, force: true });

const summary = (name: string, ms: Measurement[], inWorker = false) => ({
  name,
  medianMs: Math.round(median(ms.map((m) => m.ms))),
  startRssMb: Math.round(Math.min(...ms.map((m) => m.startRssMb))),
  peakRssMb: Math.round(Math.max(...ms.map((m) => m.peakRssMb))),
  workerPeakRssMb: inWorker ? Math.round(Math.max(...ms.map((m) => m.workerPeakRssMb))) : '-',
});
const p = summary(
  'pipeline (check + 320/640/1280 WebP + placeholder + store)',
  results.pipeline,
  true,
);
const b = summary('sharp plain decode + full-size JPEG encode', results.plain);
const d = summary('sharp decode only (to raw pixels)', results.decode);
console.log(
  `\nsharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp.concurrency ${sharp.concurrency()}, ${navigator.hardwareConcurrency} cores`,
);
console.table([p, b, d]);
console.log(
  `pipeline / plain decode+encode: ${(p.medianMs / b.medianMs).toFixed(2)}×; pipeline / decode only: ${(p.medianMs / d.medianMs).toFixed(2)}×; bar: ten 5 MB photos ≤ 3000 ms → ${p.medianMs <= 3000 ? 'met' : 'NOT met'}`,
);
