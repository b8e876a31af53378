import { Worker } from 'node:worker_threads';
import type { PublicListing } from './queries.ts';
import type { SiteContext } from './templates/layout.ts';

/** What the thread is started with. */
export type ThreadSetup = { outDir: string; sites: readonly SiteContext[] };

/** To the thread: rows whose pages to render and write in every language. */
export type ToThread = { seq: number; rows: PublicListing[] };

/** From the thread: every page of a chunk is on disk (with the thread's count so far), or a failure. */
export type FromThread =
  { kind: 'written'; seq: number; files: number } | { kind: 'failed'; message: string };

type Waiter = { seq: number; resolve: () => void; reject: (error: Error) => void };

/**
 * A full build's listing pages on a thread of their own (listingPagesWorker.ts). They are three
 * of every four files a full build writes and a good part of its rendering; on the build's
 * thread, they left the second core to the file system's threads. The thread reads nothing: the
 * build hands it each chunk of rows it streams, so both threads see the same rows, and it waits
 * for a chunk's listing pages to be written before it publishes the city pages that link to them.
 */
export const startListingPagesThread = (setup: ThreadSetup) => {
  const worker = new Worker(new URL('./listingPagesWorker.ts', import.meta.url), {
    workerData: setup,
  });
  const state = { seq: 0, written: 0, files: 0, failure: undefined as Error | undefined };
  const waiters = new Set<Waiter>();
  const wake = () => {
    for (const w of waiters)
      if (state.failure || state.written >= w.seq) {
        waiters.delete(w);
        if (state.failure) w.reject(state.failure);
        else w.resolve();
      }
  };
  const fail = (error: Error) => {
    state.failure ??= error;
    wake();
  };
  worker.on('message', (message: FromThread) => {
    if (message.kind === 'failed') return fail(new Error(`listing pages: ${message.message}`));
    // Chunks are written in the order they were handed over.
    state.written = Math.max(state.written, message.seq);
    state.files = Math.max(state.files, message.files);
    wake();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the listing pages' thread stopped (code ${code})`)));
  return {
    /** Hands the rows over at once; the promise resolves when all their pages are written. */
    write: (rows: PublicListing[]) => {
      if (state.failure) return Promise.reject(state.failure);
      const seq = ++state.seq;
      worker.postMessage({ seq, rows } satisfies ToThread);
      return new Promise<void>((resolve, reject) => {
        waiters.add({ seq, resolve, reject });
        wake();
      });
    },
    /** Files written so far (all of them once every `write` has resolved). */
    files: () => state.files,
    stop: async () => {
      await worker.terminate();
    },
  };
};

export type ListingPagesThread = ReturnType<typeof startListingPagesThread>;
