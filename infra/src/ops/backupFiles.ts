import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One file of a backup as the manifest records it: where, how long, its SHA-256 (hex). */
export type FileSum = { path: string; bytes: number; sha256: string };

/** Bytes and rows (COPY text ends every row with a newline; newlines inside values are escaped). */
export type Flow = { bytes: number; rows: number };

/**
 * A pass-through that hashes and counts what goes through it and reports the
 * running totals at most every 64 KiB, so a progress line can follow a COPY.
 */
const meter = (onFlow?: (flow: Flow) => void) => {
  const hash = createHash('sha256');
  const flow: Flow = { bytes: 0, rows: 0 };
  let reported = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      flow.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) flow.rows++;
      if (onFlow && flow.bytes - reported >= 65_536) {
        reported = flow.bytes;
        onFlow(flow);
      }
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ ...flow, sha256: hash.digest('hex') }) };
};

/** Pipes `source` into `target` through a meter: what went through, and its SHA-256. */
export const meteredPipe = async (
  source: Readable,
  target: Writable,
  onFlow?: (flow: Flow) => void,
) => {
  const m = meter(onFlow);
  await pipeline(source, m.stream, target);
  return m.result();
};

/** Writes `source` to `file` (owner-only unless `mode` says otherwise): its size and checksum. */
export const writeMetered = async (
  source: Readable,
  file: string,
  options: { onFlow?: (flow: Flow) => void; mode?: number } = {},
) => {
  await mkdir(dirname(file), { recursive: true });
  return meteredPipe(
    source,
    createWriteStream(file, { mode: options.mode ?? 0o600 }),
    options.onFlow,
  );
};

/** The size and SHA-256 of a file, read as a stream. */
const sumFile = async (file: string) => {
  const m = meter();
  await pipeline(createReadStream(file), m.stream, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source); // drain: the meter has seen every byte
  });
  return m.result();
};

/** Every regular file below `dir`, as paths relative to it with `/`, sorted. */
export const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const e of entries) {
    const full = join(e.parentPath, e.name);
    if ((await lstat(full)).isFile()) files.push(relative(dir, full).split(sep).join('/'));
  }
  return files.sort();
};

/** A manifest path that stays inside its folder (a tampered manifest must not write elsewhere). */
const isInside = (path: string) =>
  path !== '' && !isAbsolute(path) && !normalize(path).split(/[\\/]/).includes('..');

/**
 * Checks every file the manifest lists against its size and checksum before
 * anything is loaded; returns what is wrong, one line per file.
 */
export const checkFiles = async (root: string, files: FileSum[]): Promise<string[]> => {
  const problems: string[] = [];
  for (const f of files) {
    if (!isInside(f.path)) {
      problems.push(`${f.path}: not a path inside the backup`);
      continue;
    }
    const actual = await sumFile(join(root, f.path)).catch(() => null);
    if (actual === null) problems.push(`${f.path}: missing`);
    else if (actual.bytes !== f.bytes || actual.sha256 !== f.sha256)
      problems.push(
        `${f.path}: ${actual.bytes} bytes with SHA-256 ${actual.sha256.slice(0, 12)}…, ` +
          `the manifest says ${f.bytes} bytes with ${f.sha256.slice(0, 12)}…`,
      );
  }
  return problems;
};
