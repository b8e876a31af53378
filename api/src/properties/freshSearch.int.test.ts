import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { createMeili } from '@rentals/projections/queries/meili';
import { searchInMeili } from '@rentals/projections/queries/searchInMeili';
import type { SearchCriteria } from '@rentals/projections/queries/criteria';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import { startReadSide } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';

/**
 * Read-your-writes search for everyone: a change is searchable as soon as
 * the read model has it, before Meilisearch has indexed it. Deterministic:
 * the search projection is stopped (the index holds the old state) while the
 * read models move on; at the end it runs again and the index, now fresh,
 * must give the very same answers.
 */
let t: TestApp;
let tenant: TestUser;
const index = `listings_f_${randomBytes(4).toString('hex')}`;
const meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
let readSide: ReturnType<typeof startReadSide>;
const readModelsCaughtUp = () => readSide.caughtUp({ except: readSide.searchProjections });

// Rents 10k … 50k in Bengaluru, created in this order (f-a oldest).
const RENTS = { 'f-a': 10000, 'f-b': 20000, 'f-c': 30000, 'f-d': 40000, 'f-e': 50000 };

beforeAll(async () => {
  t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index } },
  });
  tenant = await t.registerUser('tenant');
  readSide = startReadSide(t.db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  for (const [id, rent] of Object.entries(RENTS))
    await appendListingEvents(t.deps.eventStore, id, [
      listingCreated(id, { fields: { title: `Flat ${id}`, rent } }),
    ]);
  await readSide.caughtUp();
  // The first search starts the web process's LISTEN for appends (the quiet gate), long before it matters.
  // Not before the index exists: a Meilisearch that answered "no such index" is passed over for a few seconds,
  // and the first tests would then be answered by the Postgres fallback instead of the merge they test.
  await search('city=Bengaluru');
  // From here on the index keeps this state until the last test.
  await readSide.holdSearchIndex();
});
afterAll(async () => {
  await readSide.stop();
  await t.close();
});

const rentChanged = (id: string, rent: number, previousRent: number) =>
  appendListingEvents(t.deps.eventStore, id, [
    {
      type: 'ListingRentChanged',
      data: {
        listingId: id,
        at: nextTime(),
        rent,
        rentType: 'monthly',
        previousRent,
        previousRentType: 'monthly',
      },
    },
  ]);

type Page = { properties: PropertyDocument[]; totalCount: number; hasMore: boolean };
const search = async (query: string) => {
  const res = await t.request<Page>('GET', `/api/properties?${query}`, { token: tenant.token });
  expect(res.status).toBe(200);
  return {
    ids: res.body.properties.map((p) => p._id),
    rents: res.body.properties.map((p) => p.rent),
    total: res.body.totalCount,
    hasMore: res.body.hasMore,
  };
};
type PublicPage = { properties: { _id: string }[]; pagination: { totalItems: number } };
const visitorSearch = async (query: string) => {
  const res = await t.request<PublicPage>('GET', `/api/properties/public?${query}`);
  expect(res.status).toBe(200);
  return {
    ids: res.body.properties.map((p) => p._id),
    total: res.body.pagination.totalItems,
    fields: res.body.properties.flatMap((p) => Object.keys(p)),
  };
};
/** What the stopped index itself answers: proof that the test does not race Meilisearch. */
const inIndex = async (c: Partial<SearchCriteria>) =>
  (await searchInMeili(meili, 'full', { sort: 'newest', page: 1, limit: 20, ...c }, index)).ids;

describe('a change is searchable as soon as the read model has it', () => {
  it('a rent change moves a listing into a rent filter, in its sorted place, and another out of it', async () => {
    // The index holds the whole log: searches skip the read model until the next append is announced.
    expect((await search('maxRent=35000&sort=rent_asc')).ids).toEqual(['f-a', 'f-b', 'f-c']);
    // f-e 50k → 15k now matches maxRent 35k (between f-a and f-b); f-b 20k → 45k no longer does.
    await rentChanged('f-e', 15000, 50000);
    await rentChanged('f-b', 45000, 20000);
    await readModelsCaughtUp();
    expect(await inIndex({ maxRent: 35000, sort: 'rent_asc' })).toEqual(['f-a', 'f-b', 'f-c']);

    expect(await search('maxRent=35000&sort=rent_asc')).toEqual({
      ids: ['f-a', 'f-e', 'f-c'],
      rents: [10000, 15000, 30000],
      total: 3,
      hasMore: false,
    });
    expect(await search('maxRent=35000&sort=rent_desc')).toMatchObject({
      ids: ['f-c', 'f-e', 'f-a'],
      total: 3,
    });
    // Page boundaries move with it: page 2 of 1 starts at the moved-in listing.
    expect(await search('maxRent=35000&sort=rent_asc&limit=1&page=2')).toMatchObject({
      ids: ['f-e'],
      total: 3,
      hasMore: true,
    });
    expect(await search('maxRent=35000&sort=rent_asc&limit=2&page=2')).toMatchObject({
      ids: ['f-c'],
      hasMore: false,
    });
    // Without a rent filter the moved listing changes place too.
    expect((await search('city=Bengaluru&sort=rent_asc')).ids).toEqual([
      'f-a',
      'f-e',
      'f-c',
      'f-d',
      'f-b',
    ]);
  });

  it('a delisted listing disappears at once, for tenants and visitors', async () => {
    await appendListingEvents(t.deps.eventStore, 'f-d', [
      { type: 'ListingDelisted', data: { listingId: 'f-d', at: nextTime(), city: 'Bengaluru' } },
    ]);
    await readModelsCaughtUp();
    expect(await inIndex({})).toContain('f-d');

    const found = await search('city=bangalore');
    expect(found.ids).not.toContain('f-d');
    expect(found.total).toBe(4);
    const visitors = await visitorSearch('city=bangalore');
    expect(visitors.ids).not.toContain('f-d');
    expect(visitors.total).toBe(4);
  });

  it('a new listing appears at once, newest first, for tenants and visitors (restricted documents)', async () => {
    await appendListingEvents(t.deps.eventStore, 'f-new', [
      listingCreated('f-new', { fields: { title: 'Garden cottage', rent: 25000 } }),
    ]);
    await readModelsCaughtUp();
    expect(await inIndex({})).not.toContain('f-new');

    expect(await search('city=Bengaluru')).toMatchObject({
      ids: ['f-new', 'f-e', 'f-c', 'f-b', 'f-a'],
      total: 5,
    });
    expect((await search('minRent=12000&maxRent=28000&sort=rent_asc')).ids).toEqual([
      'f-e',
      'f-new',
    ]);
    const visitors = await visitorSearch('city=Bengaluru&limit=2');
    expect(visitors).toMatchObject({ ids: ['f-new', 'f-e'], total: 5 });
    expect(visitors.fields).not.toContain('rent');
  });

  it('free text finds a changed listing on page 1 and never shows one that stopped matching', async () => {
    expect((await search('q=cottage')).ids).toEqual(['f-new']);
    // The index still holds f-b at 20k: a text match that the rent filter now excludes; f-new ('flat'
    // in its description) is not in the index yet.
    const flats = await search('q=flat&maxRent=35000');
    expect(flats.ids.sort()).toEqual(['f-a', 'f-c', 'f-e', 'f-new']);
    expect(flats.total).toBe(4);
  });

  it("shows a changed listing's new document even before the web process hears of the change", async () => {
    // The web process keeps the documents it served in memory and drops one when the read model's
    // transaction announces the change, which reaches it just after the commit. Here the announcement
    // never comes (the trigger that sends it is off): a search that merges the new row must still not
    // show the document from before.
    expect((await search('city=Bengaluru&sort=rent_asc')).rents).toContain(15000);
    await t.db.sql`ALTER TABLE listing_read DISABLE TRIGGER listing_read_document_changes`;
    try {
      await rentChanged('f-e', 16000, 15000);
      await readModelsCaughtUp();
    } finally {
      await t.db.sql`ALTER TABLE listing_read ENABLE TRIGGER listing_read_document_changes`;
    }
    expect(await search('city=Bengaluru&sort=rent_asc')).toMatchObject({
      ids: ['f-a', 'f-e', 'f-new', 'f-c', 'f-b'],
      rents: [10000, 16000, 25000, 30000, 45000],
    });
  });

  it('gives the answers the index gives once it has caught up', async () => {
    const queries = [
      'city=Bengaluru',
      'city=Bengaluru&sort=rent_asc',
      'maxRent=35000&sort=rent_desc',
      'minRent=12000&sort=rent_asc&limit=2&page=2',
      'limit=2&page=2',
      'limit=3&page=2',
    ];
    const merged = [];
    for (const query of queries) merged.push(await search(query));
    const flatsBefore = await search('q=flat');
    readSide.releaseSearchIndex();
    await readSide.caughtUp();
    expect(await inIndex({})).toContain('f-new');
    for (const [i, query] of queries.entries())
      expect(await search(query), query).toEqual(merged[i]);
    // Relevance ranks only the index knows: the same listings and total, changed ones were shown first.
    expect((await search('q=flat')).ids.sort()).toEqual([...flatsBefore.ids].sort());
    expect(flatsBefore.ids[0]).toBe('f-new');
  });
});
