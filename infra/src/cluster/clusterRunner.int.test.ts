// npm run cluster against the test run's Postgres and Meilisearch (DATABASE_URL, MEILI_URL):
// two web processes behind HAProxy, two projections processes, supervised, stopped by Ctrl-C.
import { processAlive as alive } from '@rentals/core/processAlive';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runServers, testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { allUp, untilBackends } from '../proxy/haproxy.ts';
import { freePort } from '../services/ports.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await testDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-cluster-run-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

it('runs two web processes behind the proxy, restarts a killed one, and stops everything on Ctrl-C', async () => {
  const servers = runServers();
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    ['infra/src/cluster/main.ts', '--no-seed', '--no-site-build'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NO_COLOR: '1',
        PORT: String(port),
        // Its own mail catcher ports: a dev stack on this machine may hold the defaults.
        MAIL_SMTP_PORT: String(await freePort()),
        MAIL_WEB_PORT: String(await freePort()),
        DATABASE_URL: db.url,
        MEILI_URL: servers.meiliUrl,
        MEILI_MASTER_KEY: servers.meiliKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 150_000;
    while (!output.includes(text)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`"${text}" did not appear; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    await waitFor(`ready http://localhost:${port}`);
    for (const service of ['web-1', 'web-2', 'projections-1', 'projections-2', 'proxy'])
      expect(output).toMatch(new RegExp(`^${service} *\\| (listening|running)`, 'm'));
    const statsPort = Number(/stats on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1]);

    const servedBy = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`http://localhost:${port}/api/health/ready`);
      expect(response.status).toBe(200);
      servedBy.add(response.headers.get('x-served-by'));
    }
    expect(servedBy).toEqual(new Set(['web-1', 'web-2']));

    const pids = JSON.parse(readFileSync(join(dataDir, 'dev.pids.json'), 'utf8')) as Record<
      string,
      number
    >;
    process.kill(pids['web-2']!, 'SIGKILL');
    await waitFor('web-2 restarted');
    expect(output).toContain('web-2 exited (SIGKILL); restarting in');
    // Back in the proxy's rotation on the same port.
    await untilBackends(statsPort, allUp);
  } finally {
    child.kill('SIGINT');
  }
  expect(await exited).toBe(0);
  expect(output).toContain('stopped');
  const after = await fetch(`http://localhost:${port}/api/health/live`).catch(() => 'refused');
  expect(after).toBe('refused');
  const last = JSON.parse(readFileSync(join(dataDir, 'dev.pids.json'), 'utf8')) as Record<
    string,
    number
  >;
  expect(Object.entries(last).filter(([, pid]) => alive(pid))).toEqual([]);
}, 240_000);
