// The web process buffers view counts in memory (one write per second); a
// SIGTERM (a deploy, the dev runner restarting it) must write them before it exits.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { testDatabaseWithDir } from '@rentals/testing/testDatabase';
import { startWebProcess } from '@rentals/testing/webProcess';
import { freePort } from '../services/ports.ts';

const env = testDatabaseWithDir('rentals-web-');

it('writes the buffered view counts when the web process gets SIGTERM', async () => {
  const id = `vf-${randomUUID()}`;
  await appendListingEvents(createEventStore(env.db.sql), id, [listingCreated(id)]);
  await catchUpReadModels(env.db.sql);

  const port = await freePort();
  const web = await startWebProcess({ databaseUrl: env.db.url, dataDir: env.dir, port });

  const response = await fetch(`${web.url}/api/properties/${id}`);
  expect(response.status).toBe(200);
  // At once, before the once-a-second flush would have written it.
  web.child.kill('SIGTERM');
  expect(await web.exited).toBe(0);

  const [row] = await env.db.sql<{ views: number }[]>`
    SELECT views::int FROM listing_view_counts WHERE listing_id = ${id}`;
  expect(row?.views).toBe(1);
});
