/**
 * The product as production runs it, for the public site's e2e test and its
 * benchmark: embedded Postgres and Meilisearch, migrations, then the real web
 * process (api/src/main.ts) and projections process (with the regenerator).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql, type Sql } from '@rentals/core/db';
import { migrate } from '@rentals/infra/db/migrate';
import { startMeiliServer } from '@rentals/infra/services/meiliServer';
import { freePort } from '@rentals/infra/services/ports';
import { startPostgresServer, stopChild } from '@rentals/infra/services/postgresServer';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export type ProductStack = {
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  /** Starts the web and projections processes; resolves once /api/health answers. */
  startProcesses: () => Promise<string>;
  logs: () => string;
  stop: () => Promise<void>;
};

export const startProductStack = async (): Promise<ProductStack> => {
  const root = await mkdtemp(join(tmpdir(), 'rentals-public-site-'));
  await chmod(root, 0o755); // the postgres user must reach its data directory
  const cleanups: (() => Promise<unknown>)[] = [() => rm(root, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const pg = await startPostgresServer({
      dataDir: join(root, 'pg'),
      port: await freePort(),
      password: randomBytes(12).toString('hex'),
    });
    cleanups.push(() => pg.stop());
    const meiliKey = randomBytes(16).toString('hex');
    const meili = await startMeiliServer({
      dataDir: join(root, 'meili'),
      binDir: join(root, 'bin'),
      port: await freePort(),
      masterKey: meiliKey,
    });
    cleanups.push(() => meili.stop());
    const sql = createSql(pg.url, { max: 8 });
    cleanups.push(() => sql.end({ timeout: 5 }));
    await migrate(sql);
    const dataDir = join(root, 'data');
    let output = '';

    const startProcesses = async () => {
      const port = await freePort();
      const env = {
        ...process.env,
        DATABASE_URL: pg.url,
        MEILI_URL: meili.url,
        MEILI_MASTER_KEY: meiliKey,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        PROJECTION_POLL_MS: '200',
      };
      const bun = join(ROOT, 'node_modules', '.bin', 'bun');
      for (const [name, entry] of [
        ['web', 'api/src/main.ts'],
        ['projections', 'projections/src/main.ts'],
      ] as const) {
        const child = spawn(bun, [entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (c: Buffer) => (output += `[${name}] ${c.toString()}`));
        child.stderr.on('data', (c: Buffer) => (output += `[${name}] ${c.toString()}`));
        cleanups.push(() => stopChild(child, 'SIGTERM'));
      }
      const baseUrl = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`${baseUrl}/api/health`)
          .then((r) => r.status < 500 || r.status === 503)
          .catch(() => false);
        if (ok) return baseUrl;
        if (Date.now() > deadline)
          throw new Error(`web process did not answer in 60 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    return { sql, databaseUrl: pg.url, dataDir, startProcesses, logs: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Polls a URL until its body satisfies `ready` (the regenerator works asynchronously). */
export const waitForPage = async (
  url: string,
  ready: (body: string) => boolean,
  timeoutMs = 60_000,
): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    const body = response?.ok ? await response.text() : '';
    if (ready(body)) return body;
    if (Date.now() > deadline) throw new Error(`${url} did not become ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
