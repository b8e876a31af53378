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
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@rentals/core/config/env';
import { projectionsService, webService } from '../dev/bunProcess.ts';
import {
  keepBundledMeili,
  keepEmbeddedPostgres,
  keepMailCatcher,
  mailLine,
} from '../dev/dataServices.ts';
import { labelled } from '../dev/labelledOutput.ts';
import { prepareData } from '../dev/prepareData.ts';
import { runnerLifecycle } from '../dev/runnerLifecycle.ts';
import { openRunnerSession, shown, type RunnerSession } from '../dev/runnerSession.ts';
import { waitUntilHealthy } from '../dev/waitUntilHealthy.ts';
import { watchExternal } from '../dev/watchExternal.ts';
import { allUp, startHaproxy, untilBackends, type Backend } from '../proxy/haproxy.ts';
import { freePort } from '../services/ports.ts';
import { stopChild } from '../services/childServer.ts';
import { parseClusterFlags, type ClusterFlags } from './flags.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let say: (line: string) => void = labelled('cluster');

// Stopped on the way out newest first (the proxy, then projections, web, Meilisearch, Postgres).
const lifecycle = runnerLifecycle('npm run cluster', () => say);
const { cleanups, fail, portCheck, run } = lifecycle;

type Config = ReturnType<typeof loadConfig>;
type Mail = { smtpUrl: string; inbox?: string };
/** What the data services came up as: the URLs and key every product process is given. */
type DataServices = {
  databaseUrl: string;
  meiliUrls: string[];
  meiliMasterKey: string;
  mail: Mail;
};

const readSettings = (): { flags: ClusterFlags; config: Config } => {
  try {
    return { flags: parseClusterFlags(process.argv.slice(2)), config: loadConfig(process.env) };
  } catch (error) {
    // A bad flag or environment variable: the line says which.
    return fail((error as Error).message, 2);
  }
};

/**
 * Ports: the proxy's and the data services' are fixed (PORT, PG_PORT, MEILI_PORT
 * and up); the web processes and the stats page take free ones, printed later.
 */
const checkPorts = async (config: Config, meiliPorts: number[]) => {
  await portCheck(config.port, 'PORT', 'proxy');
  if (!config.databaseUrl) await portCheck(config.pgPort, 'PG_PORT', 'embedded Postgres');
  if (!config.meiliUrl)
    for (const port of meiliPorts) await portCheck(port, 'MEILI_PORT', 'bundled Meilisearch');
};

const startMeilis = async (
  config: Config,
  meiliPorts: number[],
  masterKey: string,
  session: RunnerSession,
  dataDir: string,
) => {
  const meiliUrls: string[] = [];
  if (!config.meiliUrl)
    for (const [i, port] of meiliPorts.entries())
      meiliUrls.push(
        await keepBundledMeili(session.keep, session.logs, {
          name: i === 0 ? 'meilisearch' : `meilisearch-${i + 1}`,
          dataDir,
          port,
          masterKey,
        }),
      );
  else {
    meiliUrls.push(...config.meiliUrl.split(','));
    for (const url of meiliUrls)
      cleanups.push({ name: 'meilisearch watch', stop: watchExternal('meilisearch', url, say) });
  }
  return meiliUrls;
};

/** Postgres, the Meilisearch instances and mail: started here unless the environment names them. */
const startDataServices = async (
  config: Config,
  meiliPorts: number[],
  session: RunnerSession,
  dataDir: string,
): Promise<DataServices> => {
  const { keep, logs, secrets } = session;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl)
    databaseUrl = await keepEmbeddedPostgres(keep, logs, {
      dataDir,
      port: config.pgPort,
      password: secrets.pgPassword,
    });
  else cleanups.push({ name: 'postgres watch', stop: watchExternal('postgres', databaseUrl, say) });

  const meiliMasterKey = config.meiliMasterKey ?? secrets.meiliMasterKey;
  const meiliUrls = await startMeilis(config, meiliPorts, meiliMasterKey, session, dataDir);

  if (!config.smtpUrl) {
    await portCheck(config.mailSmtpPort, 'MAIL_SMTP_PORT', 'mail catcher SMTP');
    await portCheck(config.mailWebPort, 'MAIL_WEB_PORT', 'mail catcher inbox');
  }
  const mail: Mail = config.smtpUrl
    ? { smtpUrl: config.smtpUrl }
    : await keepMailCatcher(keep, logs, {
        smtpPort: config.mailSmtpPort,
        webPort: config.mailWebPort,
      });
  return { databaseUrl, meiliUrls, meiliMasterKey, mail };
};

const childEnvOf = (
  config: Config,
  dataDir: string,
  data: DataServices,
  jwtSecret: string,
): Record<string, string> => ({
  // The web processes listen on the loopback only; clients come through the proxy.
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: data.databaseUrl,
  MEILI_URL: data.meiliUrls.join(','),
  MEILI_MASTER_KEY: data.meiliMasterKey,
  JWT_SECRET: config.jwtSecret ?? jwtSecret,
  JWT_TTL: config.jwtTtl,
  // Links on the public pages point at the proxy, not at one web process.
  SITE_URL: config.siteUrl,
  // The proxy appends the client's address to X-Forwarded-For (login limits, view counts).
  TRUST_PROXY_HOPS: '1',
  SMTP_URL: data.mail.smtpUrl,
  MAIL_FROM: config.mailFrom,
});

/** `count` web processes on free loopback ports; resolves with them as the proxy's backends. */
const startWebProcesses = async (
  session: RunnerSession,
  childEnv: Record<string, string>,
  count: number,
) => {
  const { keep, logs } = session;
  const backends: Backend[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `web-${i}`;
    const port = await freePort();
    const env = { ...childEnv, PORT: String(port) };
    await keep(webService(name, env, logs.of(name), `http://127.0.0.1:${port}/api/health/live`));
    logs.say(name)(`listening on http://127.0.0.1:${port}`);
    backends.push({ name, host: '127.0.0.1', port });
  }
  return backends;
};

const startProjections = async (
  session: RunnerSession,
  childEnv: Record<string, string>,
  count: number,
) => {
  const { keep, logs } = session;
  for (let i = 1; i <= count; i++) {
    const name = `projections-${i}`;
    await keep(projectionsService(name, childEnv, logs.of(name)));
    logs.say(name)(i === 1 ? 'running' : 'running (standing by while another holds the locks)');
  }
};

/** HAProxy on PORT in front of the web processes; resolves with its stats page's port. */
const startProxy = async (
  session: RunnerSession,
  config: Config,
  dataDir: string,
  backends: Backend[],
) => {
  const { keep, logs } = session;
  const bind = config.host === 'localhost' ? '127.0.0.1' : config.host;
  const url = `http://localhost:${config.port}`;
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
  return statsPort;
};

const main = async () => {
  const { flags, config } = readSettings();
  const dataDir = resolve(ROOT, config.dataDir);
  // One runner (dev or cluster) per data directory: both would start a Postgres on the same files.
  const session = await openRunnerSession({ dataDir, verbose: flags.verbose, lifecycle, say });
  say = session.logs.say('cluster');

  const meiliPorts = Array.from({ length: flags.search }, (_, i) => config.meiliPort + i);
  await checkPorts(config, meiliPorts);
  const data = await startDataServices(config, meiliPorts, session, dataDir);
  const childEnv = childEnvOf(config, dataDir, data, session.secrets.jwtSecret);

  await prepareData({
    dataDir,
    databaseUrl: data.databaseUrl,
    meiliUrls: data.meiliUrls,
    meiliMasterKey: data.meiliMasterKey,
    childEnv: { ...childEnv, PORT: String(config.port) },
    logs: session.logs,
    logFile: session.logFile,
    say,
    siteBuild: flags.siteBuild,
    seed: flags.seed,
  });

  const backends = await startWebProcesses(session, childEnv, flags.web);
  await startProjections(session, childEnv, flags.projections);
  const statsPort = await startProxy(session, config, dataDir, backends);

  // Ready once the proxy's own checks passed on every web process, and the product says it is healthy.
  const url = `http://localhost:${config.port}`;
  await untilBackends(statsPort, allUp, 30_000);
  await waitUntilHealthy(`${url}/api/health`, say);
  say(mailLine(data.mail));
  say(`ready ${url} (full logs in ${shown(session.logs.dir)}; --verbose shows them here)`);
};

run(main);
