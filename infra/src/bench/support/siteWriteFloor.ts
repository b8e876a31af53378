/**
 * The floor of a full regeneration of the public pages on this machine: the same files (the
 * same relative paths, the same sizes) written by the same publisher with nothing rendered, in
 * the same run. No generator can write its pages faster than the disk takes them, so
 * `build ÷ floor` is what rendering and reading the model cost on top of the disk.
 *
 * On the machines this bench runs on, the disk is most of a full build (docs/SITE_SPEED.md):
 * ext4 without a journal makes a new file's inode slower to allocate for a while after files
 * are deleted, and threads creating files in one directory spin on its lock, so the same
 * writes vary several-fold from one minute to the next. A ratio to a floor measured beside the
 * build is the comparable figure.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createPublisher } from '@rentals/projections/publicSite/publisher';

type PageFile = { path: string; size: number };

/** Every file under `dir` (relative paths and sizes), leaving out the folders in `skip`. */
const listFiles = (dir: string, root: string, skip: ReadonlySet<string>, out: PageFile[][]) => {
  const here: PageFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(full)) listFiles(full, root, skip, out);
    } else here.push({ path: relative(root, full), size: statSync(full).size });
  }
  if (here.length > 0) out.push(here);
  return out;
};

/**
 * The folders' files taken in turn, one from each: the build writes a listing's page in its
 * three languages (three folders) one after the other, not one folder after another.
 */
const interleave = (folders: PageFile[][]): PageFile[] => {
  const files: PageFile[] = [];
  const longest = Math.max(0, ...folders.map((f) => f.length));
  for (let i = 0; i < longest; i++)
    for (const folder of folders) if (i < folder.length) files.push(folder[i]!);
  return files;
};

export type WriteFloor = { files: number; bytes: number; seconds: number; cpu: NodeJS.CpuUsage };

/**
 * Writes a copy of every file the build left in `builtDir` (except under `skip`) into
 * `floorDir` with the full build's writer (`publishSoon`: temporary name, rename, the same
 * number in flight), as ASCII text of the same length, so the same bytes go through the same
 * encoding and system calls. Times it, wall clock and this process's CPU.
 */
export const measureWriteFloor = async (
  builtDir: string,
  floorDir: string,
  skip: readonly string[] = [],
): Promise<WriteFloor> => {
  const files = interleave(listFiles(builtDir, builtDir, new Set(skip), []));
  const largest = Math.max(0, ...files.map((f) => f.size));
  const filler = `${'<p>floor</p>\n'.repeat(Math.ceil(largest / 13))}`;
  const publisher = createPublisher(floorDir, { skipUnchanged: false });
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const file of files) await publisher.publishSoon(file.path, filler.slice(0, file.size));
  await publisher.settle();
  const seconds = (performance.now() - started) / 1000;
  return {
    files: files.length,
    bytes: files.reduce((n, f) => n + f.size, 0),
    seconds,
    cpu: process.cpuUsage(cpu),
  };
};
