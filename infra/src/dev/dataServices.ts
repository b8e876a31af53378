import { resolve } from 'node:path';
import { createSql } from '@rentals/core/db';
import { startMeiliServer } from '../services/meiliServer.ts';
import { stopChild } from '../services/childServer.ts';
import { startPostgresServer } from '../services/postgresServer.ts';
import { startBun } from './bunProcess.ts';
import type { serviceLogs } from './serviceLogs.ts';
import type { Service } from './supervisor.ts';

/** Starts a service under supervision (the runner's `keep`); its first start must succeed. */
type Keep = (service: Service) => Promise<void>;
type Logs = ReturnType<typeof serviceLogs>;

/**
 * The embedded Postgres under DATA_DIR/postgres, supervised, with the
 * `rentals` database created on first start; resolves with that database's URL.
 */
export const keepEmbeddedPostgres = async (
  keep: Keep,
  logs: Logs,
  options: { dataDir: string; port: number; password: string },
) => {
  let url = '';
  await keep({
    name: 'postgres',
    start: async () => {
      const pg = await startPostgresServer({
        dataDir: resolve(options.dataDir, 'postgres'),
        port: options.port,
        password: options.password,
        onLog: logs.of('postgres'),
        detached: true,
      });
      url = pg.url;
      return pg.process;
    },
    stop: (child) => stopChild(child, 'SIGINT'),
  });
  logs.say('postgres')(`ready on 127.0.0.1:${options.port}`);
  const admin = createSql(url, { max: 1 });
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = 'rentals'`;
  if (!exists) await admin.unsafe('CREATE DATABASE rentals');
  await admin.end();
  return url.replace(/\/postgres$/, '/rentals');
};

/**
 * The bundled Meilisearch, supervised, with its data under DATA_DIR/<name>;
 * resolves with its URL.
 */
export const keepBundledMeili = async (
  keep: Keep,
  logs: Logs,
  options: { name: string; dataDir: string; port: number; masterKey: string },
) => {
  await keep({
    name: options.name,
    start: async () =>
      (
        await startMeiliServer({
          dataDir: resolve(options.dataDir, options.name),
          binDir: resolve(options.dataDir, 'bin'),
          port: options.port,
          masterKey: options.masterKey,
          onLog: logs.of(options.name),
          detached: true,
        })
      ).process,
    stop: (child) => stopChild(child, 'SIGTERM'),
  });
  const url = `http://127.0.0.1:${options.port}`;
  logs.say(options.name)(`ready on ${url}`);
  return url;
};

/**
 * The local mail catcher (maildev), supervised: every email the product sends
 * lands in its inbox instead of going out. Resolves with the SMTP URL to give
 * the product and the inbox's address to print.
 */
export const keepMailCatcher = async (
  keep: Keep,
  logs: Logs,
  options: { smtpPort: number; webPort: number },
) => {
  await keep({
    name: 'mail',
    start: () =>
      startBun(
        'infra/src/cli/mailCatcher.ts',
        { MAIL_SMTP_PORT: String(options.smtpPort), MAIL_WEB_PORT: String(options.webPort) },
        logs.of('mail'),
        (line) => line.includes('mail catcher ready'),
      ),
    stop: (child) => stopChild(child, 'SIGTERM'),
  });
  const smtpUrl = `smtp://127.0.0.1:${options.smtpPort}`;
  logs.say('mail')(`ready on ${smtpUrl}`);
  return { smtpUrl, inbox: `http://localhost:${options.webPort}` };
};

/** The runner's closing line about mail: where to read it, or where it goes. */
export const mailLine = (mail: { smtpUrl: string; inbox?: string }) =>
  mail.inbox
    ? `mail: every email the product sends is caught; read it at ${mail.inbox}`
    : `mail: sent through SMTP_URL (${mail.smtpUrl.replace(/\/\/[^@/]*@/, '//…@')})`;
