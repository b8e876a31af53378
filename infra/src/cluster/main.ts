/**
 * `npm run cluster` — the product as it runs when one process of each kind is
 * not enough, on one machine: HAProxy on PORT (http://localhost:3000 unless set)
 * in front of several web processes, several projections processes (one
 * active, the others standing by on the advisory locks), one embedded
 * Postgres shared by all (unless DATABASE_URL) and one or more Meilisearch.
 *
 * Same data directory, secrets, logs and supervision as `npm run dev` (the two
 * exclude each other on DATA_DIR): one line per service when it is ready, a
 * crashed process is restarted with backoff, Ctrl-C or SIGTERM stops
 * everything. The proxy's config is rendered from infra/proxy/haproxy.cfg into
 * DATA_DIR/proxy/haproxy.cfg; its stats page is printed at start.
 *
 * Flags: see ./flags.ts (`--web N`, `--projections N`, `--search N`,
 * `--no-seed`, `--no-site-build`, `--verbose`). docs/OPERATIONS.md, "Scaling out".
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@rentals/core/config/env';
import { answers, startBun } from '../dev/bunProcess.ts';
import {
  keepBundledMeili,
  keepEmbeddedPostgres,
  keepMailCatcher,
  mailLine,
} from '../dev/dataServices.ts';
import { AlreadyRunningError, acquireInstanceLock, recordChildren } from '../dev/instanceLock.ts';
import { keeper } from '../dev/keepService.ts';
import { labelled } from '../dev/labelledOutput.ts';
import { prepareData } from '../dev/prepareData.ts';
import { loadOrCreateSecrets } from '../dev/secrets.ts';
import { runnerLifecycle } from '../dev/runnerLifecycle.ts';
import { serviceLogs } from '../dev/serviceLogs.ts';
import { waitUntilHealthy } from '../dev/waitUntilHealthy.ts';
import { watchExternal } from '../dev/watchExternal.ts';
import { allUp, startHaproxy, untilBackends, type Backend } from '../proxy/haproxy.ts';
import { BULK_ALLOCATOR_ENV } from '../services/bulkAllocator.ts';
import { freePort } from '../services/ports.ts';
import { stopChild } from '../services/postgresServer.ts';
import { parseClusterFlags, type ClusterFlags } from './flags.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let say: (line: string) => void = labelled('cluster');

// Stopped on the way out newest first (the proxy, then projections, web, Meilisearch, Postgres).
const { cleanups, fail, portCheck, run, stopping } = runnerLifecycle('npm run cluster', () => say);

const main = async () => {
  let flags: ClusterFlags;
  let config;
  try {
    flags = parseClusterFlags(process.argv.slice(2));
    config = loadConfig(process.env);
  } catch (error) {
    // A bad flag or environment variable: the line says which.
    return fail((error as Error).message, 2);
  }
  const dataDir = resolve(ROOT, config.dataDir);
  const pidsFile = resolve(dataDir, 'dev.pids.json');

  // One runner (dev or cluster) per data directory: both would start a Postgres on the same files.
  try {
    const lock = await acquireInstanceLock(resolve(dataDir, 'dev.lock'), pidsFile, say);
    cleanups.push({ name: 'lock', stop: lock.release });
  } catch (error) {
    if (error instanceof AlreadyRunningError) return fail(error.message, 2);
    throw error;
  }
  const logs = serviceLogs(dataDir, flags.verbose);
  cleanups.push({ name: 'logs', stop: logs.close });
  say = logs.say('cluster');
  const shown = (path: string) => {
    const rel = relative(process.cwd(), path);
    return rel && !rel.startsWith('..') ? rel : path;
  };
  const logFile = (name: string) => shown(logs.file(name));
  const secrets = await loadOrCreateSecrets(resolve(dataDir, 'secrets.json'));

  // Ports: the proxy's and the data services' are fixed (PORT, PG_PORT, MEILI_PORT and up);
  // the web processes and the stats page take free ones, printed below.
  await portCheck(config.port, 'PORT', 'proxy');
  if (!config.databaseUrl) await portCheck(config.pgPort, 'PG_PORT', 'embedded Postgres');
  const meiliPorts = Array.from({ length: flags.search }, (_, i) => config.meiliPort + i);
  if (!config.meiliUrl)
    for (const port of meiliPorts) await portCheck(port, 'MEILI_PORT', 'bundled Meilisearch');
  const pids: Record<string, number> = {};
  const keep = keeper({
    logs,
    logFile,
    onStart: (name, pid) => {
      pids[name] = pid;
      void recordChildren(pidsFile, pids);
    },
    cleanups,
    stopping,
  });

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl)
    databaseUrl = await keepEmbeddedPostgres(keep, logs, {
      dataDir,
      port: config.pgPort,
      password: secrets.pgPassword,
    });
  else cleanups.push({ name: 'postgres watch', stop: watchExternal('postgres', databaseUrl, say) });

  const meiliMasterKey = config.meiliMasterKey ?? secrets.meiliMasterKey;
  const meiliUrls: string[] = [];
  if (!config.meiliUrl)
    for (const [i, port] of meiliPorts.entries())
      meiliUrls.push(
        await keepBundledMeili(keep, logs, {
          name: i === 0 ? 'meilisearch' : `meilisearch-${i + 1}`,
          dataDir,
          port,
          masterKey: meiliMasterKey,
        }),
      );
  else {
    meiliUrls.push(...config.meiliUrl.split(','));
    for (const url of meiliUrls)
      cleanups.push({ name: 'meilisearch watch', stop: watchExternal('meilisearch', url, say) });
  }

  if (!config.smtpUrl) {
    await portCheck(config.mailSmtpPort, 'MAIL_SMTP_PORT', 'mail catcher SMTP');
    await portCheck(config.mailWebPort, 'MAIL_WEB_PORT', 'mail catcher inbox');
  }
  const mail = config.smtpUrl
    ? { smtpUrl: config.smtpUrl }
    : await keepMailCatcher(keep, logs, {
        smtpPort: config.mailSmtpPort,
        webPort: config.mailWebPort,
      });

  const bind = config.host === 'localhost' ? '127.0.0.1' : config.host;
  const url = `http://localhost:${config.port}`;
  const childEnv: Record<string, string> = {
    // The web processes listen on the loopback only; clients come through the proxy.
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MEILI_URL: meiliUrls.join(','),
    MEILI_MASTER_KEY: meiliMasterKey,
    JWT_SECRET: config.jwtSecret ?? secrets.jwtSecret,
    JWT_TTL: config.jwtTtl,
    // Links on the public pages point at the proxy, not at one web process.
    SITE_URL: config.siteUrl,
    // The proxy appends the client's address to X-Forwarded-For (login limits, view counts).
    TRUST_PROXY_HOPS: '1',
    SMTP_URL: mail.smtpUrl,
    MAIL_FROM: config.mailFrom,
  };

  await prepareData({
    dataDir,
    databaseUrl,
    meiliUrls,
    meiliMasterKey,
    childEnv: { ...childEnv, PORT: String(config.port) },
    logs,
    logFile,
    say,
    siteBuild: flags.siteBuild,
    seed: flags.seed,
  });

  const backends: Backend[] = [];
  for (let i = 1; i <= flags.web; i++) {
    const name = `web-${i}`;
    const port = await freePort();
    await keep({
      name,
      start: () =>
        startBun(
          'api/src/main.ts',
          { ...childEnv, PORT: String(port) },
          logs.of(name),
          () => false,
          answers(`http://127.0.0.1:${port}/api/health/live`),
        ),
      stop: (child) => stopChild(child, 'SIGTERM'),
    });
    logs.say(name)(`listening on http://127.0.0.1:${port}`);
    backends.push({ name, host: '127.0.0.1', port });
  }
  for (let i = 1; i <= flags.projections; i++) {
    const name = `projections-${i}`;
    await keep({
      name,
      start: () =>
        startBun(
          'projections/src/main.ts',
          { ...childEnv, ...BULK_ALLOCATOR_ENV },
          logs.of(name),
          (line) => line.includes('projections running'),
        ),
      stop: (child) => stopChild(child, 'SIGTERM'),
    });
    logs.say(name)(i === 1 ? 'running' : 'running (standing by while another holds the locks)');
  }

  const statsPort = await freePort();
  await keep({
    name: 'proxy',
    start: () =>
      startHaproxy(
        { bind, port: config.port, statsPort, backends },
        {
          configFile: resolve(dataDir, 'proxy', 'haproxy.cfg'),
          onLog: logs.of('proxy'),
          detached: true,
        },
      ),
    // A soft stop: in-flight requests finish (at most hard-stop-after, see haproxy.cfg).
    stop: (child) => stopChild(child, 'SIGUSR1'),
  });
  logs.say('proxy')(
    `listening on ${url} in front of ${backends.map((b) => b.name).join(', ')}; stats on http://127.0.0.1:${statsPort}/`,
  );

  // Ready once the proxy's own checks passed on every web process, and the product says it is healthy.
  await untilBackends(statsPort, allUp, 30_000);
  await waitUntilHealthy(`${url}/api/health`, say);
  say(mailLine(mail));
  say(`ready ${url} (full logs in ${shown(logs.dir)}; --verbose shows them here)`);
};

run(main);
