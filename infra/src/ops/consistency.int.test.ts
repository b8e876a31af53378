// `npm run verify`'s comparison (checkConsistency) against a real read side: listings whose
// numbers Meilisearch cannot hold to the last bit compare clean, and a corrupted index document
// and a corrupted read-model row are reported, each exactly once and nothing else.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { createMeili } from '@rentals/projections/queries/meili';
import { appendListingEvents, listingCreated, testImage } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { checkConsistency } from './consistency.ts';

const index = `listings_v_${randomBytes(4).toString('hex')}`;
const meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });
let db: TestDatabase;
let readSide: ReturnType<typeof startReadSide>;

// Deposits in rupees that are no round number of months (64,000 on 21,000 a month is
// 3.0476190476190474 months), and positions to the last digit a phone reports.
const LISTINGS = Array.from({ length: 12 }, (_, i) => ({
  id: `verify-${i + 1}`,
  rent: 21_000 + i * 1_300,
  deposit: 64_000 + i * 7_000,
  latitude: 12.934567891234 + i / 7,
  longitude: 77.626789123456 + i / 3,
}));

const check = () => checkConsistency({ sql: db.sql, meili, index });

beforeAll(async () => {
  db = await testDatabase();
  const store = createEventStore(db.sql);
  for (const l of LISTINGS)
    await appendListingEvents(store, l.id, [
      listingCreated(l.id, {
        fields: {
          rent: l.rent,
          tenancy: { depositRupees: l.deposit },
          location: {
            city: 'Bengaluru',
            area: 'Koramangala',
            pinCode: '560034',
            address: '12, 80 Feet Road',
            coordinates: { latitude: l.latitude, longitude: l.longitude },
          },
        },
      }),
      // A photo added later, with the perceptual hashes the photo worker records: the read model's
      // document leaves them out as the log's fold does.
      ...(l.id === 'verify-1'
        ? [
            {
              type: 'ListingImagesAdded' as const,
              data: {
                listingId: l.id,
                at: '2026-11-01T06:00:00.000Z',
                images: [
                  {
                    ...testImage('verify-1-hall'),
                    phash: {
                      hash: '0123456789abcdef',
                      mirrored: 'fedcba9876543210',
                      centre: '0123456789abcdee',
                      centreMirrored: 'fedcba9876543211',
                    },
                  },
                ],
              },
            },
          ]
        : []),
    ]);
  readSide = startReadSide(db.sql, { url: inject('meiliUrl'), key: inject('meiliKey'), index });
  await readSide.caughtUp({ timeoutMs: 60_000 });
}, 120_000);

afterAll(async () => {
  await readSide.stop();
  await db.drop();
});

it('finds no difference on a healthy read side, and the index gives back the numbers it was sent', async () => {
  const report = await check();
  expect(report.differences).toEqual([]);
  expect(report.counts).toMatchObject({ live: 12, readModelRows: 12, indexDocuments: 12 });
  const doc = await meili
    .index(index)
    .getDocument<{ depositMonths: number; lat: number; lng: number }>('verify-1');
  // The projection wrote them to 7 places, which the index holds exactly.
  expect(doc).toMatchObject({ depositMonths: 3.047619, lat: 12.9345679, lng: 77.6267891 });
}, 60_000);

it('reports a corrupted index document and a corrupted read-model row, and only those', async () => {
  await meili
    .index(index)
    .updateDocuments([{ id: 'verify-4', rent: 1 }])
    .waitTask({ timeout: 60_000 });
  await db.sql`
    UPDATE listing_read SET doc = jsonb_set(doc::jsonb, '{title}', '"Not what the owner wrote"')::json
    WHERE id = 'verify-9'`;

  const report = await check();
  expect(report.differences).toHaveLength(2);
  expect(report.differences).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^search index: listing verify-4 differs/),
      expect.stringMatching(/^read model \(listing_read\): listing verify-9 differs/),
    ]),
  );
}, 60_000);
