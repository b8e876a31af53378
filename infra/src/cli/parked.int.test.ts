import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { startProjection } from '@rentals/projections/runner/runner';
import { cliSuite } from '@rentals/testing/cli';

/** `npm run projections:parked` as an operator runs it, against this file's database. */
const SCRIPT = fileURLToPath(new URL('./parked.ts', import.meta.url));

const cli = cliSuite(SCRIPT);
const run = cli.run;

/** Appends an event by hand, bypassing the event store (and any check it makes). */
const writeByHand = async (streamId: string, type: string, data: unknown) => {
  const [row] = await cli.db().sql<{ position: number }[]>`
    WITH v AS (UPDATE streams SET version = version + 1 WHERE stream_id = ${streamId} RETURNING version)
    INSERT INTO events (stream_id, stream_version, type, data)
    SELECT ${streamId}, v.version, ${type}, ${cli.db().sql.json(data as never)} FROM v RETURNING position`;
  return row!.position;
};

const title = async (id: string) =>
  (await cli.db().sql<{ title: string }[]>`SELECT title FROM listing_read WHERE id = ${id}`)[0]
    ?.title;

describe('npm run projections:parked', () => {
  it('lists parked streams, keeps one parked while it still fails, and releases it after a fix', async () => {
    const store = createEventStore(cli.db().sql);
    await appendListingEvents(store, 'cli-1', [listingCreated('cli-1')]);
    const bad = await writeByHand('listing-cli-1', 'ListingDetailsRevised', {
      listingId: 'cli-1',
      at: nextTime(),
      propertyDetails: { bedrooms: 1e300, bathrooms: 1 },
    });
    await appendListingEvents(store, 'cli-1', [
      {
        type: 'ListingDetailsRevised',
        data: { listingId: 'cli-1', at: nextTime(), title: 'After' },
      },
    ]);
    const runner = startProjection(cli.db().sql, listingReadModel, {
      pollIntervalMs: 10,
      maxRetries: 1,
    });
    await runner.whenCaughtUp();
    await runner.stop();

    const listed = await run([]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('listing-read-model: 1 parked');
    expect(listed.out).toContain(`listing-cli-1  at #${bad} ListingDetailsRevised, 2 held`);
    expect(listed.out).toMatch(/out of range|invalid input syntax/);

    const failing = await run(['--retry', 'listing-cli-1']);
    expect(failing.code).toBe(1);
    expect(failing.out).toContain(
      `listing-read-model listing-cli-1: applied 0, still parked at #${bad}`,
    );
    expect(await title('cli-1')).not.toBe('After');

    // The fix an upcaster would make, then the retry: the held events apply in order.
    await cli.db().sql`UPDATE events SET data = jsonb_set(data, '{propertyDetails,bedrooms}', '3')
                 WHERE position = ${bad}`;
    const fixed = await run(['--retry-all', '--projection', 'listing-read-model']);
    expect(fixed.code).toBe(0);
    expect(fixed.out).toContain(
      'listing-read-model listing-cli-1: applied 2 held events; released',
    );
    expect(await title('cli-1')).toBe('After');
    expect((await run([])).out).toContain('no parked streams');
  });

  it('refuses an unknown projection and a --retry without a stream', async () => {
    expect((await run(['--projection', 'nope'])).code).toBe(2);
    expect((await run(['--retry'])).code).toBe(2);
  });
});
