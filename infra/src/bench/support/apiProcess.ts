// The API in its own process on a port (apiServer.ts, the same buildApp the web entry serves), with a signed-in
// tenant's token, for the benchmarks that go through GET /api/properties.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../../services/childServer.ts';
import { recordBenchChild, type BenchStack } from './stack.ts';

export const startApiProcess = async (stack: BenchStack, port: number) => {
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: the API's CPU profile (and a markdown summary) is written there when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      fileURLToPath(new URL('./apiServer.ts', import.meta.url)),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: stack.databaseUrl,
        MEILI_URL: stack.meiliUrl,
        MEILI_MASTER_KEY: stack.meiliKey,
        JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
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
      if (i > 300) throw new Error('the API did not start');
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
