// The API in its own process on a port (apiServer.ts, the same buildApp the web entry serves), with a signed-in
// tenant's token, for the benchmarks that go through GET /api/properties.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchStack } from './stack.ts';

export const startApiProcess = async (stack: BenchStack, port: number) => {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./apiServer.ts', import.meta.url))],
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
  const stop = () => child.kill('SIGTERM');
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
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench Tenant',
        email: `tenant-${Date.now()}@bench.test`,
        password: 'bench-password',
        phone: '9876543210',
        role: 'tenant',
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    if (!token) throw new Error(`registration failed: ${registered.status}`);
    return { base, token, stop };
  } catch (error) {
    stop();
    throw error;
  }
};
