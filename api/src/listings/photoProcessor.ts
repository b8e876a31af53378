import type { AppDeps } from '../deps.ts';
import type { MediaStore } from '../media/mediaStore.ts';
import { PoolBusyError } from '../media/fairPool.ts';
import { processPhoto, UndecodablePhotoError } from '../media/photoPipeline.ts';
import { PhotoWorkerStoppedError } from '../media/photoWorker.ts';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import { decide } from '@rentals/core/listings/decide';
import type { PhotoFailure } from '@rentals/core/listings/events';
import type { ListingImage } from '@rentals/core/listings/listing';
import {
  claimPhotoJobs,
  dropPhotoJobs,
  failPhotoJobs,
  LEASE_RENEW_MS,
  PHOTO_JOBS_CHANNEL,
  renewPhotoJobs,
  retryPhotoJobLater,
  type PhotoJob,
} from './photoJobs.ts';
import { photoPool, storeRenditions } from './photos.ts';

/** A photo whose processing stopped this often (crashes, timeouts) is reported failed. */
const MAX_ATTEMPTS = 3;

export type PhotoProcessorDeps = Pick<AppDeps, 'sql' | 'eventStore' | 'clock' | 'log'> & {
  media: MediaStore;
  /** How often an idle processor looks for work another process queued or a dead one left (ms). */
  pollMs?: number;
};

type Outcome =
  | { id: string; image: Omit<ListingImage, 'caption'> }
  | { id: string; failed: PhotoFailure }
  | { id: string; retry: true; counted: boolean };

/**
 * Makes the renditions of received photos after their upload was answered:
 * claims one listing's waiting photos at a time from `photo_jobs`, decodes
 * them in the photo pool (the photo worker process), stores the renditions
 * and records the outcome on the listing's stream (`RecordProcessedPhotos`:
 * `ListingImagesAdded` with the photos' own ids, `ListingPhotosFailed`).
 * Woken by every release (NOTIFY), and it polls, so work left by a process
 * that died (its lease runs out) or queued before a restart is found again.
 */
const photoProcessing = (deps: PhotoProcessorDeps) => {
  const commands = listingCommandHandler(deps.eventStore);
  const counts = { processed: 0, failed: 0, interrupted: 0 };

  const processOne = async (job: PhotoJob): Promise<Outcome> => {
    const id = job.photoId;
    try {
      const original = await deps.media.get(job.originalKey);
      if (!original) return { id, failed: 'interrupted' };
      const bytes = Buffer.from(await new Response(original.body).arrayBuffer());
      const photo = await photoPool.run(job.ownerId, [
        { cost: job.pixels / 1_000_000, run: () => processPhoto({ name: job.name, bytes }) },
      ]);
      return { id, image: await storeRenditions(deps.media, job.listingId, id, photo[0]!) };
    } catch (error) {
      if (error instanceof UndecodablePhotoError) return { id, failed: 'unreadable' };
      // The pool's queue is full (other owners' photos): not this photo's fault, so no attempt counts.
      if (error instanceof PoolBusyError) return { id, retry: true, counted: false };
      counts.interrupted += 1;
      deps.log.error('photo processing interrupted', {
        photoId: id,
        detail: error instanceof PhotoWorkerStoppedError ? error.detail : String(error),
      });
      return job.attempts >= MAX_ATTEMPTS
        ? { id, failed: 'interrupted' }
        : { id, retry: true, counted: true };
    }
  };

  /** Two photos at a time: what the pool runs at once, and within what one owner may have waiting. */
  const processAll = async (jobs: PhotoJob[]) => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < jobs.length; i += 2)
      outcomes.push(...(await Promise.all(jobs.slice(i, i + 2).map(processOne))));
    return outcomes;
  };

  const removeOriginals = (jobs: PhotoJob[]) =>
    deps.media
      .remove(jobs.map((j) => j.originalKey))
      .catch((error: unknown) =>
        deps.log.warn('could not remove uploaded originals', { error: String(error) }),
      );

  const processListing = async (jobs: PhotoJob[]) => {
    const listingId = jobs[0]!.listingId;
    const { state } = await commands.load(listingId);
    const waiting = new Set(
      state.status === 'active'
        ? state.listing.pendingPhotos.filter((p) => p.failed === null).map((p) => p.id)
        : [],
    );
    // Done before (a crash after the append), or never appended, or the listing is gone.
    const stale = jobs.filter((j) => !waiting.has(j.photoId));
    await dropPhotoJobs(
      deps.sql,
      stale.map((j) => j.photoId),
    ).then(() => removeOriginals(stale));
    const todo = jobs.filter((j) => waiting.has(j.photoId));
    if (todo.length === 0) return;

    const outcomes = await processAll(todo);
    const processed = outcomes.flatMap((o) => ('image' in o ? [o.image] : []));
    const failed = outcomes.flatMap((o) => ('failed' in o ? [{ id: o.id, reason: o.failed }] : []));
    if (processed.length > 0 || failed.length > 0)
      await commands.handle(
        listingId,
        (current) =>
          decide(
            { type: 'RecordProcessedPhotos', processed, failed, at: deps.clock().toISOString() },
            current,
          ),
        { userId: todo[0]!.ownerId },
      );
    const byId = new Map(todo.map((j) => [j.photoId, j]));
    const finished = [...processed, ...failed].map((o) => byId.get(o.id)!);
    await dropPhotoJobs(
      deps.sql,
      processed.map((p) => p.id),
    );
    await failPhotoJobs(deps.sql, failed);
    await removeOriginals(finished);
    for (const o of outcomes)
      if ('retry' in o)
        await retryPhotoJobLater(deps.sql, o.id, 5 * byId.get(o.id)!.attempts, o.counted);
    counts.processed += processed.length;
    counts.failed += failed.length;
    deps.log.info('photos processed', {
      listingId,
      processed: processed.length,
      failed: failed.length,
    });
  };

  return {
    /** Claims and processes one listing's waiting photos; how many it claimed (0: nothing due). */
    runOnce: async () => {
      const jobs = await claimPhotoJobs(deps.sql);
      if (jobs.length === 0) return 0;
      // A short lease, renewed while this process works: photos claimed just before a database
      // restart are taken up again within the lease, not minutes later.
      const ids = jobs.map((j) => j.photoId);
      const renewing = setInterval(
        () => void renewPhotoJobs(deps.sql, ids).catch(() => undefined),
        LEASE_RENEW_MS,
      );
      try {
        await processListing(jobs);
      } finally {
        clearInterval(renewing);
      }
      return jobs.length;
    },
    counts,
  };
};

/** Processes every photo due now, then returns (tests, and a processor's first look). */
export const processWaitingPhotos = async (deps: PhotoProcessorDeps) => {
  const processing = photoProcessing(deps);
  while ((await processing.runOnce()) > 0);
  return { ...processing.counts };
};

export const startPhotoProcessor = (deps: PhotoProcessorDeps) => {
  const processing = photoProcessing(deps);
  const pollMs = deps.pollMs ?? 5000;
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      wakeUp = undefined;
      woken = false;
    });

  const loop = async () => {
    while (!stopped) {
      let claimed: number;
      try {
        claimed = await processing.runOnce();
      } catch (error) {
        // The claim's lease brings the photos back after a database or store outage.
        deps.log.error('photo processing failed', { error: String(error) });
        claimed = 0;
      }
      if (claimed === 0) await idle();
    }
  };

  const listening = deps.sql.listen(PHOTO_JOBS_CHANNEL, wake).catch((error: unknown) => {
    deps.log.warn('photo processor could not LISTEN; it polls', { error: String(error) });
    return undefined;
  });
  const running = loop();

  return {
    /** Look for work now (this process just released some). */
    wake,
    /** For /api/health and tests. */
    stats: () => ({ ...processing.counts }),
    stop: async () => {
      stopped = true;
      wake();
      await running;
      await (await listening)?.unlisten();
    },
  };
};
