import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';
import { listedLocalities } from '@rentals/projections/queries/listingQueries';
import { createLocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { createMeili } from '@rentals/projections/queries/meili';
import { appendListingEvents, listingCreated } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { QUERY_CLASSES, readCorpus, type CorpusEntry } from './corpus.ts';
import type { Tenancy } from '@rentals/core/listings/tenancy';
import { ENGINES, runCorpus, summarise, type EntryResult } from './runCorpus.ts';

/**
 * The corpus runner end to end on a handful of entries (the first of each
 * class): listings placed where each entry's predicate says, plus listings
 * elsewhere in the same city, indexed by the real projections; each entry
 * must find its listings, first, on both engines. Not a relevance figure
 * (that is `npm run bench:relevance`), but it fails when the corpus format,
 * the runner or a fixed class of place spelling breaks.
 */
const index = `listings_rel_${randomBytes(4).toString('hex')}`;
const chosen: CorpusEntry[] = QUERY_CLASSES.flatMap((c) => {
  const first = readCorpus().find((e) => e.class === c);
  return first ? [first] : [];
});
let db: TestDatabase;
let readSide: ReturnType<typeof startReadSide>;
let results: EntryResult[];

beforeAll(async () => {
  db = await testDatabase();
  const store = createEventStore(db.sql);
  let n = 0;
  const add = async (city: string, area: string, pinCode: string, tenancy?: Tenancy) => {
    const id = `rel-${n++}`;
    await appendListingEvents(store, id, [
      listingCreated(id, {
        fields: {
          location: { city, area, pinCode, address: `${n} Main Road`, coordinates: null },
          ...(tenancy ? { tenancy } : {}),
        },
      }),
    ]);
  };
  for (const { expect: e } of chosen) {
    const area = e.areas?.[0] ?? `Near ${e.pinCode}`;
    // At the locality's own PIN, as the seed places listings.
    const pin =
      e.pinCode ??
      POPULAR_LOCALITIES.find((l) => l.city === e.city && l.name === area)?.pinCode ??
      '999001';
    for (let i = 0; i < 3; i++) await add(e.city, area, pin, e.tenancy);
    await add(e.city, 'Somewhere Else Entirely', '999002', e.tenancy);
    // In the same place but without terms: a term filter must leave it out.
    if (e.tenancy) await add(e.city, area, pin);
  }
  readSide = startReadSide(db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  await readSide.caughtUp();
  results = await runCorpus({
    sql: db.sql,
    meili: createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') }),
    index,
    matcher: createLocalityMatcher(await listedLocalities(db.sql)),
    entries: chosen,
  });
});
afterAll(async () => {
  await readSide.stop();
  await db.drop();
});

describe('the relevance corpus runner', () => {
  it('runs an entry of every class', () => {
    expect(chosen.map((e) => e.class)).toEqual([...QUERY_CLASSES]);
  });

  it.each(chosen.map((e) => [`${e.class} ${JSON.stringify(e.query)}`, e] as const))(
    'finds the listings of %s first, on both engines',
    (_name, entry) => {
      const result = results.find((r) => r.entry === entry)!;
      expect(result.relevant).toBeGreaterThanOrEqual(3);
      for (const engine of ENGINES)
        expect(result.scores[engine], engine).toMatchObject({
          recall: 1,
          reciprocalRank: 1,
          ...(entry.filters ? { precision: 1 } : {}),
        });
    },
  );

  it('sums the figures per engine and class', () => {
    const summary = summarise(results);
    expect(summary.unmeasured).toBe(0);
    expect(summary.all.meilisearch).toMatchObject({ queries: chosen.length, recall: 1, mrr: 1 });
    expect(summary.byClass.map((c) => c.class)).toEqual([...QUERY_CLASSES]);
  });
});
