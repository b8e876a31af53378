import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { buildApp } from '@rentals/api/app';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { consoleLogger } from '@rentals/core/logger';

/** What a benchmark's API runs on: the stack's stores, a fresh JWT secret, the real clock, one client address. */
export const benchAppDeps = (sql: Sql, meili: { url: string; key: string }) => ({
  sql,
  eventStore: createEventStore(sql),
  meili,
  jwtSecret: randomUUID(),
  clock: () => new Date(),
  newId: () => randomUUID(),
  log: consoleLogger,
  clientIp: () => '127.0.0.1',
});

/**
 * The app the web entry serves, in this process on a free port. Live streams
 * are quiet between heartbeats: the idle timeout is lifted for them, as the
 * web server does.
 */
export const serveInProcess = (deps: Parameters<typeof buildApp>[0]) => {
  const app = buildApp(deps);
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 60,
    fetch: (r) => app.handle(r),
  });
  return { server, api: `http://127.0.0.1:${server.port}/api` };
};
