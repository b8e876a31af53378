import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { postgresReadModels } from '@rentals/projections/registry';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import { cliRunner } from '@rentals/testing/cli';
import type { TestDatabase } from '@rentals/testing/testDatabase';

/** `npm run projections:rebuild` as an operator runs it, against this file's database. */
const SCRIPT = fileURLToPath(new URL('./rebuild.ts', import.meta.url));

const cli = cliRunner(SCRIPT);
let db: TestDatabase;
let live: RunningProjection[] = [];
beforeAll(async () => {
  await cli.start();
  db = cli.db();
});
afterAll(async () => {
  await Promise.all(live.map((r) => r.stop()));
  await cli.stop();
});

const listingCount = async () =>
  (await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM listing_read`)[0]!.n;

describe('npm run projections:rebuild', () => {
  it('finishes on an idle stack while the projectors run, and they carry on with the new tables', async () => {
    const store = createEventStore(db.sql);
    for (let i = 0; i < 20; i++)
      await appendListingEvents(store, `cli-rb-${i}`, [listingCreated(`cli-rb-${i}`)]);
    live = postgresReadModels.map((p) => startProjection(db.sql, p, { pollIntervalMs: 20 }));
    await Promise.all(live.map((r) => r.whenCaughtUp()));

    // Nothing is written from here until the command has finished.
    const { out: output, code } = await cli.run(postgresReadModels.map((p) => p.name));
    expect(code, output).toBe(0);
    for (const p of postgresReadModels)
      expect(output).toContain(`${p.name}: rebuilt and swapped in`);
    // The models that fold listing streams under one bar counting listings, the others in one pass over the
    // log under one bar counting events.
    const folds = (p: (typeof postgresReadModels)[number]) => p.kind === 'sql' && !!p.foldStreams;
    const together = (models: typeof postgresReadModels) => models.map((p) => p.name).join(' \\+ ');
    expect(output).toMatch(
      new RegExp(`${together(postgresReadModels.filter(folds))} \\(listings\\) \\[#+\\] 100%`),
    );
    expect(output).toMatch(
      new RegExp(
        `${together(postgresReadModels.filter((p) => !folds(p)))} \\(events\\) \\[#+\\] 100%`,
      ),
    );
    expect(await listingCount()).toBe(20);

    await appendListingEvents(store, 'cli-rb-after', [listingCreated('cli-rb-after')]);
    await Promise.all(live.map((r) => r.whenCaughtUp()));
    expect(await listingCount()).toBe(21);
  });
});
