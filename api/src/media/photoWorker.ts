import type { Subprocess } from 'bun';
import { fileURLToPath } from 'node:url';
import { RetryLaterError } from '../shared/retryLater.ts';
import type { PhotoHeader, ProcessedPhoto } from './photoCodec.ts';
import { photoMessages } from './photoRules.ts';

/**
 * Photos are decoded and encoded in a child process, not in the web process.
 *
 * libvips allocates with the C allocator on its own threads. In the web
 * process that memory stayed: a 30-minute soak saw the web process's native
 * memory rise by ~45 MB while its JavaScript heap stayed flat, and loading
 * libvips alone adds ~90 MB (docs/PERFORMANCE.md, "Two 30-minute soaks").
 * Here the web process never loads libvips; the worker starts at the first
 * photo, is replaced after `jobsPerProcess` jobs and exits after `idleMs`
 * without work, which returns all of its memory to the system. A worker that
 * dies (a decoder crash, the OOM killer) fails only the jobs it held; the next
 * job starts a new one.
 */
export type WorkerRequest = { id: number; op: 'header' | 'encode'; bytes: Uint8Array };
export type WorkerReply =
  | { id: number; ok: true; header: PhotoHeader }
  | { id: number; ok: true; photo: ProcessedPhoto }
  | { id: number; ok: false };

/** The worker could not finish the job: the pixels did not decode. */
export class PhotoJobFailedError extends Error {}

/** 503: the worker stopped with this job in hand (killed, crashed, or over its time). */
export class PhotoWorkerStoppedError extends RetryLaterError {
  constructor(readonly detail: string) {
    super(503, photoMessages.interrupted, 5);
  }
}

type Pending = {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};
type Worker = {
  process: Subprocess;
  pending: Map<number, Pending>;
  jobs: number;
  /** Set once we decided to end it: its exit is then no failure. */
  ending: boolean;
  idle?: ReturnType<typeof setTimeout>;
};

export type PhotoWorkerOptions = {
  /** Jobs (headers and encodes) one process takes before a fresh one replaces it. */
  jobsPerProcess?: number;
  /** A process with no job for this long exits. */
  idleMs?: number;
  /** A job not answered in this time ends its process (a decoder stuck in a loop). */
  jobTimeoutMs?: number;
};

const ENTRY = fileURLToPath(new URL('./photoWorkerMain.ts', import.meta.url));

export const createPhotoWorker = (options: PhotoWorkerOptions = {}) => {
  const { jobsPerProcess = 1000, idleMs = 30_000, jobTimeoutMs = 60_000 } = options;
  let current: Worker | undefined;
  let nextId = 0;
  const counts = { started: 0, stoppedMidJob: 0, jobs: 0 };
  let lastStop: { at: string; detail: string } | null = null;

  const end = (worker: Worker) => {
    worker.ending = true;
    if (current === worker) current = undefined;
    worker.process.kill();
  };

  const failAll = (worker: Worker, detail: string) => {
    if (worker.pending.size > 0) {
      counts.stoppedMidJob += 1;
      lastStop = { at: new Date().toISOString(), detail };
    }
    for (const [, job] of worker.pending) {
      clearTimeout(job.timer);
      job.reject(new PhotoWorkerStoppedError(detail));
    }
    worker.pending.clear();
  };

  const settle = (worker: Worker, reply: WorkerReply) => {
    const job = worker.pending.get(reply.id);
    if (!job) return;
    worker.pending.delete(reply.id);
    clearTimeout(job.timer);
    job.resolve(reply);
    if (worker.pending.size > 0) return;
    // A retired worker ends with its last job; an idle current one after idleMs.
    if (current !== worker) end(worker);
    else worker.idle = setTimeout(() => end(worker), idleMs).unref();
  };

  const start = (): Worker => {
    const worker = { pending: new Map(), jobs: 0, ending: false } as unknown as Worker;
    worker.process = Bun.spawn({
      cmd: [process.execPath, ENTRY],
      stdio: ['ignore', 'inherit', 'inherit'],
      serialization: 'advanced',
      ipc: (reply: WorkerReply) => settle(worker, reply),
      onExit: (_process, code, signal) => {
        if (current === worker) current = undefined;
        clearTimeout(worker.idle);
        failAll(
          worker,
          `photo worker ${worker.process.pid} exited (code ${code}, signal ${signal})${worker.ending ? '' : ' unexpectedly'}`,
        );
      },
    });
    // Neither the process nor its channel keeps a finished script alive.
    worker.process.unref();
    counts.started += 1;
    return worker;
  };

  const run = (op: WorkerRequest['op'], bytes: Uint8Array) =>
    new Promise<WorkerReply>((resolve, reject) => {
      const worker = (current ??= start());
      clearTimeout(worker.idle);
      worker.jobs += 1;
      counts.jobs += 1;
      // Retired now: it finishes what it holds, the next job starts a fresh process.
      if (worker.jobs >= jobsPerProcess) current = undefined;
      const id = nextId++;
      const timer = setTimeout(() => {
        failAll(worker, `photo worker ${worker.process.pid} took over ${jobTimeoutMs} ms`);
        end(worker);
      }, jobTimeoutMs).unref();
      worker.pending.set(id, { resolve, reject, timer });
      try {
        worker.process.send({ id, op, bytes } satisfies WorkerRequest);
      } catch (error) {
        // Its channel closed between the exit and our noticing it: the same as dying with the job.
        worker.pending.delete(id);
        clearTimeout(timer);
        reject(new PhotoWorkerStoppedError(`photo worker ${worker.process.pid}: ${String(error)}`));
      }
    });

  return {
    /** The header's pixel count, or why the file is refused. */
    header: async (bytes: Uint8Array): Promise<PhotoHeader> => {
      const reply = await run('header', bytes);
      if (!reply.ok || !('header' in reply)) throw new PhotoJobFailedError('header');
      return reply.header;
    },
    /** The renditions; PhotoJobFailedError when the pixels do not decode. */
    encode: async (bytes: Uint8Array): Promise<ProcessedPhoto> => {
      const reply = await run('encode', bytes);
      if (!reply.ok || !('photo' in reply)) throw new PhotoJobFailedError('encode');
      const photo = reply.photo;
      // Structured clone returns plain Uint8Arrays; callers hash and store Buffers.
      return {
        ...photo,
        variants: photo.variants.map((v) => ({
          ...v,
          bytes: Buffer.from(v.bytes),
          avif: { ...v.avif, bytes: Buffer.from(v.avif.bytes) },
        })),
      };
    },
    /** The running worker's pid (none when idle), for tests and memory reports. */
    pid: () => current?.process.pid,
    /** For /api/health: processes started, jobs sent, times a worker stopped holding jobs, the last such stop. */
    stats: () => ({ ...counts, running: current !== undefined, lastStoppedMidJob: lastStop }),
    /** Ends the worker now; jobs it held fail with PhotoWorkerStoppedError. */
    stop: () => {
      if (current) end(current);
    },
  };
};

export type PhotoWorker = ReturnType<typeof createPhotoWorker>;
