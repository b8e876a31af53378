/**
 * The product as production runs it, for the end-to-end tests, the public
 * site's tests and the benchmarks: a migrated database of its own on the
 * given servers (or on servers of its own), then the real web process
 * (api/src/main.ts) and projections process (with the regenerator),
 * optionally with the basemap built and the gazetteer loaded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from '@rentals/core/db';
import { loadPlaces } from '@rentals/api/geo/placesIndex';
import { buildSiteIfChanged } from '@rentals/infra/dev/siteBuild';
import { ensureGeoData } from '@rentals/infra/geo/build';
import { freePort } from '@rentals/infra/services/ports';
import { stopChild } from '@rentals/infra/services/childServer';
import { createMeili } from '@rentals/projections/queries/meili';
import { startServers, type Servers } from './servers.ts';
import { createDatabase } from './database.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
/** A line of the web process's request log (api/src/http/requestLog.ts): `… info GET /path 404 {…}`. */
const REQUEST_LINE = / info (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \/\S* \d{3} /;

export type ProductStack = {
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  meili: { url: string; key: string };
  /** The inbox of the mail catcher the processes send to (the run's, or the product's own). */
  mailWebUrl: string;
  /** Starts the web and projections processes; resolves with the base URL once /api/health answers. */
  startProcesses: (env?: Record<string, string>) => Promise<string>;
  /** Resolves when Meilisearch has no queued or running task (index settings and documents applied). */
  waitForSearchIdle: () => Promise<void>;
  /** What the processes printed; `requests: false` leaves out the request log (see `logs` below). */
  logs: (options?: { requests?: boolean }) => string;
  stop: () => Promise<void>;
};

export type ProductOptions = {
  /** Shared servers (a test run's, see runServers); without them the product starts its own. */
  servers?: Omit<Servers, 'stop'>;
  /** Build the basemap and load the gazetteer into Meilisearch first (the maps). */
  geo?: boolean;
  /**
   * Build the Astro site first when its sources changed (the pages the browser tests open).
   * 'pseudo': the pseudo-locale build (site/dist-pseudo), and the processes speak it too
   * (pseudoEnglish.ts preloaded), for the pseudo crawl (docs/i18n).
   */
  site?: boolean | 'pseudo';
};

const waitForHealth = async (url: string, children: ChildProcess[], logs: () => string) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (children.some((c) => c.exitCode !== null)) throw new Error(`a process exited:\n${logs()}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`web process not healthy in 60 s:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

export const startProduct = async (options: ProductOptions = {}): Promise<ProductStack> => {
  const root = await mkdtemp(join(tmpdir(), 'rentals-product-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(root, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const pseudo = options.site === 'pseudo';
    if (options.site) await buildSiteIfChanged(ROOT, () => {}, { pseudo });
    let servers = options.servers;
    if (!servers) {
      const own = await startServers();
      cleanups.push(() => own.stop());
      servers = own;
    }
    const meili = { url: servers.meiliUrl, key: servers.meiliKey };
    const smtpUrl = servers.smtpUrl;
    // The processes use the product's own index names: a product starts from empty indexes.
    const client = createMeili(meili, 60_000);
    for (const index of (await client.getRawIndexes({ limit: 1000 })).results)
      await client.deleteIndex(index.uid).waitTask({ timeout: 60_000 });
    const db = await createDatabase(servers.pgAdminUrl, { max: 8 });
    cleanups.push(() => db.drop());
    const dataDir = join(root, 'data');
    if (options.geo) {
      await ensureGeoData(dataDir, { info: () => {} });
      await loadPlaces(meili, dataDir);
    }
    let output = '';
    /**
     * Everything the processes printed. `requests: false` leaves out the request log's lines: a
     * test that polls a URL makes thousands of them, and a failure's message is read from its end.
     */
    const logs = (options: { requests?: boolean } = {}) =>
      options.requests === false
        ? output
            .split('\n')
            .filter((line) => !REQUEST_LINE.test(line))
            .join('\n')
        : output;
    let webUrl: string | undefined;

    const startProcesses = async (env: Record<string, string> = {}) => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const childEnv = {
        ...process.env,
        DATABASE_URL: db.url,
        MEILI_URL: meili.url,
        MEILI_MASTER_KEY: meili.key,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SITE_URL: baseUrl,
        SMTP_URL: smtpUrl,
        NODE_ENV: 'production',
        // Fixtures are dated in the past: no sweep unless a test asks (it sweeps at a chosen now instead).
        LISTING_EXPIRY_SWEEP_SECONDS: '0',
        ...(pseudo ? { SITE_DIR: join(ROOT, 'site', 'dist-pseudo') } : {}),
        ...env,
      };
      const bun = join(ROOT, 'node_modules', '.bin', 'bun');
      const children = (
        [
          ['web', 'api/src/main.ts'],
          ['projections', 'projections/src/main.ts'],
        ] as const
      ).map(([name, entry]) => {
        const preload = pseudo ? ['--preload', join(HERE, 'pseudoEnglish.ts')] : [];
        const child = spawn(bun, [...preload, entry], {
          cwd: ROOT,
          env: childEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const collect = (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`);
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        // A process that dies leaves the others serving: say so where a failure's message shows it.
        child.on('exit', (code, signal) => {
          output += `[${name}] exited (${signal ?? `code ${code}`})\n`;
        });
        cleanups.push(() => stopChild(child, 'SIGTERM'));
        return child;
      });
      await waitForHealth(baseUrl, children, logs);
      webUrl = baseUrl;
      return baseUrl;
    };

    const waitForSearchIdle = async () => {
      const deadline = Date.now() + 60_000;
      // First every projection must have applied the log (the search projection may still be
      // creating the index while searches fall back to Postgres), then Meilisearch its tasks.
      while (webUrl) {
        const res = await fetch(`${webUrl}/api/health`);
        const health = (await res.json()) as { projections?: { lag: number }[] };
        if (health.projections?.every((p) => p.lag === 0)) break;
        if (Date.now() > deadline)
          throw new Error(`projections still behind after 60 s: ${JSON.stringify(health)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      for (;;) {
        const { total, results } = await client.tasks.getTasks({
          statuses: ['enqueued', 'processing'],
          limit: 1,
        });
        if ((total ?? results.length) === 0) return;
        if (Date.now() > deadline) throw new Error('Meilisearch still busy after 60 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    return {
      sql: db.sql,
      databaseUrl: db.url,
      dataDir,
      meili,
      mailWebUrl: servers.mailWebUrl,
      startProcesses,
      waitForSearchIdle,
      logs,
      stop,
    };
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
