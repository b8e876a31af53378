// The web process buffers view counts in memory (one write per second); a
// SIGTERM (a deploy, the dev runner restarting it) must write them before it exits.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { startWebProcess } from '@rentals/testing/webProcess';
import { freePort } from '../services/ports.ts';

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
  const web = await startWebProcess({ databaseUrl: db.url, dataDir, port });

  const response = await fetch(`${web.url}/api/properties/${id}`);
  expect(response.status).toBe(200);
  // At once, before the once-a-second flush would have written it.
  web.child.kill('SIGTERM');
  expect(await web.exited).toBe(0);

  const [row] = await db.sql<{ views: number }[]>`
    SELECT views::int FROM listing_view_counts WHERE listing_id = ${id}`;
  expect(row?.views).toBe(1);
});
