// `npm run reset -- --yes`: deletes DATA_DIR (embedded Postgres, Meilisearch, media, secrets) so the next
// `npm run dev` starts from scratch and seeds again. Refuses while `npm run dev` is running.
import { processAlive } from '@rentals/core/processAlive';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from '@rentals/core/config/env';
import { ROOT } from './context.ts';

const dataDir = resolve(ROOT, loadConfig(process.env).dataDir);
if (!process.argv.includes('--yes')) {
  console.error(
    `This deletes ${dataDir} (database, search index, photos, dev secrets). Run: npm run reset -- --yes`,
  );
  process.exit(2);
}
const lock = resolve(dataDir, 'dev.lock');
if (existsSync(lock)) {
  const pid = Number(readFileSync(lock, 'utf8'));
  // A stale lock (the runner is gone) is no reason to stop.
  if (processAlive(pid)) {
    console.error(`npm run dev (pid ${pid}) is using ${dataDir}; stop it first.`);
    process.exit(2);
  }
}
await rm(dataDir, { recursive: true, force: true });
console.log(`deleted ${dataDir}; the next npm run dev starts fresh and seeds again`);
