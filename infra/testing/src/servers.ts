import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCatcher } from '@rentals/infra/services/mailCatcher';
import { startMeiliServer } from '@rentals/infra/services/meiliServer';
import { freePort } from '@rentals/infra/services/ports';
import { startPostgresServer } from '@rentals/infra/services/postgresServer';

/**
 * One embedded Postgres cluster and one Meilisearch server, to hand out
 * databases and indexes from, and one mail catcher (every test addresses
 * mail to its own recipients; read it with mailbox.ts).
 */
export type Servers = {
  /** The cluster's `postgres` database; create one database per user of the servers. */
  pgAdminUrl: string;
  meiliUrl: string;
  meiliKey: string;
  /** SMTP_URL of the mail catcher. */
  smtpUrl: string;
  /** The mail catcher's inbox and REST API. */
  mailWebUrl: string;
  stop: () => Promise<void>;
};

/**
 * Starts the servers in `dir` (kept after `stop`, for data that outlives a
 * run, such as the benchmarks' seed) or in a temporary folder (removed).
 * Whatever started is stopped again when a later step fails.
 */
export const startServers = async (
  options: { dir?: string; password?: string; meiliKey?: string; postgresLogFile?: string } = {},
): Promise<Servers> => {
  const root = options.dir ?? (await mkdtemp(join(tmpdir(), 'rentals-test-')));
  await mkdir(root, { recursive: true });
  await chmod(root, 0o755); // the postgres user must reach its data directory
  const stops: (() => Promise<unknown>)[] = options.dir
    ? []
    : [() => rm(root, { recursive: true, force: true })];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
  };
  try {
    const pg = await startPostgresServer({
      dataDir: join(root, 'pg'),
      port: await freePort(),
      password: options.password ?? randomBytes(12).toString('hex'),
      logFile: options.postgresLogFile,
    });
    stops.push(() => pg.stop());
    const meiliKey = options.meiliKey ?? randomBytes(16).toString('hex');
    const meili = await startMeiliServer({
      dataDir: join(root, 'meili'),
      binDir: join(root, 'bin'),
      port: await freePort(),
      masterKey: meiliKey,
    });
    stops.push(() => meili.stop());
    const mail = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort() });
    stops.push(() => mail.stop());
    return {
      pgAdminUrl: pg.url,
      meiliUrl: meili.url,
      meiliKey,
      smtpUrl: mail.smtpUrl,
      mailWebUrl: mail.webUrl,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
