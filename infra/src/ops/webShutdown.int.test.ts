// The web process buffers view counts in memory (one write per second); a
// SIGTERM (a deploy, the dev runner restarting it) must write them before it exits.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { runServers, testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { freePort } from '../services/ports.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await testDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-web-'));
});
afterAll(async () => {
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

it('writes the buffered view counts when the web process gets SIGTERM', async () => {
  const id = `vf-${randomUUID()}`;
  await appendListingEvents(createEventStore(db.sql), id, [listingCreated(id)]);
  await catchUpReadModels(db.sql);

  const port = await freePort();
  const servers = runServers();
  const web = spawn(process.execPath, ['api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      MEILI_URL: servers.meiliUrl,
      MEILI_MASTER_KEY: servers.meiliKey,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((r) => web.on('exit', r));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('web listening')) resolve();
    };
    web.stdout.on('data', onData);
    web.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`web exited before listening:\n${output}`)));
  });

  const response = await fetch(`http://127.0.0.1:${port}/api/properties/${id}`);
  expect(response.status).toBe(200);
  // At once, before the once-a-second flush would have written it.
  web.kill('SIGTERM');
  expect(await exited).toBe(0);

  const [row] = await db.sql<{ views: number }[]>`
    SELECT views::int FROM listing_view_counts WHERE listing_id = ${id}`;
  expect(row?.views).toBe(1);
});
