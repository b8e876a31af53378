import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeLines } from '../dev/labelledOutput.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  NO_ANSWER_MESSAGE,
} from '@rentals/api/shared/errorHandler';

const TEMPLATE = fileURLToPath(new URL('../../proxy/haproxy.cfg', import.meta.url));

export type Backend = { name: string; host: string; port: number };

export type ProxySettings = {
  /** Where clients connect. */
  bind: string;
  port: number;
  /** The stats page (HTML, or CSV with ;csv), on 127.0.0.1. */
  statsPort: number;
  backends: Backend[];
};

/** infra/proxy/haproxy.cfg with the real addresses. */
export const renderHaproxyConfig = (settings: ProxySettings) => {
  const servers = settings.backends
    .map(({ name, host, port }) => `    server ${name} ${host}:${port}`)
    .join('\n');
  // In single quotes HAProxy takes every character as it is, but one.
  const unavailable = JSON.stringify({ message: DATABASE_UNAVAILABLE_MESSAGE });
  const noAnswer = JSON.stringify({ message: NO_ANSWER_MESSAGE });
  if ((unavailable + noAnswer).includes("'"))
    throw new Error('haproxy.cfg: an error body must not hold a quote');
  const values: Record<string, string> = {
    BIND: settings.bind,
    PORT: String(settings.port),
    STATS_PORT: String(settings.statsPort),
    SERVERS: servers,
    RETRY_AFTER: String(DATABASE_RETRY_AFTER_SECONDS),
    UNAVAILABLE_JSON: unavailable,
    NO_ANSWER_JSON: noAnswer,
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`haproxy.cfg: unknown placeholder {{${key}}}`);
    return value;
  });
};

const HAPROXY = 'haproxy';

/** Says how to get HAProxy when it is missing (a Debian package, not an npm one; `npm test` and `npm run cluster` install it as root). */
const requireHaproxy = () => {
  const found = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' });
  if (found.error || found.status !== 0)
    throw new Error(
      'haproxy is not installed: `npm run cluster` and `npm test` install it when run as root on Debian/Ubuntu; otherwise `sudo apt-get install haproxy`',
    );
};

/**
 * Writes the rendered config to `configFile`, checks it (`haproxy -c`), and
 * runs HAProxy in the foreground; resolves once its stats page answers.
 */
export const startHaproxy = async (
  settings: ProxySettings,
  options: { configFile: string; onLog: (line: string) => void; detached?: boolean },
): Promise<ChildProcess> => {
  requireHaproxy();
  mkdirSync(dirname(options.configFile), { recursive: true });
  writeFileSync(options.configFile, renderHaproxyConfig(settings), { mode: 0o600 });
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', options.configFile], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`haproxy rejected ${options.configFile}: ${check.stderr || check.stdout}`);
  const child = spawn(HAPROXY, ['-db', '-f', options.configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  pipeLines(child.stdout, options.onLog);
  pipeLines(child.stderr, options.onLog);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`haproxy exited during start-up (${signal ?? `exit code ${code}`})`)),
    ),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await Promise.race([
      proxyBackends(settings.statsPort).then(() => true),
      exited,
    ]).catch((error: Error) => {
      if (error.message.startsWith('haproxy exited')) throw error;
      return false;
    });
    if (up) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('haproxy did not answer on its stats port within 10 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};

export type BackendState = { name: string; status: string; checkStatus: string };

/** The proxy's view of its web backends (UP, DOWN, …), from the stats page's CSV. */
export const proxyBackends = async (statsPort: number): Promise<BackendState[]> => {
  const res = await fetch(`http://127.0.0.1:${statsPort}/;csv`);
  if (!res.ok) throw new Error(`haproxy stats answered ${res.status}`);
  const [header = '', ...rows] = (await res.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter(
      (cells) =>
        cells[at('pxname')] === 'web' && !/^(FRONTEND|BACKEND)$/.test(cells[at('svname')]!),
    )
    .map((cells) => ({
      name: cells[at('svname')]!,
      status: cells[at('status')]!,
      checkStatus: cells[at('check_status')]!,
    }));
};

/** Resolves once the proxy's view of its backends satisfies `condition`; throws after `timeoutMs`. */
export const untilBackends = async (
  statsPort: number,
  condition: (backends: BackendState[]) => boolean,
  timeoutMs = 15_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await proxyBackends(statsPort);
    if (condition(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`the proxy's backends did not get there in time: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Every backend passes its health check (a backend the proxy has not checked yet does not count). */
export const allUp = (backends: BackendState[]) =>
  backends.every((b) => b.status === 'UP' && b.checkStatus.startsWith('L7OK'));
