import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSql } from '@rentals/core/db';
import { createMeili } from '@rentals/projections/queries/meili';
import type { DevSecrets } from '../dev/secrets.ts';
import { pipeLines } from '../dev/labelledOutput.ts';
import { freePort } from '../services/ports.ts';
import { waitUntilCaughtUp } from './health.ts';
import { ROOT, runCommand } from './commands.ts';
import type { Stack, StackKind } from './stack.ts';

const READY_TIMEOUT_MS = 180_000;

/** The runner's settings: free ports, the temporary DATA_DIR, no search rate limit. */
const drillEnv = async (dataDir: string) => ({
  DATA_DIR: dataDir,
  PORT: String(await freePort()),
  PG_PORT: String(await freePort()),
  // The cluster's second Meilisearch takes the next port.
  MEILI_PORT: String(await freePort()),
  MAIL_SMTP_PORT: String(await freePort()),
  MAIL_WEB_PORT: String(await freePort()),
  // The drill's reads come from one address at load-test rates.
  SEARCHES_PER_SECOND: '0',
  NO_COLOR: '1',
});

/** Resolves once the runner printed `ready <url>`; rejects with its output if it exits or is late. */
const untilReady = async (
  runner: ChildProcess,
  output: () => string,
  url: string,
  script: string,
) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!output().includes(`ready ${url}`)) {
    if (runner.exitCode !== null || runner.signalCode !== null)
      throw new Error(`${script} exited during start-up:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${script} was not ready in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** The pids the runner recorded (DATA_DIR/dev.pids.json), by service name. */
const readPids = (dataDir: string): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'dev.pids.json'), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
};

/**
 * A runner (`npm run dev`, `npm run cluster`) on free ports and a temporary
 * DATA_DIR, without the site build (the public pages come from the
 * projections process, not the site), seeded through `npm run seed`. Its
 * supervisor restarts whatever the drill kills; the pids it records
 * (DATA_DIR/dev.pids.json) name the processes.
 */
const runnerStack = (name: string, script: string, args: string[]): StackKind => ({
  name,
  start: async ({ listings, keep, log }) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rentals-drill-stack-'));
    // The embedded Postgres runs as another user when we are root.
    await chmod(dataDir, 0o755);
    const env = await drillEnv(dataDir);
    const url = `http://localhost:${env.PORT}`;
    let output = '';
    const runner = spawn(process.execPath, [script, '--no-seed', '--no-site-build', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const print = (line: string) => (output += `${line}\n`);
    pipeLines(runner.stdout, print);
    pipeLines(runner.stderr, print);
    const exited = new Promise<void>((r) => runner.once('exit', () => r()));
    // Interrupted (Ctrl-C) before the stack was handed over: the runner still stops its servers.
    const orphaned = () => runner.kill('SIGINT');
    process.once('exit', orphaned);

    const stop = async () => {
      process.off('exit', orphaned);
      if (runner.exitCode === null && runner.signalCode === null) {
        runner.kill('SIGINT');
        const timer = setTimeout(() => runner.kill('SIGKILL'), 60_000);
        await exited;
        clearTimeout(timer);
      }
      if (keep) log(`kept ${dataDir} (logs in ${join(dataDir, 'logs')})`);
      else await rm(dataDir, { recursive: true, force: true });
    };

    try {
      log(`starting ${script} ${args.join(' ')} on ${url} (DATA_DIR ${dataDir})`);
      await untilReady(runner, () => output, url, script);
      log(`seeding ${listings} listings`);
      const seed = await runCommand('infra/src/cli/seed.ts', ['--listings', String(listings)], env);
      if (seed.code !== 0) throw new Error(`npm run seed failed:\n${seed.output}`);
      await waitUntilCaughtUp(url, 180_000);
      log('read models, index and pages caught up with the seed');
    } catch (error) {
      await stop();
      throw error;
    }

    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as DevSecrets;
    const databaseUrl = `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${env.PG_PORT}/rentals`;
    const sql = createSql(databaseUrl, { max: 4 });
    const pids = () => readPids(dataDir);
    const stack: Stack = {
      url,
      dataDir,
      env,
      databaseUrl,
      sql,
      meili: createMeili(
        { url: `http://127.0.0.1:${env.MEILI_PORT}`, key: secrets.meiliMasterKey },
        30_000,
      ),
      pid: (name) => pids()[name],
      pids,
      output: () => output,
      stop: async () => {
        await sql.end({ timeout: 5 });
        await stop();
      },
    };
    return stack;
  },
});

/** `npm run dev`: postgres, meilisearch, mail, web, projections. */
export const devStack = runnerStack('dev', 'infra/src/dev/main.ts', []);

/**
 * `npm run cluster -- --search 2`: HAProxy in front of web-1 and web-2,
 * projections-1 and projections-2 (one active, one standing by), meilisearch
 * and meilisearch-2 each fed by its own search projection.
 */
export const clusterStack = runnerStack('cluster', 'infra/src/cluster/main.ts', [
  '--web',
  '2',
  '--projections',
  '2',
  '--search',
  '2',
]);
