import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { dirtyCitiesProjection } from '../dirtyCities/dirtyCities.ts';
import { publicListingModel } from '../readModels/publicListingModel.ts';
import { RENT_TRENDS, rentTrendsProjection } from '../readModels/rentTrends.ts';
import { ensureCheckpoint } from '../runner/checkpoints.ts';
import { startProjection, type RunningProjection } from '../runner/runner.ts';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';
import { buildPublicSite, type CityPages } from './build.ts';
import { fullBuild } from './fullBuild.ts';
import type { CityCounts } from './queries.ts';
import { regenerateOnce, startRegenerator, wantsFullBuild } from './regenerator.ts';
import { publicSiteStatus } from '../queries/readSideHealth.ts';
import type { SqlProjection } from '../runner/projection.ts';
import { sql } from '../runner/statement.ts';
import {
  appendListingEvent,
  createdEvent,
  insertOwners,
  seededListing,
  retitled,
  seedPublicListing,
  type SeededListing,
} from '@rentals/testing/publicSiteFixtures';

const SITE = 'https://rentals.example.in';
let db: TestDatabase;
let out: string;
let running: RunningProjection[];
const seeded: SeededListing[] = [];
// Kept across runs as the regenerator keeps it: the index must stay right with counts refreshed per city.
const countsCache = new Map<string, CityCounts>();
let n = 0;

const store = () => createEventStore(db.sql);
const caughtUp = () => Promise.all(running.map((r) => r.whenCaughtUp()));
const read = (relative: string) => readFileSync(join(out, relative), 'utf8');
const mtime = (relative: string) => statSync(join(out, relative)).mtimeMs;

const seed = async (city: string, type: 'flat' | 'house' | 'PG' = 'flat') => {
  const listing = await seedPublicListing(store(), db.sql, ++n, city, type);
  seeded.push(listing);
  return listing;
};

const regenerate = async () => {
  await caughtUp();
  const { report } = await regenerateOnce({ sql: db.sql, outDir: out, siteUrl: SITE, countsCache });
  return report;
};

/** A regenerator with short waits, its log lines kept. */
const quickRegenerator = (options: {
  bulkLagEvents: number;
  maxHoldMs?: number;
  fullBuildMinListings?: number;
}) => {
  const lines: string[] = [];
  const regenerator = startRegenerator({
    sql: db.sql,
    outDir: out,
    siteUrl: SITE,
    batchWindowMs: 10,
    pollMs: 50,
    ...options,
    log: (line) => lines.push(line),
  });
  return { lines, stop: regenerator.stop };
};

/** Until the regenerator has taken every mark. */
const untilNothingPending = async () => {
  for (;;) {
    const status = await publicSiteStatus(db.sql);
    if (status.pendingCities + status.pendingListings === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
};

const allFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)],
  );

const onlyCity = (paths: string[], slug: string) =>
  paths.filter(
    (p) =>
      p.startsWith('browse/cities/') &&
      !p.startsWith(`browse/cities/${slug}`) &&
      p !== 'browse/cities.html',
  );

beforeAll(async () => {
  db = await testDatabase();
  out = mkdtempSync(join(tmpdir(), 'public-site-'));
  running = [publicListingModel, dirtyCitiesProjection].map((p) =>
    startProjection(db.sql, p, { pollIntervalMs: 50 }),
  );
  for (let i = 0; i < 14; i++) await seed('Pune', i % 3 === 0 ? 'house' : 'flat');
  for (let i = 0; i < 13; i++) await seed('Mumbai', i % 2 === 0 ? 'PG' : 'flat');
  await seed('New Delhi');
  await db.sql`INSERT INTO listing_view_counts (listing_id, views) VALUES (${seeded[0]!.id}, 1234)`;
  await caughtUp();
  await fullBuild({ sql: db.sql, outDir: out, siteUrl: SITE });
});

afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await db.drop();
  rmSync(out, { recursive: true, force: true });
});

describe('full build', () => {
  it('publishes the cities index, every city with numbered and per-type pages, and every listing', () => {
    const index = read('browse/cities.html');
    expect(index).toContain('<a href="/browse/cities/pune">Pune</a>');
    expect(index).toContain('<a href="/browse/cities/new-delhi">New Delhi</a>');
    const pune = read('browse/cities/pune.html');
    expect(pune).toContain('<title>Flats, houses and PGs for rent in Pune · Rentals</title>');
    expect(pune).toContain(
      '<link rel="canonical" href="https://rentals.example.in/browse/cities/pune" />',
    );
    expect(pune).toContain('14 properties found · page 1 of 2');
    expect(pune.match(/class="property-card visitor-card"/g)).toHaveLength(12);
    expect(pune).toContain('title="Click to login and see details"');
    expect(pune).toContain('href="/browse/cities/pune/page/2"');
    expect(pune).toContain('href="/browse/cities/pune/house"');
    expect(pune).toContain('"@type":"ItemList"');
    expect(pune).toContain('<meta property="og:image" content="https://rentals.example.in/media/');
    // Newest first: the last Pune listing created leads page 1.
    expect(pune.indexOf('number 14 ')).toBeLessThan(pune.indexOf('number 13 '));
    expect(read('browse/cities/pune/page/2.html').match(/visitor-card"/g)).toHaveLength(2);
    expect(read('browse/cities/pune/house.html')).toContain('<h1>Houses for rent in Pune</h1>');
    expect(read('browse/cities/mumbai/pg.html')).toContain('7 properties found');
    expect(read(`browse/${seeded[0]!.id}.html`)).toContain('1,234 views');
    expect(read('robots.txt')).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain(`<loc>${SITE}/sitemaps/city-pune.xml</loc>`);
    expect(read('sitemaps/city-pune.xml')).toContain(`<loc>${SITE}/browse/${seeded[0]!.id}</loc>`);
  });
  it('publishes the index and every city page in Hindi and Kannada too, each naming the others', () => {
    const pune = read('hi/browse/cities/pune.html');
    expect(pune).toContain('<html lang="hi-IN">');
    expect(pune).toContain('<h1>पुणे में किराये के लिए फ़्लैट, मकान और PG</h1>');
    expect(pune).toContain('14 प्रॉपर्टी मिलीं · 2 में से पेज 1');
    expect(pune).toContain(`<link rel="canonical" href="${SITE}/hi/browse/cities/pune" />`);
    for (const [tag, path] of [
      ['en-IN', '/browse/cities/pune'],
      ['hi-IN', '/hi/browse/cities/pune'],
      ['kn-IN', '/kn/browse/cities/pune'],
      ['x-default', '/browse/cities/pune'],
    ])
      expect(pune).toContain(`<link rel="alternate" hreflang="${tag}" href="${SITE}${path}" />`);
    // Its links stay in Hindi.
    expect(pune).toContain('href="/hi/browse/cities/pune/page/2"');
    expect(pune).toContain('href="/hi/browse/cities/pune/house"');
    expect(pune).toContain('href="/hi/login"');
    expect(read('hi/browse/cities/pune/house.html')).toContain('<h1>पुणे में किराये के लिए मकान</h1>');
    const kannada = read('kn/browse/cities/pune/page/2.html');
    expect(kannada).toContain('<html lang="kn-IN">');
    expect(kannada).toContain('ಪುಣೆ ನಲ್ಲಿ ಬಾಡಿಗೆಗೆ');
    expect(kannada).toContain(`<link rel="prev" href="${SITE}/kn/browse/cities/pune" />`);
    expect(read('kn/browse/cities.html')).toContain('<a href="/kn/browse/cities/pune">ಪುಣೆ</a>');
    // The English page names its translations too.
    expect(read('browse/cities/pune.html')).toContain(
      `<link rel="alternate" hreflang="kn-IN" href="${SITE}/kn/browse/cities/pune" />`,
    );
  });

  it("publishes each listing's page in Hindi and Kannada: the labels translated, the owner's words as written", () => {
    const listing = seeded[0]!;
    const hindi = read(`hi/browse/${listing.id}.html`);
    expect(hindi).toContain('<html lang="hi-IN">');
    expect(hindi).toContain(`<h1 translate="no">${listing.title}</h1>`);
    expect(hindi).toContain('किरायेदारी की शर्तें');
    expect(hindi).toContain('पुणे में');
    expect(hindi).toContain(
      `href="/hi/login?redirect=${encodeURIComponent(`/properties/${listing.id}`)}"`,
    );
    expect(hindi).toContain('href="/hi/browse/cities/pune"');
    expect(hindi).not.toContain('Tenancy Terms');
    for (const [tag, path] of [
      ['en-IN', `/browse/${listing.id}`],
      ['kn-IN', `/kn/browse/${listing.id}`],
      ['x-default', `/browse/${listing.id}`],
    ])
      expect(hindi).toContain(`<link rel="alternate" hreflang="${tag}" href="${SITE}${path}" />`);
    expect(read(`kn/browse/${listing.id}.html`)).toContain('ಬಾಡಿಗೆಯ ಷರತ್ತುಗಳು');
    // English reads as it did, and names its translations.
    const english = read(`browse/${listing.id}.html`);
    expect(english).toContain('Tenancy Terms');
    expect(english).toContain(`hreflang="hi-IN" href="${SITE}/hi/browse/${listing.id}"`);
  });

  it('gives each language its sitemaps, and the sitemap index names them all', () => {
    const index = read('sitemap.xml');
    for (const file of ['cities', 'hi/cities', 'kn/cities', 'hi/city-pune', 'kn/city-mumbai'])
      expect(index).toContain(`<loc>${SITE}/sitemaps/${file}.xml</loc>`);
    const hindi = read('sitemaps/hi/city-pune.xml');
    expect(hindi).toContain(`<loc>${SITE}/hi/browse/cities/pune</loc>`);
    expect(hindi).toContain(`<loc>${SITE}/hi/browse/cities/pune/page/2</loc>`);
    expect(hindi).not.toContain(`${SITE}/browse/`);
    expect(read('sitemaps/kn/cities.xml')).toContain(
      `<loc>${SITE}/kn/browse/cities/new-delhi</loc>`,
    );
  });

  it("writes every listing's page in every language, on both of its threads, and counts each file it wrote", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'public-site-threads-'));
    try {
      const report = await fullBuild({ sql: db.sql, outDir: dir, siteUrl: SITE });
      const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) =>
        f.isFile(),
      );
      expect(report.written).toBe(files.length);
      // One chunk of 28 rows: the first half goes to the listing pages' thread, the rest stays.
      for (const listing of seeded)
        for (const prefix of ['', 'hi/', 'kn/'])
          expect(existsSync(join(dir, `${prefix}browse/${listing.id}.html`))).toBe(true);
      expect(files.some((f) => f.name.includes('.tmp-'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails when the listing pages' thread cannot write a page", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'public-site-unwritable-'));
    try {
      // Mumbai streams first, so its pages are the thread's half: a directory in the way of each.
      for (const listing of seeded.filter((l) => l.city === 'Mumbai'))
        mkdirSync(join(dir, `browse/${listing.id}.html`), { recursive: true });
      await expect(fullBuild({ sql: db.sql, outDir: dir, siteUrl: SITE })).rejects.toThrow(
        /^listing pages: /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pre-renders at most maxPages numbered pages per city; the rest stay reachable', async () => {
    const capped = mkdtempSync(join(tmpdir(), 'public-site-capped-'));
    try {
      await fullBuild({ sql: db.sql, outDir: capped, siteUrl: SITE, maxPages: 1 });
      const pune = readFileSync(join(capped, 'browse/cities/pune.html'), 'utf8');
      expect(pune).not.toContain('/browse/cities/pune/page/2');
      expect(pune).toContain('14 properties found');
      expect(pune).toMatch(/href="\/browse\?city=Pune"\s*>Search all 14 in Pune<\/a/);
      expect(readdirSync(join(capped, 'browse/cities/pune'))).not.toContain('page');
      const sitemap = readFileSync(join(capped, 'sitemaps/city-pune.xml'), 'utf8');
      for (const listing of seeded.filter((l) => l.city === 'Pune'))
        expect(sitemap).toContain(`${SITE}/browse/${listing.id}<`);
    } finally {
      rmSync(capped, { recursive: true, force: true });
    }
  });
});

describe('incremental regeneration', () => {
  it('a created listing shows up on its city page and only that city is rebuilt', async () => {
    const mumbaiBefore = mtime('browse/cities/mumbai.html');
    const listing = await seed('Pune');
    const report = await regenerate();
    expect(report?.cities).toEqual(['pune']);
    expect(onlyCity(report!.paths, 'pune')).toEqual([]);
    expect(report!.paths).toContain(`browse/${listing.id}.html`);
    expect(report!.paths.some((p) => p.includes(seeded[1]!.id))).toBe(false);
    expect(read('browse/cities/pune.html')).toContain(listing.title);
    expect(read('browse/cities/pune.html')).toContain('15 properties found');
    // The index counts: Pune's refreshed, the others' carried over from the cache.
    expect(read('browse/cities.html')).toMatch(/pune">Pune<\/a>\s*<span class="muted">15<\/span>/);
    expect(read('browse/cities.html')).toMatch(
      /mumbai">Mumbai<\/a>\s*<span class="muted">13<\/span>/,
    );
    expect(read(`browse/${listing.id}.html`)).toContain(`<h1 translate="no">${listing.title}</h1>`);
    expect(mtime('browse/cities/mumbai.html')).toBe(mumbaiBefore);
  });

  const changeRent = (listing: SeededListing, rent: number) =>
    appendListingEvent(store(), {
      type: 'ListingRentChanged',
      data: {
        listingId: listing.id,
        at: new Date().toISOString(),
        rent,
        rentType: 'monthly',
        previousRent: listing.rent,
        previousRentType: 'monthly',
      },
    });

  it("a rent change rebuilds its city page (the median rents), not the listing's page; the rent itself is on neither", async () => {
    const listing = seeded[2]!;
    const pageBefore = mtime(`browse/${listing.id}.html`);
    await changeRent(listing, 99_887);
    const report = await regenerate();
    expect(report?.cities).toEqual(['pune']);
    expect(report!.paths.some((p) => p.includes(listing.id))).toBe(false);
    expect(mtime(`browse/${listing.id}.html`)).toBe(pageBefore);
    expect(read('browse/cities/pune.html')).not.toMatch(/99,?887/);
  });

  it('a city mark waits until the rent trends have applied its event too, once they run', async () => {
    // The rent trends' runner registered but not started: the model is behind the log.
    await ensureCheckpoint(db.sql, RENT_TRENDS);
    await changeRent(seeded[4]!, 31_000);
    await caughtUp();
    const behind = await regenerateOnce({ sql: db.sql, outDir: out, siteUrl: SITE, countsCache });
    expect(behind).toEqual({ report: null, waiting: 1 });
    const trends = startProjection(db.sql, rentTrendsProjection, { pollIntervalMs: 50 });
    await trends.whenCaughtUp();
    expect((await regenerate())?.cities).toEqual(['pune']);
    // The rest of this file runs without the rent trends, as before.
    await trends.stop();
    await db.sql`DELETE FROM projection_checkpoints WHERE name = ${RENT_TRENDS}`;
  });

  it('a revised title shows up on its city page and on its own page', async () => {
    const listing = seeded[3]!;
    await appendListingEvent(store(), retitled(listing.id, 'Renovated flat with a <view>'));
    const report = await regenerate();
    expect(report?.cities).toEqual(['pune']);
    expect(read('browse/cities/pune.html')).toContain('Renovated flat with a &lt;view&gt;');
    expect(read(`browse/${listing.id}.html`)).toContain('Renovated flat with a &lt;view&gt;');
  });

  it('a delisted listing leaves its city page and its own page says so', async () => {
    const listing = seeded[14]!; // Mumbai, page 1 of 2
    expect(listing.city).toBe('Mumbai');
    await appendListingEvent(store(), {
      type: 'ListingDelisted',
      data: { listingId: listing.id, at: new Date().toISOString(), city: 'Mumbai' },
    });
    const report = await regenerate();
    expect(report?.cities).toEqual(['mumbai']);
    expect(onlyCity(report!.paths, 'mumbai')).toEqual([]);
    const mumbai = read('browse/cities/mumbai.html');
    expect(mumbai).not.toContain(listing.title);
    expect(mumbai).toContain('12 properties found');
    expect(read(`browse/${listing.id}.html`)).toContain('Property Not Found');
    expect(read(`hi/browse/${listing.id}.html`)).toContain('प्रॉपर्टी नहीं मिली');
    // Mumbai shrank to one page: the old page 2 still answers, pointing at page 1.
    expect(read('browse/cities/mumbai/page/2.html')).toContain('url=/browse/cities/mumbai');
  });

  it('a deleted listing leaves its city (the city page then shows the empty state)', async () => {
    const listing = seeded.find((l) => l.city === 'New Delhi')!;
    await appendListingEvent(store(), {
      type: 'ListingDeleted',
      data: {
        listingId: listing.id,
        at: new Date().toISOString(),
        city: 'New Delhi',
        imageIds: [],
      },
    });
    const report = await regenerate();
    expect(report?.cities).toEqual(['new-delhi']);
    expect(read('browse/cities/new-delhi.html')).toContain('No Properties Found');
    expect(read(`browse/${listing.id}.html`)).toContain('Property Not Found');
    expect(read('browse/cities.html')).not.toContain('/browse/cities/new-delhi');
    expect(read('sitemap.xml')).not.toContain('city-new-delhi');
  });

  it('a move to another city rebuilds both cities', async () => {
    const listing = seeded[4]!;
    await appendListingEvent(store(), {
      type: 'ListingLocationChanged',
      data: {
        listingId: listing.id,
        at: new Date().toISOString(),
        previousCity: 'Pune',
        location: {
          city: 'Mumbai',
          area: listing.area,
          pinCode: listing.pinCode,
          address: listing.address,
          coordinates: null,
        },
      },
    });
    const report = await regenerate();
    expect(report?.cities).toEqual(['mumbai', 'pune']);
    // It is one of the older listings, so it lands on Mumbai's page 2 (newest first).
    expect(read('browse/cities/mumbai/page/2.html')).toContain(listing.title);
    expect(read(`browse/${listing.id}.html`)).toContain('href="/browse/cities/mumbai"');
    expect(read('browse/cities/pune.html') + read('browse/cities/pune/page/2.html')).not.toContain(
      listing.title,
    );
  });

  it('a burst of changes in one city is one run', async () => {
    for (const listing of seeded.slice(5, 10))
      // Pune listings that did not move
      await appendListingEvent(store(), {
        type: 'ListingVerified',
        data: { listingId: listing.id, at: new Date().toISOString() },
      });
    const report = await regenerate();
    expect(report?.cities).toEqual(['pune']);
    expect(await regenerate()).toBeNull();
  });
});

describe('per-city work', () => {
  it('renders only the pages an edited listing is on, when the pages of the last run are remembered', async () => {
    const pagesCache = new Map<string, CityPages>();
    const run = async (cache?: Map<string, CityPages>) => {
      await caughtUp();
      return (
        await regenerateOnce({
          sql: db.sql,
          outDir: out,
          siteUrl: SITE,
          countsCache,
          ...(cache ? { pagesCache: cache } : {}),
        })
      ).report!;
    };
    const revise = (id: string, title: string) => appendListingEvent(store(), retitled(id, title));
    // A new listing changes every Pune page (the counts); the run remembers what each shows.
    const listing = await seed('Pune', 'house');
    const first = await run(pagesCache);
    expect(first.pagesSkipped).toBe(0);
    const punePages = pagesCache.get('pune')!.pages.size;
    expect(punePages).toBeGreaterThan(2);

    await revise(listing.id, 'A house with a garden');
    const second = await run(pagesCache);
    // Newest first: it is on page 1 of all types and page 1 of houses, and nothing else is rendered.
    expect(second.pagesSkipped).toBe(punePages - 2);
    expect(second.paths.filter((p) => p.startsWith('browse/cities/pune')).sort()).toEqual([
      'browse/cities/pune.html',
      'browse/cities/pune/house.html',
    ]);
    expect(read('browse/cities/pune/house.html')).toContain('A house with a garden');

    // Without the memory every page is rendered again (and compared).
    await revise(listing.id, 'A house with two gardens');
    const third = await run();
    expect(third.pagesSkipped).toBe(0);
    expect(read('browse/cities/pune.html')).toContain('A house with two gardens');
  });
});

describe('reading a city in keyset batches', () => {
  it('gives the same pages as one batch', async () => {
    const report = await buildPublicSite({
      sql: db.sql,
      outDir: out,
      siteUrl: SITE,
      cities: ['pune', 'mumbai'],
      skipUnchanged: true,
      pageBatchRows: 5,
    });
    expect(report.paths.filter((p) => p.startsWith('browse/cities/'))).toEqual([]);
    expect(report.unchanged).toBeGreaterThan(5);
  });
});

describe('a bulk import', () => {
  it('is one run over the whole backlog, a full build when most cities are marked', async () => {
    await Promise.all(running.map((r) => r.stop()));
    const [{ last } = { last: 0 }] = await db.sql<{ last: number }[]>`
      SELECT coalesce(max(id), 0)::int AS last FROM public_site_runs`;
    const imported: SeededListing[] = [];
    for (let i = 0; i < 40; i++)
      imported.push(await seed(['Pune', 'Mumbai', 'New Delhi', 'Jaipur'][i % 4]!));
    const { lines, stop } = quickRegenerator({ bulkLagEvents: 5, fullBuildMinListings: 10 });
    // The public model takes the backlog in small, slow batches: without the hold, each would be a run.
    const slowPublic: SqlProjection = {
      ...publicListingModel,
      evolveBatch: (events) => [
        sql`SELECT pg_sleep(0.05)`,
        ...publicListingModel.evolveBatch!(events),
      ],
    };
    running = [
      startProjection(db.sql, slowPublic, { batchSize: 3, maxBatchSize: 3, pollIntervalMs: 10 }),
      startProjection(db.sql, dirtyCitiesProjection, { pollIntervalMs: 10 }),
    ];
    await caughtUp();
    await untilNothingPending();
    await stop();
    const runs = await db.sql<
      { kind: string }[]
    >`SELECT kind FROM public_site_runs WHERE id > ${last}`;
    expect(runs).toEqual([{ kind: 'full' }]);
    expect(lines.some((l) => /holding runs/.test(l))).toBe(true);
    for (const listing of imported)
      expect(read(`browse/${listing.id}.html`)).toContain(listing.title);
    expect(read('browse/cities/jaipur.html')).toContain(imported[3]!.title);
  });

  it('takes a full build only when most cities and many listings are marked', () => {
    const site = { cities: 25, listed: 200_000 };
    expect(wantsFullBuild({ ...site, readyCities: 25, readyListings: 190_000 })).toBe(true);
    expect(wantsFullBuild({ ...site, readyCities: 13, readyListings: 100_000 })).toBe(true);
    // An import that adds a quarter to the site: the marked pages alone.
    expect(wantsFullBuild({ ...site, readyCities: 25, readyListings: 50_000 })).toBe(false);
    // Edits spread over every city: a few pages each, not 200k.
    expect(wantsFullBuild({ ...site, readyCities: 25, readyListings: 25 })).toBe(false);
    // A small site's few edits: incremental, whatever the shares.
    expect(wantsFullBuild({ cities: 2, listed: 30, readyCities: 2, readyListings: 5 })).toBe(false);
    // A big import into one city: that city alone.
    expect(wantsFullBuild({ ...site, readyCities: 1, readyListings: 40_000 })).toBe(false);
  });
});

describe('a log whose highest position is not its last event', () => {
  it('is not taken for a backlog: the marks are built at once', async () => {
    // Overlapping appends: the one that began first (the lower transaction id) takes the higher
    // position, so the models' checkpoints, in the log's order, end below the highest position.
    const first = seededListing(++n, 'Pune');
    const second = seededListing(++n, 'Pune');
    seeded.push(first, second);
    await insertOwners(db.sql, [first, second]);
    await db.sql.begin(async (tx) => {
      await tx`SELECT pg_current_xact_id()`;
      await appendListingEvent(store(), createdEvent(second, n));
      await appendListingEvent(createEventStore(tx as unknown as Sql), createdEvent(first, n - 1));
    });
    await caughtUp();
    const [positions] = await db.sql<{ checkpoint: number; head: number }[]>`
      SELECT (SELECT position FROM projection_checkpoints WHERE name = ${publicListingModel.name})::int AS checkpoint,
             (SELECT max(position) FROM events)::int AS head`;
    expect(positions!.checkpoint).toBeLessThan(positions!.head);

    const { lines, stop } = quickRegenerator({ bulkLagEvents: 0, maxHoldMs: 600_000 });
    await untilNothingPending();
    await stop();
    expect(lines.some((l) => /holding runs/.test(l))).toBe(false);
    for (const listing of [first, second])
      expect(read(`browse/${listing.id}.html`)).toContain(listing.title);
  });
});

describe('never leak', () => {
  it('no generated file holds the rent, phone, email, address, area or pin code of any seeded listing', async () => {
    // Rebuild everything once more so every page is scanned in its full-build form too.
    await caughtUp();
    await fullBuild({ sql: db.sql, outDir: out, siteUrl: SITE });
    const inr = new Intl.NumberFormat('en-IN');
    const bounded = (value: string) =>
      new RegExp(
        `(?<![0-9A-Za-z])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`,
        'i',
      );
    const needles = seeded.flatMap((l) => [
      { what: `rent of ${l.id}`, re: bounded(String(l.rent)) },
      { what: `rent of ${l.id}`, re: bounded(inr.format(l.rent)) },
      { what: `phone of ${l.id}`, re: bounded(l.phone) },
      { what: `email of ${l.id}`, re: bounded(l.email) },
      { what: `address of ${l.id}`, re: bounded(l.address) },
      { what: `address of ${l.id}`, re: /Zqx Residency/ },
      { what: `area of ${l.id}`, re: bounded(l.area) },
      { what: `pin code of ${l.id}`, re: bounded(l.pinCode) },
    ]);
    const files = allFiles(out);
    expect(files.length).toBeGreaterThan(40);
    const hits: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const { what, re } of needles) if (re.test(text)) hits.push(`${what} in ${file}`);
    }
    expect(hits).toEqual([]);
  });
});

describe('an expired listing (issue 17)', () => {
  it('leaves its city page; its own page answers 410 "no longer available" with similar listings; a renew brings it back', async () => {
    const other = await seed('Jaipur');
    const listing = await seed('Jaipur');
    await regenerate();
    await appendListingEvent(store(), {
      type: 'ListingExpired',
      data: {
        listingId: listing.id,
        at: new Date().toISOString(),
        city: 'Jaipur',
        lastConfirmedAt: new Date().toISOString(),
      },
    });
    const report = await regenerate();
    expect(report?.cities).toEqual(['jaipur']);
    expect(read('browse/cities/jaipur.html')).not.toContain(listing.title);
    const page = read(`browse/${listing.id}.html`);
    expect(page.startsWith('<!-- status 410 -->')).toBe(true);
    expect(page).toContain('No longer available');
    expect(page).toContain('data-testid="similar-listings"');
    expect(page).toContain(other.title);

    await appendListingEvent(store(), {
      type: 'ListingRelisted',
      data: { listingId: listing.id, at: new Date().toISOString(), city: 'Jaipur' },
    });
    await regenerate();
    expect(read('browse/cities/jaipur.html')).toContain(listing.title);
    expect(read(`browse/${listing.id}.html`).startsWith('<!-- status')).toBe(false);
  });
});
