/**
 * `npm run dev` — the whole product on one machine, on one origin
 * (http://localhost:3000 unless PORT is set): site at /, API under /api,
 * media under /media.
 *
 * Starts embedded Postgres (unless DATABASE_URL), the bundled Meilisearch
 * (unless MEILI_URL) and a local mail catcher (unless SMTP_URL), generates dev secrets once under DATA_DIR, migrates,
 * builds the site when its sources changed, seeds an empty event log, then runs
 * the web and projections processes and prints `ready` once /api/health is
 * healthy. Ctrl-C or SIGTERM stops everything in order.
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
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql } from '@rentals/core/db';
import { ConfigError, loadConfig, type ResolvedConfig } from '@rentals/core/config/env';
import { migrate } from '../db/migrate.ts';
import { ensureGeoData } from '../geo/build.ts';
import { loadPlaces } from '@rentals/api/geo/placesIndex';
import { startMeiliServer } from '../services/meiliServer.ts';
import { isPortFree } from '../services/ports.ts';
import { startPostgresServer, stopChild } from '../services/postgresServer.ts';
import { AlreadyRunningError, acquireInstanceLock, recordChildren } from './instanceLock.ts';
import { labelled, pipeLines } from './labelledOutput.ts';
import { loadOrCreateSecrets } from './secrets.ts';
import { serviceLogs } from './serviceLogs.ts';
import { buildSiteIfChanged } from './siteBuild.ts';
import { supervise, type Service } from './supervisor.ts';
import { waitUntilHealthy } from './waitUntilHealthy.ts';
import { watchExternal } from './watchExternal.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const flags = new Set(process.argv.slice(2));
let say: (line: string) => void = labelled('dev');

/** Resources to stop on the way out, newest first. */
const cleanups: { name: string; stop: () => Promise<unknown> }[] = [];
let shuttingDown = false;

const shutdown = async (code: number) => {
  if (shuttingDown) return;
  shuttingDown = true;
  say('stopping…');
  for (const { name, stop } of cleanups.reverse()) {
    await stop().catch((e: Error) => say(`could not stop ${name} cleanly: ${e.message}`));
  }
  say('stopped');
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const fail = (message: string, code = 1): never => {
  say(`error: ${message}`);
  void shutdown(code);
  // shutdown() exits; this keeps the type checker and readers honest.
  throw new Error(message);
};

/** A Bun process of ours; resolves once `ready` says so, rejects when it exits first. */
const startBun = (
  script: string,
  env: Record<string, string>,
  log: (line: string) => void,
  ready: (line: string) => boolean,
  readyCheck?: () => Promise<boolean>,
): Promise<ChildProcess> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolvePromise(child);
    };
    const print = (line: string) => {
      log(line);
      if (ready(line)) done();
    };
    pipeLines(child.stdout, print);
    pipeLines(child.stderr, print);
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      reject(new Error(`exited during start-up (${signal ?? `exit code ${code}`})`));
    });
    if (readyCheck)
      void (async () => {
        while (!settled) {
          if (await readyCheck()) return done();
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
  });

const portCheck = async (port: number, variable: string, what: string) => {
  if (!(await isPortFree(port)))
    fail(
      `port ${port} (${what}) is already in use; set ${variable} to a free port, e.g. ${variable}=${port + 1} npm run dev`,
      2,
    );
};

const main = async () => {
  // 1. Configuration: a bad value stops here with the variable's name.
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
  const dataDir = resolve(ROOT, config.dataDir);
  const pidsFile = resolve(dataDir, 'dev.pids.json');

  // 2. One runner per data directory.
  try {
    const lock = await acquireInstanceLock(resolve(dataDir, 'dev.lock'), pidsFile, say);
    cleanups.push({ name: 'lock', stop: lock.release });
  } catch (error) {
    if (error instanceof AlreadyRunningError) return fail(error.message, 2);
    throw error;
  }
  const logs = serviceLogs(dataDir, flags.has('--verbose'));
  cleanups.push({ name: 'logs', stop: logs.close });
  say = logs.say('dev');
  /** Short when the data directory is under the working directory, absolute otherwise. */
  const shown = (path: string) => {
    const rel = relative(process.cwd(), path);
    return rel && !rel.startsWith('..') ? rel : path;
  };
  const logFile = (name: string) => shown(logs.file(name));
  const secrets = await loadOrCreateSecrets(resolve(dataDir, 'secrets.json'));

  // 3. Ports, before anything starts listening.
  await portCheck(config.port, 'PORT', 'web');
  if (!config.databaseUrl) await portCheck(config.pgPort, 'PG_PORT', 'embedded Postgres');
  if (!config.meiliUrl) await portCheck(config.meiliPort, 'MEILI_PORT', 'bundled Meilisearch');
  if (!config.smtpUrl) {
    await portCheck(config.mailSmtpPort, 'MAIL_SMTP_PORT', 'mail catcher SMTP');
    await portCheck(config.mailWebPort, 'MAIL_WEB_PORT', 'mail catcher inbox');
  }
  const pids: Record<string, number> = {};
  const record = (name: string) => (child: ChildProcess) => {
    pids[name] = child.pid!;
    void recordChildren(pidsFile, pids);
  };

  /** Starts a service under supervision; its first start must succeed. */
  const keep = async (service: Service) => {
    const supervisor = supervise(service, {
      say: logs.say(service.name),
      onStart: record(service.name),
      logFile: logFile(service.name),
    });
    cleanups.push({ name: service.name, stop: supervisor.stop });
    try {
      await supervisor.start();
    } catch (error) {
      const print = logs.say(service.name);
      for (const line of logs.recent(service.name)) print(line);
      throw error;
    }
  };

  // 4. Postgres.
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    let url = '';
    await keep({
      name: 'postgres',
      start: async () => {
        const pg = await startPostgresServer({
          dataDir: resolve(dataDir, 'postgres'),
          port: config.pgPort,
          password: secrets.pgPassword,
          onLog: logs.of('postgres'),
          detached: true,
        });
        url = pg.url;
        return pg.process;
      },
      stop: (child) => stopChild(child, 'SIGINT'),
    });
    logs.say('postgres')(`ready on 127.0.0.1:${config.pgPort}`);
    const admin = createSql(url, { max: 1 });
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = 'rentals'`;
    if (!exists) await admin.unsafe('CREATE DATABASE rentals');
    await admin.end();
    databaseUrl = url.replace(/\/postgres$/, '/rentals');
  } else {
    cleanups.push({ name: 'postgres watch', stop: watchExternal('postgres', databaseUrl, say) });
  }

  // 5. Meilisearch.
  let meiliUrl = config.meiliUrl;
  const meiliMasterKey = config.meiliMasterKey ?? secrets.meiliMasterKey;
  if (!meiliUrl) {
    await keep({
      name: 'meilisearch',
      start: async () =>
        (
          await startMeiliServer({
            dataDir: resolve(dataDir, 'meilisearch'),
            binDir: resolve(dataDir, 'bin'),
            port: config.meiliPort,
            masterKey: meiliMasterKey,
            onLog: logs.of('meilisearch'),
            detached: true,
          })
        ).process,
      stop: (child) => stopChild(child, 'SIGTERM'),
    });
    meiliUrl = `http://127.0.0.1:${config.meiliPort}`;
    logs.say('meilisearch')(`ready on ${meiliUrl}`);
  } else {
    cleanups.push({ name: 'meilisearch watch', stop: watchExternal('meilisearch', meiliUrl, say) });
  }

  // 6. Mail: every email the product sends lands in a local inbox instead of going out.
  let smtpUrl = config.smtpUrl;
  let mailInbox: string | undefined;
  if (!smtpUrl) {
    await keep({
      name: 'mail',
      start: () =>
        startBun(
          'infra/src/cli/mailCatcher.ts',
          {
            MAIL_SMTP_PORT: String(config.mailSmtpPort),
            MAIL_WEB_PORT: String(config.mailWebPort),
          },
          logs.of('mail'),
          (line) => line.includes('mail catcher ready'),
        ),
      stop: (child) => stopChild(child, 'SIGTERM'),
    });
    smtpUrl = `smtp://127.0.0.1:${config.mailSmtpPort}`;
    mailInbox = `http://localhost:${config.mailWebPort}`;
    logs.say('mail')(`ready on ${smtpUrl}`);
  }

  const resolved: ResolvedConfig = {
    ...config,
    databaseUrl,
    meiliUrl,
    meiliMasterKey,
    jwtSecret: config.jwtSecret ?? secrets.jwtSecret,
  };
  const childEnv: Record<string, string> = {
    PORT: String(resolved.port),
    HOST: resolved.host,
    DATA_DIR: dataDir,
    DATABASE_URL: resolved.databaseUrl,
    MEILI_URL: resolved.meiliUrl,
    MEILI_MASTER_KEY: resolved.meiliMasterKey,
    JWT_SECRET: resolved.jwtSecret,
    JWT_TTL: resolved.jwtTtl,
    SMTP_URL: smtpUrl,
    MAIL_FROM: resolved.mailFrom,
  };

  // 7. Schema.
  const sql = createSql(resolved.databaseUrl, { max: 2 });
  await migrate(sql, logs.of('migrate'));

  // 8. Map data: basemap, glyphs and gazetteer (cached under DATA_DIR/geo), and the geocoder's index.
  const geoLog = logs.of('geo');
  await ensureGeoData(dataDir, {
    info: (m, f) => geoLog(`${m}${f ? ` ${JSON.stringify(f)}` : ''}`),
  });
  const places = await loadPlaces(
    { url: resolved.meiliUrl, key: resolved.meiliMasterKey },
    dataDir,
  );
  geoLog(
    places.loaded
      ? `loaded ${places.documents} places into the geocoder`
      : 'geocoder index is up to date',
  );

  // 9. Site.
  if (!flags.has('--no-site-build')) {
    await buildSiteIfChanged(ROOT, logs.of('site')).catch((error: Error) =>
      fail(`${error.message.replace('see the site lines above', `see ${logFile('site')}`)}`),
    );
  }

  // 10. Seed an empty log through the same commands the API runs.
  const [{ events } = { events: 0 }] = await sql<
    { events: number }[]
  >`SELECT count(*) AS events FROM events`;
  await sql.end();
  const seedScript = resolve(ROOT, 'infra/src/cli/seed.ts');
  if (!flags.has('--no-seed') && events === 0 && existsSync(seedScript)) {
    say(`first start: seeding demo data (progress in ${logFile('seed')})`);
    const seed = spawn(process.execPath, [seedScript], {
      cwd: ROOT,
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(seed.stdout, logs.of('seed'));
    pipeLines(seed.stderr, logs.of('seed'));
    const code = await new Promise<number | null>((r) => seed.on('exit', r));
    if (code !== 0) fail(`seeding failed (exit code ${code}); see ${logFile('seed')}`);
  }

  // 11. The product's own processes, restarted when they exit.
  const url = `http://localhost:${resolved.port}`;
  const answers = () =>
    fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    );
  await keep({
    name: 'web',
    start: () => startBun('api/src/main.ts', childEnv, logs.of('web'), () => false, answers),
    stop: (child) => stopChild(child, 'SIGTERM'),
  });
  logs.say('web')(`listening on ${url}`);
  await keep({
    name: 'projections',
    start: () =>
      startBun('projections/src/main.ts', childEnv, logs.of('projections'), (line) =>
        line.includes('projections running'),
      ),
    stop: (child) => stopChild(child, 'SIGTERM'),
  });
  logs.say('projections')('running');

  // 12. Ready only when the product says it is healthy.
  await waitUntilHealthy(`${url}/api/health`, say);
  say(`ready ${url} (full logs in ${shown(logs.dir)}; --verbose shows them here)`);
  say(
    mailInbox
      ? `mail: every email the product sends is caught; read it at ${mailInbox}`
      : `mail: sent through SMTP_URL (${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')})`,
  );
};

main().catch((error: Error) => {
  if (!shuttingDown) fail(error.message);
});
