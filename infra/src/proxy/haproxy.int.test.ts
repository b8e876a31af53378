import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  NO_ANSWER_MESSAGE,
} from '@rentals/api/shared/errorHandler';
import { freePort } from '../services/ports.ts';
import { startHaproxy, untilBackends, type Backend } from './haproxy.ts';

/*
 * HAProxy with no web process in its rotation (each answers its readiness
 * check with 503, as one without its database does) answers the API's 503
 * itself: JSON with Retry-After, never its HTML page.
 */
let dir: string;
const stops: (() => void)[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rentals-haproxy-'));
});
afterAll(async () => {
  for (const stop of stops) stop();
  await rm(dir, { recursive: true, force: true });
});

/** HAProxy in front of `backend` (and `more` backends), with its stats port; stopped after all. */
const proxyFor = async (backend: Server, configName: string, more: Backend[] = []) => {
  const backendPort = await freePort();
  await new Promise<void>((resolve) => backend.listen(backendPort, '127.0.0.1', resolve));
  const port = await freePort();
  const statsPort = await freePort();
  const proxy = await startHaproxy(
    {
      bind: '127.0.0.1',
      port,
      statsPort,
      backends: [{ name: 'web-1', host: '127.0.0.1', port: backendPort }, ...more],
    },
    { configFile: join(dir, configName), onLog: () => undefined },
  );
  stops.push(() => {
    proxy.kill('SIGTERM');
    backend.close();
  });
  return { port, statsPort };
};

it('answers JSON 503 with Retry-After when no backend is up', async () => {
  const backend = createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"status":"down"}');
  });
  // Nothing listens on the second: a web process that is gone.
  const { port, statsPort } = await proxyFor(backend, 'down.cfg', [
    { name: 'web-2', host: '127.0.0.1', port: await freePort() },
  ]);
  await untilBackends(statsPort, (backends) => backends.every((b) => b.status === 'DOWN'));

  const response = await fetch(`http://127.0.0.1:${port}/api/properties`);
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
}, 60_000);

it('answers JSON 502 with Retry-After when a web process dies in the middle of a write', async () => {
  // Ready by its checks, but it drops every POST without an answer, as a process killed mid-request.
  const backend = createServer((request, response) => {
    if (request.method === 'POST') request.socket.destroy();
    else response.end('{"status":"ok"}');
  });
  const { port, statsPort } = await proxyFor(backend, 'dying.cfg');
  await untilBackends(statsPort, (backends) => backends.every((b) => b.status === 'UP'));

  const response = await fetch(`http://127.0.0.1:${port}/api/properties`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
    body: '{}',
  });
  expect(response.status).toBe(502);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(await response.json()).toEqual({ message: NO_ANSWER_MESSAGE });
}, 60_000);
