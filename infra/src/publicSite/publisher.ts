import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type PublishStats = { written: number; unchanged: number; paths: string[] };

/**
 * Writes files of the output directory atomically: each one goes to a
 * temporary name in the same directory and is renamed over the old file, so a
 * reader gets either the old or the new page, never half of one. With
 * `skipUnchanged`, a file whose bytes would not change is left alone (its
 * mtime and ETag stay, and a CDN sync uploads nothing).
 */
export const createPublisher = (outDir: string, options: { skipUnchanged: boolean }) => {
  const made = new Set<string>();
  const stats: PublishStats = { written: 0, unchanged: 0, paths: [] };
  const suffix = `.tmp-${process.pid}`;

  const ensureDir = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };

  const publish = (relative: string, content: string) => {
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

  return { publish, stats };
};

export type Publisher = ReturnType<typeof createPublisher>;
