import { confirmEmailAt } from './mailbox.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { runServers } from './testDatabase.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type WebProcess = {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output: () => string;
};

/**
 * The web entry (`api/src/main.ts`) as a process of its own, as the runners
 * start it, against a test database and the run's Meilisearch; resolves once
 * it listens. For tests of what only a real process shows: signals, kills,
 * several processes behind a proxy.
 */
export const startWebProcess = async (options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** Added to (and overriding) the environment, e.g. JWT_SECRET shared by several processes. */
  env?: Record<string, string>;
  name?: string;
}): Promise<WebProcess> => {
  const servers = runServers();
  const child = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      MEILI_URL: servers.meiliUrl,
      MEILI_MASTER_KEY: servers.meiliKey,
      // The run's mail catcher: registering mails the address's confirmation link (registerAt follows it).
      SMTP_URL: servers.smtpUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('web listening')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() =>
      reject(new Error(`${options.name ?? 'web'} exited before listening:\n${output}`)),
    );
  });
  return { child, url: `http://127.0.0.1:${options.port}`, exited, output: () => output };
};

/** Registers an account over HTTP with a running web process at `base`, confirms its email by the mailed link; gives its token. */
export const registerAt = async (
  base: string,
  account: { name: string; email: string; password: string; phone: string },
  /** The inbox the process mails to, when not the run's mail catcher (a product's own servers). */
  mailWebUrl?: string,
): Promise<string> => {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const { token } = (await registered.json()) as { token: string };
  await confirmEmailAt(base, account.email, mailWebUrl);
  return token;
};
