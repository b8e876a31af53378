// Child process for the kill tests: runs a slow `seen` projection until killed.
// Usage: runSeenProjection.ts <database url> [projection name] [heartbeat ms]
import { createSql } from '@rentals/core/db';
import { startProjection } from '../runner.ts';
import { seenProjection } from './seenProjection.ts';

const [url, name = 'seen', heartbeatMs] = process.argv.slice(2);
if (!url) throw new Error('usage: runSeenProjection.ts <database url> [name] [heartbeat ms]');
const sql = createSql(url);
startProjection(sql, seenProjection(name, 40), {
  batchSize: 10,
  pollIntervalMs: 50,
  ...(heartbeatMs ? { heartbeatMs: Number(heartbeatMs) } : {}),
});
console.log('started');
