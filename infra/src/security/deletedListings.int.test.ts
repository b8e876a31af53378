// Security checklist: a listing that is gone says so with its status. Was: a deleted
// listing's /browse/{id} answered 200 'Property Not Found' (a soft 404 that crawlers keep
// and that tells a client nothing). Now 410 for deleted, 404 for delisted or never existed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { staticSite } from '@rentals/api/web/staticSite';
import { dirtyCitiesProjection } from '@rentals/projections/dirtyCities/dirtyCities';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { withListingStatus } from '@rentals/api/web/listingStatus';
import { regenerateOnce } from '@rentals/projections/publicSite/regenerator';
import { publicSiteHandler } from '@rentals/api/web/publicPages';
import {
  appendListingEvent,
  seedPublicListing,
  type SeededListing,
} from '@rentals/testing/publicSiteFixtures';
import { testDatabase, type TestDatabase } from '@rentals/testing/testDatabase';

const SITE = 'https://rentals.example.in';
const SHELL = '<!doctype html><title>Property</title><div id="property-view"></div>';
const NOT_FOUND = '<!doctype html><title>Property not found</title><h1>Property Not Found</h1>';
const HINDI_NOT_FOUND =
  '<!doctype html><html lang="hi-IN"><title>प्रॉपर्टी नहीं मिली</title><h1>प्रॉपर्टी नहीं मिली</h1>';
let db: TestDatabase;
let out: string;
let siteDir: string;
let running: RunningProjection[];
let n = 0;

const store = () => createEventStore(db.sql);
const at = () => new Date().toISOString();

/** As the web process answers a path: the generated page if there is one, else the site's shell. */
const get = async (path: string, headers: Record<string, string> = {}) => {
  const request = new Request(`http://localhost${path}`, { headers });
  const response =
    (await publicSiteHandler(out)(request)) ??
    (await withListingStatus(store(), staticSite(siteDir))(request));
  return { status: response.status, body: await response.text(), headers: response.headers };
};

const seed = () => seedPublicListing(store(), db.sql, ++n, 'Pune');

const regenerate = async () => {
  await Promise.all(running.map((r) => r.whenCaughtUp()));
  await regenerateOnce({ sql: db.sql, outDir: out, siteUrl: SITE });
};

const deleteListing = (l: SeededListing) =>
  appendListingEvent(store(), {
    type: 'ListingDeleted',
    data: { listingId: l.id, at: at(), city: l.city, imageIds: [] },
  });

let listed: SeededListing;

beforeAll(async () => {
  db = await testDatabase();
  out = mkdtempSync(join(tmpdir(), 'gone-pages-'));
  siteDir = mkdtempSync(join(tmpdir(), 'gone-shell-'));
  mkdirSync(join(siteDir, 'properties/view'), { recursive: true });
  writeFileSync(join(siteDir, 'properties/view/index.html'), SHELL);
  mkdirSync(join(siteDir, 'property-not-found'), { recursive: true });
  writeFileSync(join(siteDir, 'property-not-found/index.html'), NOT_FOUND);
  mkdirSync(join(siteDir, 'hi/properties/view'), { recursive: true });
  writeFileSync(join(siteDir, 'hi/properties/view/index.html'), SHELL);
  mkdirSync(join(siteDir, 'hi/property-not-found'), { recursive: true });
  writeFileSync(join(siteDir, 'hi/property-not-found/index.html'), HINDI_NOT_FOUND);
  running = [publicListingModel, dirtyCitiesProjection].map((p) =>
    startProjection(db.sql, p, { pollIntervalMs: 20 }),
  );
  listed = await seed();
  await Promise.all(running.map((r) => r.whenCaughtUp()));
  await fullBuild({ sql: db.sql, outDir: out, siteUrl: SITE });
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await db.drop();
  rmSync(out, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
});

describe('the generated page of a listing', () => {
  it('answers 200 while the listing is listed', async () => {
    const page = await get(`/browse/${listed.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(listed.title);
  });

  it('answers 410 with the Property Not Found page once the listing is deleted', async () => {
    const listing = await seed();
    await regenerate();
    expect((await get(`/browse/${listing.id}`)).status).toBe(200);
    await deleteListing(listing);
    await regenerate();
    const page = await get(`/browse/${listing.id}`);
    expect(page.status).toBe(410);
    expect(page.body).toContain('Property Not Found');
    expect(page.body).toContain('/browse/cities/pune');
    expect(page.headers.get('content-type')).toContain('text/html');
    // A revalidating browser or crawler gets the 410 again, never a 304 that keeps an old 200.
    const again = await get(`/browse/${listing.id}`, {
      'if-none-match': page.headers.get('etag')!,
    });
    expect(again.status).toBe(410);
    // So does its page in every other language.
    const hindi = await get(`/hi/browse/${listing.id}`);
    expect(hindi.status).toBe(410);
    expect(hindi.body).toContain('/hi/browse/cities/pune');
  });

  /** The listing's page once `type` happened to it and the pages were regenerated. */
  const pageAfter = async (listing: SeededListing, type: 'ListingDelisted' | 'ListingRelisted') => {
    await appendListingEvent(store(), {
      type,
      data: { listingId: listing.id, at: at(), city: listing.city },
    });
    await regenerate();
    return get(`/browse/${listing.id}`);
  };

  it('answers 404 while delisted and 200 again once relisted', async () => {
    const listing = await seed();
    const delisted = await pageAfter(listing, 'ListingDelisted');
    expect(delisted.status).toBe(404);
    expect(delisted.body).toContain('Property Not Found');
    const relisted = await pageAfter(listing, 'ListingRelisted');
    expect(relisted.status).toBe(200);
    expect(relisted.body).toContain(listing.title);
  });
});

describe('an id without a generated page (the site’s shell answers)', () => {
  it('answers 404 with the Property Not Found page, not the shell, for an id that never existed', async () => {
    // The shell's island would send a visitor to log in for a listing that is not there.
    const page = await get('/browse/never-existed-123');
    expect(page.status).toBe(404);
    expect(page.body).toBe(NOT_FOUND);
  });

  it('answers so in the path’s language: /hi/browse/{id} with the Hindi page', async () => {
    const page = await get('/hi/browse/never-existed-123');
    expect(page.status).toBe(404);
    expect(page.body).toBe(HINDI_NOT_FOUND);
  });

  it('answers 410 for a listing deleted before its page was generated', async () => {
    const listing = await seed();
    await deleteListing(listing);
    const page = await get(`/browse/${listing.id}`);
    expect(page.status).toBe(410);
    expect(page.body).toBe(NOT_FOUND);
  });

  it('answers 200 for a listing created a moment ago, before the regenerator ran', async () => {
    const listing = await seed();
    const page = await get(`/browse/${listing.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toBe(SHELL);
  });

  it('leaves other paths alone', async () => {
    expect((await get('/browse/cities')).status).toBe(200);
    expect((await get('/browse/cities/pune')).status).toBe(200);
  });
});
