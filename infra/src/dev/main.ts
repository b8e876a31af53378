/**
 * `npm run dev` — the whole product on one machine, on one origin
 * (http://localhost:3000 unless PORT is set): site at /, API under /api,
 * media under /media.
 *
 * Starts embedded Postgres (unless DATABASE_URL), the bundled Meilisearch
 * (unless MEILI_URL) and a local mail catcher (unless SMTP_URL), generates dev secrets once under DATA_DIR, migrates,
 * builds the site when its sources changed, seeds an empty event log, then runs
 * the web and projections processes and prints `ready` once /api/health is
 * healthy and the read side (read models, search index, static pages) has
 * caught up with the seed. Ctrl-C or SIGTERM stops everything in order.
 *
 * The terminal gets one line per service when it is ready, and one line when
 * one exits and is restarted (supervisor.ts); every process' full output goes
 * to DATA_DIR/logs/<name>.log (and to the terminal with --verbose).
 *
 * Flags:
 *   --no-seed        do not seed an empty event log
 *   --no-site-build  serve site/dist as it is (or a placeholder page) without building
 *   --verbose        show every process' output in the terminal too
 *
 * Environment variables: infra/src/config/env.ts and the README's table.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type ResolvedConfig } from '@rentals/core/config/env';
import { projectionsService, webService } from './bunProcess.ts';
import {
  keepBundledMeili,
  keepEmbeddedPostgres,
  keepMailCatcher,
  mailLine,
} from './dataServices.ts';
import { labelled } from './labelledOutput.ts';
import { prepareData } from './prepareData.ts';
import { runnerLifecycle } from './runnerLifecycle.ts';
import { openRunnerSession, shown, type RunnerSession } from './runnerSession.ts';
import { resolveWithDevSecrets } from './secrets.ts';
import { waitUntilHealthy } from './waitUntilHealthy.ts';
import { waitUntilCaughtUp } from './waitUntilCaughtUp.ts';
import { watchExternal } from './watchExternal.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const flags = new Set(process.argv.slice(2));
let say: (line: string) => void = labelled('dev');

// Stopped on the way out newest first (the proxy, then projections, web, Meilisearch, Postgres).
const lifecycle = runnerLifecycle('npm run dev', () => say);
const { cleanups, fail, portCheck, run } = lifecycle;

/** What `npm run dev -- --help` prints; an unknown flag prints it too, instead of starting anything. */
const USAGE = `npm run dev [-- flags]: the whole product on one origin with seed data.
  --verbose        every service's log in the terminal too (always in DATA_DIR/logs)
  --no-seed        do not seed demo data on first start
  --no-site-build  serve the site as last built
Settings are environment variables (PORT, DATA_DIR, PG_PORT, MEILI_PORT, MAIL_SMTP_PORT, …): see README › Configuration.`;
const KNOWN_FLAGS = new Set(['--verbose', '--no-seed', '--no-site-build']);

type Config = ReturnType<typeof loadConfig>;
type Mail = { smtpUrl: string; inbox?: string };

/** `--help` prints the usage and exits; an unknown flag prints it too and exits with 2. */
const checkFlags = () => {
  const unknown = [...flags].filter((f) => !KNOWN_FLAGS.has(f));
  if (unknown.length === 0) return;
  const help = unknown.every((f) => f === '--help' || f === '-h');
  (help ? console.log : console.error)(
    help ? USAGE : `unknown flag ${unknown.join(', ')}\n${USAGE}`,
  );
  process.exit(help ? 0 : 2);
};

/** 1. Configuration: a bad value stops here with the variable's name. */
const readConfig = (): Config => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
};

/** 3. Ports, before anything starts listening. */
const checkPorts = async (config: Config) => {
  await portCheck(config.port, 'PORT', 'web');
  if (!config.databaseUrl) await portCheck(config.pgPort, 'PG_PORT', 'embedded Postgres');
  if (!config.meiliUrl) await portCheck(config.meiliPort, 'MEILI_PORT', 'bundled Meilisearch');
  if (!config.smtpUrl) {
    await portCheck(config.mailSmtpPort, 'MAIL_SMTP_PORT', 'mail catcher SMTP');
    await portCheck(config.mailWebPort, 'MAIL_WEB_PORT', 'mail catcher inbox');
  }
};

/** 4.–6. Postgres, Meilisearch and mail: started here unless the environment names them. */
const startDataServices = async (config: Config, dataDir: string, session: RunnerSession) => {
  const { keep, logs, secrets } = session;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    databaseUrl = await keepEmbeddedPostgres(keep, logs, {
      dataDir,
      port: config.pgPort,
      password: secrets.pgPassword,
    });
  } else {
    cleanups.push({ name: 'postgres watch', stop: watchExternal('postgres', databaseUrl, say) });
  }

  let meiliUrl = config.meiliUrl;
  const meiliMasterKey = config.meiliMasterKey ?? secrets.meiliMasterKey;
  if (!meiliUrl) {
    meiliUrl = await keepBundledMeili(keep, logs, {
      name: 'meilisearch',
      dataDir,
      port: config.meiliPort,
      masterKey: meiliMasterKey,
    });
  } else {
    cleanups.push({ name: 'meilisearch watch', stop: watchExternal('meilisearch', meiliUrl, say) });
  }

  // Every email the product sends lands in a local inbox instead of going out.
  const mail: Mail = config.smtpUrl
    ? { smtpUrl: config.smtpUrl }
    : await keepMailCatcher(keep, logs, {
        smtpPort: config.mailSmtpPort,
        webPort: config.mailWebPort,
      });

  const resolved = resolveWithDevSecrets(config, secrets, { databaseUrl, meiliUrl });
  return { resolved, mail };
};

const childEnvOf = (
  resolved: ResolvedConfig,
  dataDir: string,
  mail: Mail,
): Record<string, string> => ({
  PORT: String(resolved.port),
  HOST: resolved.host,
  DATA_DIR: dataDir,
  DATABASE_URL: resolved.databaseUrl,
  // Every search replica: the web and projections processes each use the whole list.
  MEILI_URL: resolved.meiliUrls.join(','),
  MEILI_MASTER_KEY: resolved.meiliMasterKey,
  JWT_SECRET: resolved.jwtSecret,
  JWT_TTL: resolved.jwtTtl,
  SMTP_URL: mail.smtpUrl,
  MAIL_FROM: resolved.mailFrom,
});

/** 11. The product's own processes, restarted when they exit. */
const startProduct = async (
  session: RunnerSession,
  childEnv: Record<string, string>,
  url: string,
) => {
  const { keep, logs } = session;
  await keep(webService('web', childEnv, logs.of('web'), `${url}/api/health`));
  logs.say('web')(`listening on ${url}`);
  await keep(projectionsService('projections', childEnv, logs.of('projections')));
  logs.say('projections')('running');
};

const main = async () => {
  checkFlags();
  const config = readConfig();
  const dataDir = resolve(ROOT, config.dataDir);

  // 2. One runner per data directory.
  const session = await openRunnerSession({
    dataDir,
    verbose: flags.has('--verbose'),
    lifecycle,
    say,
  });
  say = session.logs.say('dev');
  await checkPorts(config);
  const { resolved, mail } = await startDataServices(config, dataDir, session);
  const childEnv = childEnvOf(resolved, dataDir, mail);

  // 7.–10. Schema, map data, site, demo data.
  await prepareData({
    dataDir,
    databaseUrl: resolved.databaseUrl,
    meiliUrls: [resolved.meiliUrl],
    meiliMasterKey: resolved.meiliMasterKey,
    childEnv,
    logs: session.logs,
    logFile: session.logFile,
    say,
    siteBuild: !flags.has('--no-site-build'),
    seed: !flags.has('--no-seed'),
  });

  const url = `http://localhost:${resolved.port}`;
  await startProduct(session, childEnv, url);

  // 12. Ready only when the product says it is healthy, and shows the seed everywhere (city pages too).
  await waitUntilHealthy(`${url}/api/health`, say);
  await waitUntilCaughtUp(`${url}/api/health`, say);
  say(`ready ${url} (full logs in ${shown(session.logs.dir)}; --verbose shows them here)`);
  say(mailLine(mail));
};

run(main);
