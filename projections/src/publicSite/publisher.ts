import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const IN_FLIGHT = 32;

export type PublishStats = { written: number; unchanged: number; paths: string[] };

/**
 * Writes files of the output directory atomically: each one goes to a
 * temporary name in the same directory and is renamed over the old file, so a
 * reader gets either the old or the new page, never half of one. With
 * `skipUnchanged`, a file whose bytes would not change is left alone (its
 * mtime and ETag stay, and a CDN sync uploads nothing).
 */
export const createPublisher = (
  outDir: string,
  options: {
    skipUnchanged: boolean;
    /**
     * A full build's `publish` hands the file to the I/O threads as `publishSoon` does and goes
     * on (the build calls `settle` where order matters): written on the rendering thread, its
     * tens of thousands of city pages and sitemaps kept that thread from rendering.
     */
    queue?: boolean;
  },
) => {
  const made = new Set<string>();
  const stats: PublishStats = { written: 0, unchanged: 0, paths: [] };
  const suffix = `.tmp-${process.pid}`;

  const ensureDir = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };

  const publish = (relative: string, content: string) => {
    if (options.queue) return enqueue(relative, content);
    const file = join(outDir, relative);
    if (options.skipUnchanged) {
      try {
        if (readFileSync(file, 'utf8') === content) {
          stats.unchanged++;
          return;
        }
      } catch {
        // Not there yet: write it.
      }
    }
    ensureDir(dirname(file));
    const temp = file + suffix;
    writeFileSync(temp, content);
    renameSync(temp, file);
    stats.written++;
    // Only incremental runs list what they wrote (a full build writes 200k+ files).
    if (options.skipUnchanged) stats.paths.push(relative);
  };

  /**
   * The full build's variant: the same temp-and-rename, on the I/O thread pool
   * with up to `IN_FLIGHT` files under way, so rendering, Postgres and the disk
   * overlap. Resolves when there is room for another file; `settle` waits for
   * all of them (call it before publishing anything that links to them).
   */
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  const enqueue = (relative: string, content: string) => {
    if (failure) throw failure;
    const file = join(outDir, relative);
    ensureDir(dirname(file));
    const temp = file + suffix;
    const write = writeFile(temp, content)
      .then(() => rename(temp, file))
      .then(
        () => {
          stats.written++;
        },
        (error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        },
      )
      .finally(() => {
        inFlight.delete(write);
        waitingForRoom.shift()?.();
      });
    inFlight.add(write);
  };
  // Who waits for a write to finish. (`Promise.race(inFlight)` on every call added a reaction to
  // each of the 32 writes in flight: 4 % of a full build's main thread, profiled.)
  const waitingForRoom: (() => void)[] = [];
  const publishSoon = async (relative: string, content: string) => {
    enqueue(relative, content);
    while (inFlight.size >= IN_FLIGHT) await new Promise<void>((r) => waitingForRoom.push(r));
  };
  const settle = async () => {
    await Promise.all(inFlight);
    if (failure) throw failure;
  };

  return { publish, publishSoon, settle, stats };
};

export type Publisher = ReturnType<typeof createPublisher>;
