import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSql, type Sql } from '@rentals/core/db';
import { createMeili } from '@rentals/projections/queries/meili';
import { projectionsBehind, publicSiteStatus } from '@rentals/projections/queries/readSideHealth';
import { pipeLines } from '../../dev/labelledOutput.ts';
import { prepareData } from '../../dev/prepareData.ts';
import { serviceLogs } from '../../dev/serviceLogs.ts';
import { supervise } from '../../dev/supervisor.ts';
import { renderHaproxyConfig } from '../../proxy/haproxy.ts';
import { BULK_ALLOCATOR_ENV } from '../../services/bulkAllocator.ts';
import { MAX_INDEXING_MEMORY, verifiedMeiliBinary } from '../../services/meiliServer.ts';
import { stopChild } from '../../services/childServer.ts';
import { ROOT, runCommand } from '../commands.ts';
import type { Stack } from '../stack.ts';
import { createNetwork, host, inHost, removeNetwork, SUBNET, type Host } from './net.ts';
import { startPostgresPair, type PostgresPair } from './postgres.ts';

/** Where the drill keeps everything (removed before a run and after it). */
export const HOSTS_DATA_DIR = '/tmp/rentals-hosts-drill';

export const HOSTS = {
  pg1: host('pg1', 11),
  pg2: host('pg2', 12),
  web1: host('web1', 21),
  web2: host('web2', 22),
  prj1: host('prj1', 31),
  prj2: host('prj2', 32),
  ms1: host('ms1', 41),
  ms2: host('ms2', 42),
  s3: host('s3', 51),
  lb: host('lb', 61),
};

const WEB_PORT = 3000;
const MEILI_PORT = 7700;
const S3_PORT = 9000;
const STATS_PORT = 8404;

export type HostsStack = Stack & {
  postgres: PostgresPair;
  /** The database's URL (the service address), for a fresh connection. */
  databaseUrl: string;
  /** Every process of ours on the hosts (their supervisors restart them), by name, with its current pid. */
  pids: () => Record<string, number>;
  /** Resolves once the read side has applied the whole log and the pages are rebuilt. */
  caughtUp: (timeoutMs: number) => Promise<void>;
};

/** A process of ours (a Bun script) on a host, supervised; resolves once `ready`. */
const startInHost = (
  h: Host,
  script: string,
  env: Record<string, string>,
  log: (line: string) => void,
  ready: (line: string) => boolean,
) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const { command, args } = inHost(h, process.execPath, [script]);
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let settled = false;
    const onLine = (line: string) => {
      log(line);
      if (!settled && ready(line)) {
        settled = true;
        resolve(child);
      }
    };
    pipeLines(child.stdout, onLine);
    pipeLines(child.stderr, onLine);
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`${script} on ${h.id} exited (${signal ?? code})`));
    });
  });

/** Polls `url` until it answers 200 (a process that logs nothing when ready). */
const answering = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** Starts a process under supervision (restarted when it exits, stopped with the stack). */
type Keep = (name: string, start: () => Promise<ChildProcess>) => Promise<void>;
type Say = (name: string) => (line: string) => void;

/** A program of the host's own (Meilisearch, HAProxy) in its namespace, ready once `readyUrl` answers. */
const startProgram = async (
  h: Host,
  program: string,
  args: string[],
  log: (line: string) => void,
  readyUrl: string,
) => {
  const line = inHost(h, program, args);
  const child = spawn(line.command, line.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  pipeLines(child.stdout, log);
  pipeLines(child.stderr, log);
  await answering(readyUrl, 30_000);
  return child;
};

/** Object storage on its host, and both Meilisearch on theirs; resolves with the Meilisearch URLs. */
const startStorageHosts = async (keep: Keep, say: Say, masterKey: string) => {
  await keep('s3', () =>
    startInHost(
      HOSTS.s3,
      'infra/src/drill/hosts/s3Host.ts',
      {
        S3_ADDRESS: HOSTS.s3.address,
        S3_PORT: String(S3_PORT),
        S3_DIR: join(HOSTS_DATA_DIR, 's3'),
      },
      say('s3'),
      (line) => line.includes('object storage ready'),
    ),
  );
  const binary = await verifiedMeiliBinary(join(HOSTS_DATA_DIR, 'bin'));
  const urls: string[] = [];
  for (const h of [HOSTS.ms1, HOSTS.ms2]) {
    const url = `http://${h.address}:${MEILI_PORT}`;
    const dir = join(HOSTS_DATA_DIR, `meilisearch-${h.id}`);
    const args = [
      ...['--db-path', join(dir, 'data.ms'), '--dump-dir', join(dir, 'dumps')],
      ...['--http-addr', `${h.address}:${MEILI_PORT}`, `--master-key=${masterKey}`],
      ...['--no-analytics', `--max-indexing-memory=${MAX_INDEXING_MEMORY}`],
      ...['--env', 'development', '--log-level', 'WARN'],
    ];
    await keep(`meilisearch-${h.id}`, () =>
      startProgram(h, binary, args, say(`meilisearch-${h.id}`), `${url}/health`),
    );
    urls.push(url);
  }
  return urls;
};

/** Both web hosts, both projections hosts and the proxy in front of the web hosts; resolves with the proxy's URL. */
const startAppHosts = async (keep: Keep, say: Say, env: Record<string, string>) => {
  const webs = [HOSTS.web1, HOSTS.web2];
  for (const [i, h] of webs.entries()) {
    const name = `web-${i + 1}`;
    await keep(name, async () => {
      const child = await startInHost(
        h,
        'api/src/main.ts',
        { ...env, HOST: h.address, PORT: String(WEB_PORT) },
        say(name),
        (line) => line.includes('web listening'),
      );
      await answering(`http://${h.address}:${WEB_PORT}/api/health/live`, 30_000);
      return child;
    });
  }
  for (const [i, h] of [HOSTS.prj1, HOSTS.prj2].entries()) {
    const name = `projections-${i + 1}`;
    await keep(name, () =>
      startInHost(
        h,
        'projections/src/main.ts',
        { ...env, ...BULK_ALLOCATOR_ENV },
        say(name),
        (line) => line.includes('projections running'),
      ),
    );
  }
  const configFile = join(HOSTS_DATA_DIR, 'proxy', 'haproxy.cfg');
  await mkdir(join(HOSTS_DATA_DIR, 'proxy'), { recursive: true });
  const config = renderHaproxyConfig({
    bind: HOSTS.lb.address,
    port: 80,
    statsPort: STATS_PORT,
    backends: webs.map((h, i) => ({ name: `web-${i + 1}`, host: h.address, port: WEB_PORT })),
  }).replace(`bind 127.0.0.1:${STATS_PORT}`, `bind ${HOSTS.lb.address}:${STATS_PORT}`);
  // The drill reads the stats page from its own namespace, so it must listen on the host's address.
  if (!config.includes(`bind ${HOSTS.lb.address}:${STATS_PORT}`))
    throw new Error(`${configFile}: the stats page's bind line of infra/proxy/haproxy.cfg changed`);
  await writeFile(configFile, config, { mode: 0o600 });
  const stats = `http://${HOSTS.lb.address}:${STATS_PORT}/;csv`;
  await keep('proxy', () =>
    startProgram(HOSTS.lb, 'haproxy', ['-db', '-f', configFile], say('proxy'), stats),
  );
  const url = `http://${HOSTS.lb.address}`;
  await answering(`${url}/api/health/ready`, 60_000);
  return url;
};

/** Resolves once the read side has applied the whole log and the pages are rebuilt. */
const readSideCaughtUp = (sql: Sql) => async (timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ head: number | null }[]>`SELECT max(position) AS head FROM events`;
    const behind = await projectionsBehind(sql, row?.head ?? 0);
    const site = await publicSiteStatus(sql);
    if (behind.length === 0 && site.pendingCities + site.pendingListings === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `the read side did not catch up in ${timeoutMs / 1000} s (behind: ${behind.map((b) => b.name).join(', ')}; pages: ${JSON.stringify(site)})`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
};

/** What every process of the product gets. */
const productEnv = (databaseUrl: string, meiliUrls: string[], masterKey: string) => ({
  DATA_DIR: HOSTS_DATA_DIR,
  DATABASE_URL: databaseUrl,
  MEILI_URL: meiliUrls.join(','),
  MEILI_MASTER_KEY: masterKey,
  JWT_SECRET: randomBytes(32).toString('hex'),
  MEDIA_S3_BUCKET: 'media',
  MEDIA_S3_ENDPOINT: `http://${HOSTS.s3.address}:${S3_PORT}`,
  MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
  MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
  SITE_URL: `http://${HOSTS.lb.address}`,
  TRUST_PROXY_HOPS: '1',
  // The drill's reads come from one address at load-test rates.
  SEARCHES_PER_SECOND: '0',
  NO_COLOR: '1',
});

/**
 * The cluster as separate hosts (net.ts): Postgres primary and standby,
 * object storage (s3rver, the media bucket), two Meilisearch, two web hosts,
 * two projections hosts (one active, one standing by on the advisory locks)
 * and HAProxy on the load balancer host, each in its own namespace.
 * DATA_DIR (logs, the map data, the public pages) is one folder on this
 * machine that every host uses: the shared file system of the layout
 * (docs/OPERATIONS.md, "Several hosts"). Seeded with `listings`.
 */
export const startHostsStack = async (options: {
  listings: number;
  log: (line: string) => void;
}): Promise<HostsStack> => {
  const { log } = options;
  removeNetwork();
  await rm(HOSTS_DATA_DIR, { recursive: true, force: true });
  await mkdir(HOSTS_DATA_DIR, { recursive: true });
  // The Postgres servers run as another user.
  await chmod(HOSTS_DATA_DIR, 0o755);
  createNetwork(Object.values(HOSTS));
  log(`network up: ${Object.values(HOSTS).length} hosts on ${SUBNET}.0/24`);

  const logs = serviceLogs(HOSTS_DATA_DIR, false);
  let output = '';
  const say: Say = (name) => {
    const write = logs.of(name);
    return (line) => {
      write(line);
      if (/error|exited|restart|FATAL|PANIC/i.test(line)) output += `[${name}] ${line}\n`;
    };
  };
  const stops: (() => Promise<void>)[] = [];
  const pids: Record<string, number> = {};
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await logs.close();
    removeNetwork();
  };
  const keep: Keep = async (name, start) => {
    const supervisor = supervise(
      { name, start, stop: (child) => stopChild(child, 'SIGTERM') },
      {
        say: (line) => (output += `[${name}] ${line}\n`),
        onStart: (child) => {
          if (child.pid) pids[name] = child.pid;
        },
        firstDelayMs: 500,
        maxDelayMs: 2000,
      },
    );
    stops.push(supervisor.stop);
    await supervisor.start();
  };

  try {
    const masterKey = randomBytes(24).toString('base64url');
    const postgres = await startPostgresPair({
      dataDir: HOSTS_DATA_DIR,
      primary: HOSTS.pg1,
      standby: HOSTS.pg2,
      password: randomBytes(18).toString('base64url'),
      log: say,
    });
    stops.push(postgres.stop);
    const admin = createSql(postgres.url.replace(/\/rentals$/, '/postgres'), { max: 1 });
    await admin.unsafe('CREATE DATABASE rentals');
    await admin.end();
    log('postgres: primary on pg1, streaming standby on pg2 (synchronous)');

    const meiliUrls = await startStorageHosts(keep, say, masterKey);
    const env = productEnv(postgres.url, meiliUrls, masterKey);
    await prepareData({
      dataDir: HOSTS_DATA_DIR,
      databaseUrl: postgres.url,
      meiliUrls,
      meiliMasterKey: masterKey,
      childEnv: env,
      logs,
      logFile: (name) => logs.file(name),
      say: log,
      siteBuild: false,
      seed: false,
    });
    const url = await startAppHosts(keep, say, env);
    log(`ready: ${url} (logs in ${logs.dir})`);

    const sql = createSql(postgres.url, { max: 4 });
    stops.push(() => sql.end({ timeout: 5 }));
    const caughtUp = readSideCaughtUp(sql);
    log(`seeding ${options.listings} listings`);
    const seed = await runCommand(
      'infra/src/cli/seed.ts',
      ['--listings', String(options.listings)],
      env,
    );
    if (seed.code !== 0) throw new Error(`npm run seed failed:\n${seed.output}`);
    await caughtUp(300_000);
    log('read models, index and pages caught up with the seed');

    return {
      url,
      dataDir: HOSTS_DATA_DIR,
      env,
      databaseUrl: postgres.url,
      sql,
      meili: createMeili({ url: meiliUrls[0]!, key: masterKey }, 30_000),
      pid: (name) => pids[name],
      pids: () => ({ ...pids }),
      output: () => output,
      postgres,
      caughtUp,
      stop: stopAll,
    };
  } catch (error) {
    log(`start-up failed; the hosts said:\n${output}`);
    await stopAll();
    throw error;
  }
};
