// The API in its own process on a port, with a signed-in tenant's token, for the benchmarks that go
// through GET /api/properties: either `buildApp` alone (apiServer.ts), or the real web process
// (api/src/main.ts: every layer a request meets in production, started with production's settings).
import { spawn, type StdioOptions } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../../services/childServer.ts';
import { BENCH_DIR, recordBenchChild, type BenchStack } from './stack.ts';

const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';

/**
 * The web entry as production runs it: JSON logs (to a file in BENCH_DIR, as a log shipper would read
 * them), no per-client search limit (every request comes from this one address; production's limit
 * is per account or address, which a real crowd never meets together), its own data directory.
 */
const webEntry = (stack: BenchStack, port: number) => {
  const dataDir = join(BENCH_DIR, 'web');
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(BENCH_DIR, 'web.log');
  const out = openSync(logFile, 'a');
  return {
    script: fileURLToPath(new URL('../../../../api/src/main.ts', import.meta.url)),
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      SEARCHES_PER_SECOND: '0',
      SITE_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', out, out] as StdioOptions,
    logFile,
  };
};

export type ApiEntry = 'app' | 'web';

export const startApiProcess = async (
  stack: BenchStack,
  port: number,
  { entry = 'app' }: { entry?: ApiEntry } = {},
) => {
  const web = entry === 'web' ? webEntry(stack, port) : undefined;
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: the API's CPU profile (and a markdown summary) is written there when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      web?.script ?? fileURLToPath(new URL('./apiServer.ts', import.meta.url)),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: stack.databaseUrl,
        MEILI_URL: stack.meiliUrl,
        MEILI_MASTER_KEY: stack.meiliKey,
        JWT_SECRET,
        ...web?.env,
      },
      stdio: web?.stdio ?? (['ignore', 'inherit', 'inherit'] as StdioOptions),
    },
  );
  if (web) console.log(`[bench] the web process (api/src/main.ts) logs to ${web.logFile}`);
  await recordBenchChild('api', child.pid);
  // Awaited before the stack's Postgres stops: a pool connection cut under the exiting API made
  // postgres.js write to a null socket (a TypeError printed after the results).
  const stop = () => stopChild(child, 'SIGTERM');
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/health`).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 300 || child.exitCode !== null) throw new Error('the API did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // One tenant for every run on a BENCH_DIR: registering anew each run meets the per-address limit on
    // registrations after a few runs an hour.
    const account = { email: 'tenant@bench.test', password: 'bench-password' };
    const signIn = (path: string, body: object) =>
      fetch(`${base}/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    let answer = await signIn('login', account);
    if (answer.status === 401) {
      // The bench's own database: registrations by older versions of this harness may fill the limit.
      await stack.sql`DELETE FROM limited_attempts WHERE action = 'register'`;
      answer = await signIn('register', {
        ...account,
        name: 'Bench Tenant',
        phone: '9876543210',
        role: 'tenant',
      });
    }
    const { token } = (await answer.json()) as { token?: string };
    if (!token) throw new Error(`the bench tenant could not sign in: ${answer.status}`);
    return { base, token, stop, pid: child.pid };
  } catch (error) {
    await stop();
    throw error;
  }
};
