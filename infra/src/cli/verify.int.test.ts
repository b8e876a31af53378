import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { createMeili } from '@rentals/projections/queries/meili';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { listingPath, pageFile } from '@rentals/projections/publicSite/paths';
import { cliRunner } from '@rentals/testing/cli';
import {
  appendListingEvents,
  listingCreated,
  nextTime,
  testImage,
} from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { runServers } from '@rentals/testing/testDatabase';

const cli = cliRunner('infra/src/cli/verify.ts');
const index = `verify-${randomUUID()}`;
let readSide: ReturnType<typeof startReadSide>;
let siteDir: string;
const [listed, other, delisted, deleted, edited] = ['a', 'b', 'c', 'd', 'e'].map(
  (n) => `verify-${n}-${randomUUID().slice(0, 8)}`,
) as [string, string, string, string, string];

const verify = () => cli.run(['--index', index, '--public-site', siteDir, '--wait', '10']);

beforeAll(async () => {
  await cli.start();
  const sql = cli.db().sql;
  const store = createEventStore(sql);
  for (const id of [listed, other, delisted, deleted])
    await appendListingEvents(store, id, [listingCreated(id)]);
  const created = listingCreated(edited, { images: [testImage(`${edited}-a`)] });
  const { city } = created.data.location;
  // Every kind of change, so each store's incremental patches are checked against the fold.
  const at = nextTime;
  await appendListingEvents(store, edited, [
    created,
    {
      type: 'ListingDetailsRevised',
      data: {
        listingId: edited,
        at: at(),
        title: 'Quiet 3BHK & garden <near> park',
        propertyDetails: { bedrooms: 3, bathrooms: 2, area: 1400, floor: 1, totalFloors: 4 },
        facilities: { ...created.data.facilities, ac: true },
      },
    },
    {
      type: 'ListingRentChanged',
      data: {
        listingId: edited,
        at: at(),
        rent: 31000,
        rentType: 'monthly',
        previousRent: 25000,
        previousRentType: 'monthly',
      },
    },
    {
      type: 'ListingLocationChanged',
      data: {
        listingId: edited,
        at: at(),
        location: { ...created.data.location, area: 'HSR Layout', address: '4, 27th Main' },
        previousCity: city,
      },
    },
    {
      type: 'ListingImagesAdded',
      data: {
        listingId: edited,
        at: at(),
        images: [testImage(`${edited}-b`), testImage(`${edited}-c`)],
      },
    },
    { type: 'ListingImageRemoved', data: { listingId: edited, at: at(), imageId: `${edited}-a` } },
    {
      type: 'ListingImagesReordered',
      data: { listingId: edited, at: at(), imageIds: [`${edited}-c`, `${edited}-b`] },
    },
    {
      type: 'ListingImageCaptioned',
      data: { listingId: edited, at: at(), imageId: `${edited}-b`, caption: 'The garden' },
    },
    { type: 'ListingVerified', data: { listingId: edited, at: at() } },
    { type: 'ListingDelisted', data: { listingId: edited, at: at(), city } },
    { type: 'ListingRelisted', data: { listingId: edited, at: at(), city } },
  ]);
  await appendListingEvents(store, delisted, [
    { type: 'ListingDelisted', data: { listingId: delisted, at: nextTime(), city } },
  ]);
  await appendListingEvents(store, deleted, [
    { type: 'ListingDeleted', data: { listingId: deleted, at: nextTime(), city, imageIds: [] } },
  ]);
  const { meiliUrl, meiliKey } = runServers();
  readSide = startReadSide(sql, { url: meiliUrl, key: meiliKey, index });
  await readSide.caughtUp();
  siteDir = await mkdtemp(join(tmpdir(), 'rentals-verify-site-'));
  await fullBuild({ sql, outDir: siteDir, siteUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await readSide.stop();
  await cli.stop();
  await rm(siteDir, { recursive: true, force: true });
});

describe('npm run verify', () => {
  it('exits 0 when the read models, the index and the pages hold what the log says', async () => {
    const { code, out } = await verify();
    expect(out).toContain('event log: 5 listings (4 live, 3 listed, 0 parked)');
    expect(out).toContain('search index: 3 documents');
    expect(out).toContain('consistent');
    expect(code).toBe(0);
  });

  it('names the listing whose read-model row was changed behind the log', async () => {
    const sql = cli.db().sql;
    await sql`UPDATE listing_read SET doc = jsonb_set(doc::jsonb, '{title}', '"Tampered title here"')::json
              WHERE id = ${listed}`;
    const { code, out } = await verify();
    expect(out).toContain(`read model (listing_read): listing ${listed} differs`);
    expect(out).not.toContain(other);
    expect(code).toBe(1);
  });

  it('names the listing whose index document is gone, and the one whose page is gone', async () => {
    const meili = createMeili({ url: runServers().meiliUrl, key: runServers().meiliKey });
    await meili.index(index).deleteDocument(other).waitTask({ timeout: 60_000 });
    await rm(join(siteDir, pageFile(listingPath(other))));
    const { code, out } = await verify();
    expect(out).toContain(`search index: listing ${other} is missing`);
    expect(out).toContain(`public pages: listing ${other} has no page`);
    expect(code).toBe(1);
  });

  it('names the open rent data line the published files lack', async () => {
    // Five lets as the let's projection records them (inserted directly: that projection is issue 44's other part).
    const sql = cli.db().sql;
    for (const [i, rent] of [20_000, 21_000, 22_000, 23_000, 24_000].entries())
      await sql`INSERT INTO listing_lets (let_id, listing_id, owner_id, rent, deposit, move_in, let_at, city,
          city_key, area, area_key, property_type, bedrooms)
        VALUES (${`verify-let-${i}`}, ${listed}, 'owner', ${rent}, ${rent}, '2026-12-01', '2026-11-10T10:00:00Z',
          'Mysuru', 'mysuru', 'Gokulam', 'gokulam', 'flat', 2)`;
    const { code, out } = await verify();
    expect(out).toContain(
      'open data: /data/rents.csv differs from the read models: 2 line(s) missing: Mysuru,,city,2026-11,flat,2,,,22000,5 | Mysuru,Gokulam,locality,2026-11,flat,2,,,22000,5',
    );
    expect(code).toBe(1);
  });
});
