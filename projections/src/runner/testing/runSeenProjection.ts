// Child process for the kill-mid-batch test: runs a slow `seen` projection until killed.
import { createSql } from '@rentals/core/db';
import { startProjection } from '../runner.ts';
import { seenProjection } from './seenProjection.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: runSeenProjection.ts <database url>');
const sql = createSql(url);
startProjection(sql, seenProjection('seen', 40), { batchSize: 10, pollIntervalMs: 50 });
console.log('started');
