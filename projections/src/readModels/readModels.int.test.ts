import { describe, expect, it } from 'vitest';
import { toPropertyDocument } from '@rentals/core/listings/document';
import type { ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import { startProjection } from '../runner/runner.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { cityArea, kmBetween } from '@rentals/core/gazetteer/cities';
import { findListing, ownerListings } from '../queries/listingQueries.ts';
import { listingReadModel } from './listingReadModel.ts';
import { ownerSummary } from '../queries/ownerSummary.ts';
import { ownerListingStats } from './ownerStats.ts';
import { PublicPropertySchema, type PropertyDocument } from '@rentals/core/contract/property';
import { publicListingModel } from './publicListingModel.ts';
import { dirtyCitiesProjection } from '../dirtyCities/dirtyCities.ts';
import { featuredPublicListings, findPublicListing } from '../queries/publicQueries.ts';
import { rebuildProjections, type RebuildProgress } from '../runner/rebuild.ts';
import { listingsByIds } from '../publicSite/queries.ts';
import { renderListingPage } from '../publicSite/templates/listingPage.ts';
import {
  appendListingEvents,
  listingCreated,
  nextTime,
  testImage,
} from '@rentals/testing/listingFixtures';

const env = testDatabaseWithStore();

/** Given these events in the log, when the projections catch up, then… */
const given = async (streams: Record<string, ListingEvent[]>, projections: SqlProjection[]) => {
  for (const [id, events] of Object.entries(streams))
    await appendListingEvents(env.store, id, events);
  for (const projection of projections) {
    const runner = startProjection(env.db.sql, projection, { batchSize: 3, pollIntervalMs: 5 });
    await runner.whenCaughtUp();
    await runner.stop();
  }
};

const base = (id: string) => ({ listingId: id, at: nextTime() });

const lifecycle = (id: string): ListingEvent[] => [
  listingCreated(id, { images: [testImage(`${id}-a`), testImage(`${id}-b`)] }),
  {
    type: 'ListingDetailsRevised',
    data: {
      ...base(id),
      title: 'Renovated 3BHK',
      propertyDetails: { bedrooms: 3, bathrooms: 2, area: 1400, floor: 1, totalFloors: 4 },
    },
  },
  {
    type: 'ListingRentChanged',
    data: {
      ...base(id),
      rent: 30000,
      rentType: 'monthly',
      previousRent: 25000,
      previousRentType: 'monthly',
    },
  },
  {
    type: 'ListingLocationChanged',
    data: {
      ...base(id),
      previousCity: 'Bengaluru',
      location: {
        city: 'Mumbai',
        area: 'Bandra West',
        pinCode: '400050',
        address: '5 Hill Road',
        coordinates: null,
      },
    },
  },
  {
    type: 'ListingImagesAdded',
    data: { ...base(id), images: [testImage(`${id}-c`), testImage(`${id}-d`)] },
  },
  { type: 'ListingImageRemoved', data: { ...base(id), imageId: `${id}-a` } },
  {
    type: 'ListingImagesReordered',
    data: { ...base(id), imageIds: [`${id}-d`, `${id}-b`, `${id}-c`] },
  },
  { type: 'ListingImageCaptioned', data: { ...base(id), imageId: `${id}-c`, caption: 'Kitchen' } },
  { type: 'ListingVerified', data: base(id) },
  { type: 'ListingDelisted', data: { ...base(id), city: 'Mumbai' } },
];

describe('listing read model', () => {
  it('holds exactly the document the write side builds from the same events', async () => {
    const events = lifecycle('lc-1');
    await given({ 'lc-1': events }, [listingReadModel]);
    const expected = toPropertyDocument(fold(events));
    expect(await findListing(env.db.sql, 'lc-1')).toEqual(expected);
    expect(expected?.images.map((i) => i.id)).toEqual(['lc-1-d', 'lc-1-b', 'lc-1-c']);
  });

  it('keeps delisted listings for their owner and drops deleted ones', async () => {
    await given(
      {
        'own-1': [listingCreated('own-1', { ownerId: 'owner-x' })],
        'own-2': [
          listingCreated('own-2', { ownerId: 'owner-x' }),
          { type: 'ListingDelisted', data: { ...base('own-2'), city: 'Bengaluru' } },
        ],
        'own-3': [
          listingCreated('own-3', { ownerId: 'owner-x' }),
          { type: 'ListingDeleted', data: { ...base('own-3'), city: 'Bengaluru', imageIds: [] } },
        ],
      },
      [listingReadModel],
    );
    const mine = await ownerListings(env.db.sql, 'owner-x');
    expect(mine.map((d) => [d._id, d.isAvailable])).toEqual([
      ['own-2', false],
      ['own-1', true],
    ]);
    expect(await findListing(env.db.sql, 'own-3')).toBeNull();
  });

  it('derives furnished, parking and petFriendly from the terms as edits change either', async () => {
    const id = 'terms-1';
    const created = listingCreated(id);
    const revised = (change: object): ListingEvent => ({
      type: 'ListingDetailsRevised',
      data: { ...base(id), ...change },
    });
    const column = async () =>
      (
        await env.db.sql<{ facilities: string[] }[]>`
        SELECT facilities FROM listing_read WHERE id = ${id}`
      )[0]?.facilities;
    const steps: [ListingEvent, string[]][] = [
      [
        revised({ tenancy: { furnishing: 'fully-furnished', parking: 'car' } }),
        ['parking', 'balcony', 'furnished'],
      ],
      [
        revised({ facilities: { ...created.data.facilities, gym: true } }),
        ['parking', 'gym', 'balcony', 'furnished'],
      ],
      [
        revised({ tenancy: { parking: 'none', petsAllowed: true } }),
        ['gym', 'balcony', 'petFriendly'],
      ],
    ];
    const events: ListingEvent[] = [created];
    await given({ [id]: [created] }, [listingReadModel]);
    for (const [event, enabled] of steps) {
      events.push(event);
      await given({ [id]: [event] }, [listingReadModel]);
      expect(await findListing(env.db.sql, id)).toEqual(toPropertyDocument(fold(events)));
      expect(await column()).toEqual(['wifi', ...enabled]);
    }
  });
});

describe('public (visitor) model', () => {
  it('has no restricted field at all, and a position 2–7 km from the listing, inside its city', async () => {
    await given({ 'pub-1': [listingCreated('pub-1')] }, [publicListingModel]);
    const columns = await env.db.sql<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'listing_public'`;
    const names = columns.map((c) => c.column_name);
    for (const restricted of [
      'rent',
      'rent_type',
      'address',
      'area',
      'area_key',
      'pin_code',
      'facilities',
      'latitude',
      'longitude',
      'contact_info',
      'doc',
    ])
      expect(names).not.toContain(restricted);
    const doc = await findPublicListing(env.db.sql, 'pub-1');
    expect(Object.keys(doc!).sort()).toEqual(
      [...Object.keys(PublicPropertySchema.properties)].sort(),
    );
    const shown = doc!.location.coordinates!;
    expect(doc!.location.city).toBe('Bengaluru');
    const at = { lat: shown.latitude, lng: shown.longitude };
    const moved = kmBetween(at, { lat: 12.934567, lng: 77.626789 });
    expect(moved).toBeGreaterThan(2.2);
    expect(moved).toBeLessThan(6.8);
    expect(kmBetween(at, cityArea('Bengaluru').centre)).toBeLessThan(
      cityArea('Bengaluru').radiusKm,
    );
    expect(doc!.propertyDetails).toEqual({ bedrooms: 2, bathrooms: 2 });
    expect(doc!.images[0]!.caption).toBe('');
    expect(JSON.stringify(doc)).not.toMatch(/25000|560034|80 Feet|Koramangala|wifi|showPhone/);
  });

  it('holds only the tenancy terms visitors may see, and follows their revisions', async () => {
    const terms = {
      furnishing: 'fully-furnished',
      depositRupees: 90000,
      availableFrom: '2026-12-01',
      preferredTenants: 'family',
      petsAllowed: true,
      food: 'vegetarian',
      maintenance: 3000,
      facing: 'east',
      parking: 'car',
    } as const;
    const termsOf = async (id: string) =>
      (await env.db.sql<{ terms: unknown }[]>`SELECT terms FROM listing_public WHERE id = ${id}`)[0]
        ?.terms;
    await given(
      {
        'pub-t1': [listingCreated('pub-t1', { fields: { tenancy: terms } })],
        'pub-t2': [listingCreated('pub-t2')],
      },
      [publicListingModel],
    );
    expect(await termsOf('pub-t1')).toEqual({
      availableFrom: '2026-12-01',
      preferredTenants: 'family',
      food: 'vegetarian',
      facing: 'east',
    });
    expect(await termsOf('pub-t2')).toBeNull();
    const html = renderListingPage(
      {
        siteUrl: 'https://example.in',
        cssHref: '/site.css',
        scriptHref: '/header.js',
        locale: 'en',
        locales: ['en'],
      },
      (await listingsByIds(env.db.sql, ['pub-t1']))[0]!,
    );
    expect(html).toContain('Vegetarian only');
    expect(html).not.toMatch(/90,?000|\bfully\b|Car</i);
    await given(
      {
        'pub-t1': [
          { type: 'ListingDetailsRevised', data: { ...base('pub-t1'), tenancy: { food: 'any' } } },
        ],
      },
      [publicListingModel],
    );
    expect(await termsOf('pub-t1')).toEqual({ food: 'any' });
  });

  it('hides the position when the owner turns the map off, and delisted or deleted listings', async () => {
    await given(
      {
        'pub-2': [
          listingCreated('pub-2'),
          { type: 'ListingDetailsRevised', data: { ...base('pub-2'), showOnMap: false } },
        ],
        'pub-3': [
          listingCreated('pub-3'),
          { type: 'ListingDelisted', data: { ...base('pub-3'), city: 'Bengaluru' } },
        ],
        'pub-4': [
          listingCreated('pub-4'),
          { type: 'ListingDeleted', data: { ...base('pub-4'), city: 'Bengaluru', imageIds: [] } },
        ],
        'pub-5': [
          listingCreated('pub-5'),
          { type: 'ListingDelisted', data: { ...base('pub-5'), city: 'Bengaluru' } },
          { type: 'ListingRelisted', data: { ...base('pub-5'), city: 'Bengaluru' } },
        ],
      },
      [publicListingModel],
    );
    expect((await findPublicListing(env.db.sql, 'pub-2'))!.location).toEqual({ city: 'Bengaluru' });
    expect(await findPublicListing(env.db.sql, 'pub-3')).toBeNull();
    expect(await findPublicListing(env.db.sql, 'pub-4')).toBeNull();
    expect(await findPublicListing(env.db.sql, 'pub-5')).not.toBeNull();
    const featured = (await featuredPublicListings(env.db.sql, 50)).map((d) => d._id);
    expect(featured).toContain('pub-5');
    expect(featured).not.toContain('pub-3');
  });
});

describe('owner figures', () => {
  it('counts total, listed and delisted listings and sums their views', async () => {
    const owner = 'owner-stats';
    await given(
      {
        's-1': [listingCreated('s-1', { ownerId: owner })],
        's-2': [
          listingCreated('s-2', { ownerId: owner }),
          { type: 'ListingDelisted', data: { ...base('s-2'), city: 'Bengaluru' } },
        ],
        's-3': [
          listingCreated('s-3', { ownerId: owner }),
          { type: 'ListingDeleted', data: { ...base('s-3'), city: 'Bengaluru', imageIds: [] } },
        ],
        's-4': [
          listingCreated('s-4', { ownerId: owner }),
          { type: 'ListingDelisted', data: { ...base('s-4'), city: 'Bengaluru' } },
          { type: 'ListingRelisted', data: { ...base('s-4'), city: 'Bengaluru' } },
        ],
      },
      [ownerListingStats],
    );
    await env.db
      .sql`INSERT INTO listing_view_counts (listing_id, views) VALUES ('s-1', 5), ('s-2', 2), ('s-3', 100)`;
    expect(await ownerSummary(env.db.sql, owner)).toEqual({
      total: 3,
      listed: 2,
      delisted: 1,
      totalViews: 7,
    });
    expect(await ownerSummary(env.db.sql, 'nobody')).toEqual({
      total: 0,
      listed: 0,
      delisted: 0,
      totalViews: 0,
    });
  });
});

/**
 * `count` listings `${prefix}-${i}`: every `lifecycleEvery`th lives a whole lifecycle, the
 * others are only created, by `owners` owners `${owner}-${i % owners}`.
 */
const appendMany = async (o: {
  prefix: string;
  count: number;
  lifecycleEvery: number;
  owner: string;
  owners: number;
}) => {
  for (let i = 0; i < o.count; i++) {
    const id = `${o.prefix}-${i}`;
    await appendListingEvents(
      env.store,
      id,
      i % o.lifecycleEvery === 0
        ? lifecycle(id)
        : [listingCreated(id, { ownerId: `${o.owner}-${i % o.owners}` })],
    );
  }
};

/** The rows of `tables` (each a SELECT's list, FROM and ORDER BY) once `projections` have applied the log from empty. */
const replay = async (
  tables: string[],
  projections: SqlProjection[],
  options: { batchSize: number; maxBatchSize?: number },
) => {
  const names = tables.map((t) => / FROM (\w+)/.exec(t)![1]);
  await env.db.sql.unsafe(`TRUNCATE ${[...names, 'owner_listing_membership'].join(', ')}`);
  const batches: number[] = [];
  for (const p of projections) {
    const runner = startProjection(env.db.sql, p, {
      ...options,
      pollIntervalMs: 5,
      logApplied: true,
      log: (_line, fields) => {
        if (typeof fields?.events === 'number') batches.push(fields.events);
      },
    });
    await runner.whenCaughtUp();
    await runner.stop();
  }
  const rows = await Promise.all(tables.map((t) => env.db.sql.unsafe(`SELECT ${t}`)));
  return { rows, batches };
};
const LISTING_TABLES = [
  '* FROM listing_read ORDER BY id',
  '* FROM listing_public ORDER BY id',
  '* FROM owner_listing_stats ORDER BY owner_id',
];
/** Copies under names of their own (a fresh checkpoint), applying event by event or in batches. */
const eachEvent = (projections: SqlProjection[], label: string) =>
  projections.map((p) => ({ ...p, name: `${p.name}-${label}`, evolveBatch: undefined }));
const inBatches = (projections: SqlProjection[], label: string) =>
  projections.map((p) => ({ ...p, name: `${p.name}-${label}` }));

describe('batched creations', () => {
  it('build exactly the read models that applying event by event builds', async () => {
    await appendMany({ prefix: 'b', count: 12, lifecycleEvery: 3, owner: 'bo', owners: 4 });
    const tables = [...LISTING_TABLES, '* FROM owner_listing_membership ORDER BY listing_id'];
    const all = [listingReadModel, publicListingModel, ownerListingStats];
    const oneByOne = await replay(tables, eachEvent(all, 'single'), { batchSize: 1 });
    const batched = await replay(tables, inBatches(all, 'batched'), { batchSize: 500 });
    expect(batched.rows).toEqual(oneByOne.rows);
    expect(batched.rows[0]!.length).toBeGreaterThan(10);
  });
});

describe('a large backlog', () => {
  it('is applied in growing batches and ends equal to event by event', async () => {
    // A bulk import (runs of creations) with edits, moves and deletions in between.
    await appendMany({ prefix: 'bulk', count: 150, lifecycleEvery: 25, owner: 'bk', owners: 7 });
    const tables = [
      ...LISTING_TABLES,
      '* FROM public_site_listing_city ORDER BY listing_id',
      // Generations count marks (one per batch or per event): what matters is what is marked, and at which event.
      'city_slug, dirty_tx::text, dirty_position FROM public_site_dirty_cities ORDER BY city_slug',
      'listing_id, city_slug, dirty_tx::text, dirty_position FROM public_site_dirty_listings ORDER BY listing_id',
    ];
    const all = [listingReadModel, publicListingModel, ownerListingStats, dirtyCitiesProjection];
    const oneByOne = await replay(tables, eachEvent(all, 'each'), {
      batchSize: 1,
      maxBatchSize: 1,
    });
    const bulk = await replay(tables, inBatches(all, 'bulk'), { batchSize: 4, maxBatchSize: 64 });
    expect(bulk.rows).toEqual(oneByOne.rows);
    expect(bulk.rows[0]!.length).toBeGreaterThan(150);
    expect(bulk.rows[4]!.length).toBeGreaterThan(0);
    expect(Math.max(...oneByOne.batches)).toBe(1);
    // Each full batch doubled the next: 4, 8, 16, 32, then 64 at most.
    expect(Math.max(...bulk.batches)).toBe(64);
  });
});

describe('a rebuild from folded streams', () => {
  it('fills exactly the rows that applying event by event builds', async () => {
    const deleted = (id: string): ListingEvent => ({
      type: 'ListingDeleted',
      data: { ...base(id), city: 'Mumbai', imageIds: [] },
    });
    for (let i = 0; i < 40; i++) {
      const id = `fold-${i}`;
      const created = listingCreated(id, {
        ownerId: `fo-${i % 5}`,
        images: i % 4 === 0 ? [] : [testImage(`${id}-a`)],
        isVerified: i % 6 === 0,
        // Some without a position at all, some with one (the visitor position is computed from it).
        // Some with tenancy terms (the visitors' part of them is a column of the public model).
        ...(i % 5 === 2
          ? {
              fields: {
                tenancy: {
                  furnishing: 'semi-furnished',
                  preferredTenants: 'family',
                  food: 'vegetarian',
                  depositMonths: 2,
                },
              },
            }
          : {}),
        ...(i % 5 === 1
          ? { fields: { location: { ...listingCreated(id).data.location, coordinates: null } } }
          : {}),
      });
      const events: ListingEvent[] =
        i % 7 === 0
          ? lifecycle(id)
          : i % 7 === 1
            ? [...lifecycle(id), { type: 'ListingRelisted', data: { ...base(id), city: 'Mumbai' } }]
            : i % 7 === 2
              ? [...lifecycle(id), deleted(id)]
              : i % 7 === 3
                ? [
                    created,
                    {
                      type: 'ListingRentChanged',
                      data: {
                        ...base(id),
                        rent: 9000,
                        rentType: i % 2 === 0 ? 'yearly' : 'monthly',
                        previousRent: 25000,
                        previousRentType: 'monthly',
                      },
                    },
                    {
                      type: 'ListingImageCaptioned',
                      data: { ...base(id), imageId: `${id}-a`, caption: 'Hall' },
                    },
                  ]
                : i % 7 === 4
                  ? [
                      created,
                      { type: 'ListingAvailabilityConfirmed', data: base(id) },
                      {
                        type: 'ListingExpiryReminded',
                        data: {
                          ...base(id),
                          lastConfirmedAt: created.data.at,
                          expiresAt: nextTime(),
                        },
                      },
                      {
                        type: 'ListingExpired',
                        data: { ...base(id), city: 'Bengaluru', lastConfirmedAt: created.data.at },
                      },
                      // Every other one renewed.
                      ...(i % 2 === 0
                        ? [
                            {
                              type: 'ListingRelisted',
                              data: { ...base(id), city: 'Bengaluru' },
                            } as const,
                          ]
                        : []),
                    ]
                  : i % 7 === 5
                    ? [
                        created,
                        {
                          type: 'ListingHiddenForReview',
                          data: { ...base(id), city: 'Bengaluru', reason: 'Fake or scam' },
                        },
                        {
                          type: 'ListingDetailsRevised',
                          data: {
                            ...base(id),
                            title: 'Fixed',
                            ...(i % 2 === 0 ? { showOnMap: false } : { tenancy: { food: 'any' } }),
                          },
                        },
                        // Some still hidden, some dismissed (listed again), some delisted by the review.
                        ...(i % 3 === 0
                          ? []
                          : [
                              {
                                type: 'ListingReviewCleared',
                                data: {
                                  ...base(id),
                                  city: 'Bengaluru',
                                  adminId: 'admin-1',
                                  isAvailable: i % 3 === 1,
                                },
                              } as const,
                            ]),
                      ]
                    : [created];
      await appendListingEvents(env.store, id, events);
    }
    const snapshot = () =>
      Promise.all([
        env.db.sql`SELECT * FROM listing_read ORDER BY id`,
        env.db.sql`SELECT * FROM listing_public ORDER BY id`,
      ]);
    await env.db.sql`TRUNCATE listing_read, listing_public`;
    for (const p of [listingReadModel, publicListingModel]) {
      const runner = startProjection(
        env.db.sql,
        { ...p, name: `${p.name}-by-event`, evolveBatch: undefined },
        { batchSize: 1, pollIntervalMs: 5 },
      );
      await runner.whenCaughtUp();
      await runner.stop();
    }
    const eventByEvent = await snapshot();

    const progress: RebuildProgress[] = [];
    await rebuildProjections(env.db.sql, [listingReadModel, publicListingModel], (p) =>
      progress.push(p),
    );
    const folded = await snapshot();

    // Filled from the streams, not event by event.
    expect(progress.at(-1)).toMatchObject({
      of: `${listingReadModel.name} + ${publicListingModel.name}`,
      unit: 'listings',
    });
    expect(folded).toEqual(eventByEvent);
    // The columns written beside the document (migrations 0189, 0190) say what the document says.
    const [disagreeing] = await env.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM listing_read
      WHERE show_on_map IS DISTINCT FROM (doc ->> 'showOnMap')::boolean
        OR pin_code IS DISTINCT FROM doc #>> '{location,pinCode}'
        OR last_confirmed_at IS DISTINCT FROM doc ->> 'lastConfirmedAt'
        OR tenancy IS DISTINCT FROM (doc -> 'tenancy')::jsonb
        OR rent_type IS DISTINCT FROM doc ->> 'rentType'`;
    expect(disagreeing?.n).toBe(0);
    expect(folded[0].some((r) => r.show_on_map === false)).toBe(true);
    expect(folded[0].some((r) => r.pin_code === '400050')).toBe(true);
    expect(folded[0].some((r) => r.tenancy !== null)).toBe(true);
    expect(folded[0].some((r) => r.rent_type === 'yearly')).toBe(true);
    // Filled by COPY FREEZE in the fill's one transaction, vacuumed without their TOAST tables: every page
    // of the swapped-in tables all-visible, which the map search's index-only scans need.
    const pages = await env.db.sql<{ relname: string; relpages: number; relallvisible: number }[]>`
      SELECT relname, relpages, relallvisible FROM pg_class
      WHERE relname IN ('listing_read', 'listing_public') AND relnamespace = 'public'::regnamespace
      ORDER BY relname`;
    expect(pages.map((t) => t.relname)).toEqual(['listing_public', 'listing_read']);
    for (const t of pages) expect([t.relname, t.relallvisible]).toEqual([t.relname, t.relpages]);
    expect(folded[0].filter((r) => String(r.id).startsWith('fold-'))).toHaveLength(40 - 6);
    expect(folded[1].some((r) => r.coarse_lat === null)).toBe(true);
    expect(folded[1].some((r) => r.terms !== null)).toBe(true);
    expect(folded[1].some((r) => r.expired === true)).toBe(true);
    // Hidden pending review, dismissed (listed again) and delisted by a review are all among them.
    const docOf = (r: Record<string, unknown>) => r.doc as PropertyDocument;
    const hidden = folded[0].filter((r) => docOf(r).hiddenForReview);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((r) => r.is_available === false)).toBe(true);
    const cleared = folded[0].filter(
      (r) => docOf(r).title === 'Fixed' && !docOf(r).hiddenForReview,
    );
    expect(new Set(cleared.map((r) => r.is_available as boolean))).toEqual(new Set([false, true]));
    expect(folded[1].some((r) => typeof r.coarse_lat === 'number')).toBe(true);
  });
});
