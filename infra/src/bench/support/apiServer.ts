// The API alone on a port, for the search benchmark: the same buildApp the web entry serves under /api.
import { randomUUID } from 'node:crypto';
import { buildApp } from '@rentals/api/app';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { createSql } from '@rentals/core/db';
import { consoleLogger } from '@rentals/core/logger';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

const sql = createSql(env('DATABASE_URL'), { max: 20, planWithValues: true });
const app = buildApp({
  sql,
  eventStore: createEventStore(sql),
  meili: { url: env('MEILI_URL'), key: env('MEILI_MASTER_KEY') },
  jwtSecret: env('JWT_SECRET'),
  clock: () => new Date(),
  newId: () => randomUUID(),
  log: consoleLogger,
  clientIp: () => '127.0.0.1',
});
const server = Bun.serve({
  port: Number(env('PORT')),
  hostname: '127.0.0.1',
  fetch: (request) => app.handle(request),
});
console.log(`api listening on ${server.port}`);
// A normal exit on SIGTERM, so that a CPU profile (BENCH_CPU_PROF, apiProcess.ts) is written.
process.once('SIGTERM', () => {
  void server.stop(true);
  process.exit(0);
});
