/**
 * Starts the whole product for an e2e file: embedded Postgres and Meilisearch,
 * migrations, the web process (API + built site) and the projections process,
 * exactly as production runs them, then Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createSql } from '@rentals/api/shared/db';
import { migrate } from '@rentals/infra/db/migrate';
import { startMeiliServer } from '@rentals/infra/services/meiliServer';
import { freePort } from '@rentals/infra/services/ports';
import { startPostgresServer, stopChild } from '@rentals/infra/services/postgresServer';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SITE = join(ROOT, 'site');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export type Stack = {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser profile (own localStorage) with a phone- or desktop-sized window. */
  newContext: (options?: { mobile?: boolean; enforceCsp?: boolean }) => Promise<BrowserContext>;
  logs: () => string;
  /** Resolves when Meilisearch has no queued or running task (index settings and documents applied). */
  waitForSearchIdle: () => Promise<void>;
  stop: () => Promise<void>;
};

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
};

/** Builds the site when dist/ is missing or older than its sources. */
export const ensureSiteBuilt = (): void => {
  const marker = join(SITE, 'dist', 'index.html');
  const sources = Math.max(newestMtime(join(SITE, 'src')), newestMtime(join(SITE, 'public')));
  if (existsSync(marker) && statSync(marker).mtimeMs > sources) return;
  const bun = join(ROOT, 'node_modules', '.bin', 'bun');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(bun, ['--bun', 'astro', 'build'], { cwd: SITE, env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`site build failed:\n${result.stdout}\n${result.stderr}`);
};

const waitForHealth = async (url: string, child: ChildProcess, logs: () => string) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web process exited:\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`web process not healthy in 60 s:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

export const startStack = async (): Promise<Stack> => {
  ensureSiteBuilt();
  const root = await mkdtemp(join(tmpdir(), 'rentals-e2e-'));
  await chmod(root, 0o755);
  // Whatever started is stopped again if a later step fails, so no server outlives the run.
  const cleanups: (() => Promise<void>)[] = [() => rm(root, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    return await boot(root, cleanups, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
};

const boot = async (
  root: string,
  cleanups: (() => Promise<void>)[],
  stopAll: () => Promise<void>,
): Promise<Stack> => {
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
  const sql = createSql(pg.url, { max: 2 });
  await migrate(sql);
  await sql.end({ timeout: 5 });

  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: pg.url,
    MEILI_URL: meili.url,
    MEILI_MASTER_KEY: meiliKey,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    DATA_DIR: join(root, 'data'),
    NODE_ENV: 'production',
  };
  let output = '';
  const collect = (name: string) => (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`);
  const bun = join(ROOT, 'node_modules', '.bin', 'bun');
  const start = (name: string, entry: string) => {
    const child = spawn(bun, [entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', collect(name));
    child.stderr.on('data', collect(name));
    return child;
  };
  const web = start('web', 'api/src/main.ts');
  cleanups.push(() => stopChild(web, 'SIGTERM'));
  const projections = start('projections', 'projections/src/main.ts');
  cleanups.push(() => stopChild(projections, 'SIGTERM'));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, web, () => output);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  cleanups.push(() => browser.close());

  return {
    baseUrl,
    browser,
    newContext: async ({ mobile, enforceCsp } = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        locale: 'en-IN',
        // Lets the axe-core check inject its script; the app itself runs under the real CSP.
        bypassCSP: !enforceCsp,
      });
      // Failed requests and page errors go into the logs a failing test can print.
      context.on('response', (r) => {
        if (r.status() >= 400)
          output += `[browser] ${r.status()} ${r.request().method()} ${r.url()}\n`;
      });
      context.on('weberror', (e) => (output += `[browser] page error: ${e.error().message}\n`));
      return context;
    },
    logs: () => output,
    waitForSearchIdle: async () => {
      const deadline = Date.now() + 60_000;
      // First every projection must have applied the log (the search projection may still be
      // creating the index while searches fall back to Postgres), then Meilisearch its tasks.
      for (;;) {
        const res = await fetch(`${baseUrl}/api/health`);
        const health = (await res.json()) as { projections?: { lag: number }[] };
        if (health.projections?.every((p) => p.lag === 0)) break;
        if (Date.now() > deadline)
          throw new Error(`projections still behind after 60 s: ${JSON.stringify(health)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      for (;;) {
        const res = await fetch(`${meili.url}/tasks?statuses=enqueued,processing&limit=1`, {
          headers: { authorization: `Bearer ${meiliKey}` },
        });
        const body = (await res.json()) as { total?: number; results?: unknown[] };
        if (res.ok && (body.total ?? body.results?.length ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error('Meilisearch still busy after 60 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: async () => {
      if (process.env.E2E_LOGS) {
        await new Promise((r) => setTimeout(r, 300));
        console.log(
          output
            .split('\n')
            .filter((l) => l.startsWith('[browser]'))
            .join('\n'),
        );
      }
      await stopAll();
    },
  };
};

export type { Page };
