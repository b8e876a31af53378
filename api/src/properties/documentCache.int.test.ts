import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { createSql, type Sql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { startReadSide } from '@rentals/testing/readSide';
import { countingApp, testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import { buildApp, type App } from '../app.ts';
import { documentCacheFor } from './documentCache.ts';

/**
 * Two web processes on one database (the second with its own pool, as behind
 * the proxy): the second serves its search pages' documents from memory, and
 * what changes in the read model reaches it within a second, also across a cut
 * LISTEN connection.
 */
let t: TestApp;
let readSide: ReturnType<typeof startReadSide>;
let secondSql: Sql;
let second: App;
let tenant: TestUser;

/** The promise: a change committed to the read model is served by every web process within this. */
const FRESH_WITHIN_MS = 1000;
const SEARCH = '/api/properties?limit=50';
const ids = ['doc-cache-a', 'doc-cache-b', 'doc-cache-c'];

beforeAll(async () => {
  const index = `listings_dc_${randomBytes(4).toString('hex')}`;
  const meili = { url: inject('meiliUrl'), key: inject('meiliKey'), index };
  t = await testApp({ deps: { meili } });
  readSide = startReadSide(t.db.sql, meili);
  secondSql = createSql(t.db.url, { max: 4 });
  second = buildApp({ ...t.deps, sql: secondSql, eventStore: createEventStore(secondSql) });
  tenant = await t.registerUser('tenant');
  for (const id of ids) await appendListingEvents(t.deps.eventStore, id, [listingCreated(id)]);
  await readSide.caughtUp();
  await documentCacheFor({ sql: secondSql }).start();
});
afterAll(async () => {
  documentCacheFor({ sql: secondSql }).stop();
  await readSide.stop();
  await secondSql.end();
  await t.close();
});

const searchOn = async (app: App) => {
  const response = await app.handle(
    new Request(`http://localhost${SEARCH}`, {
      headers: { authorization: `Bearer ${tenant.token}` },
    }),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { properties: PropertyDocument[] };
  return new Map(body.properties.map((p) => [p._id, p]));
};

/** Searches on the second process until `seen` holds for the listing or the deadline passes; the last document. */
const servedWithin = async (id: string, seen: (p: PropertyDocument) => boolean) => {
  const deadline = performance.now() + FRESH_WITHIN_MS;
  let last = (await searchOn(second)).get(id);
  while (!(last && seen(last)) && performance.now() <= deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = (await searchOn(second)).get(id);
  }
  return last;
};

describe('a second web process', () => {
  it('serves an edited listing fresh within a second', async () => {
    expect((await searchOn(second)).get('doc-cache-a')?.rent).toBe(25000);
    expect(documentCacheFor({ sql: secondSql }).isLive()).toBe(true);
    await appendListingEvents(t.deps.eventStore, 'doc-cache-a', [
      {
        type: 'ListingRentChanged',
        data: {
          listingId: 'doc-cache-a',
          at: nextTime(),
          rent: 31000,
          rentType: 'monthly',
          previousRent: 25000,
          previousRentType: 'monthly',
        },
      },
    ]);
    await readSide.caughtUp();
    expect((await servedWithin('doc-cache-a', (p) => p.rent === 31000))?.rent).toBe(31000);
  });

  it('shows a changed view count within a second', async () => {
    expect((await searchOn(second)).get('doc-cache-b')?.views).toBe(0);
    await t.db.sql`
      INSERT INTO listing_view_counts (listing_id, views) VALUES ('doc-cache-b', 41)
      ON CONFLICT (listing_id) DO UPDATE SET views = 41`;
    expect((await servedWithin('doc-cache-b', (p) => p.views === 41))?.views).toBe(41);
  });

  it('serves nothing stale once its LISTEN connection was cut', async () => {
    expect((await searchOn(second)).get('doc-cache-c')?.title).toBe('Sunny 2BHK near metro');
    // Written with triggers off: no notification is sent, as if the listener had been down.
    await t.db.sql.begin(async (tx) => {
      await tx`SET LOCAL session_replication_role = replica`;
      await tx`UPDATE listing_read SET doc = (doc::jsonb || '{"title": "Quietly renamed"}')::json
               WHERE id = 'doc-cache-c'`;
    });
    // Answered from memory: the second process has not heard of it.
    expect((await searchOn(second)).get('doc-cache-c')?.title).toBe('Sunny 2BHK near metro');

    const cache = documentCacheFor({ sql: secondSql });
    const before = cache.listenerPid();
    expect(before).toBeDefined();
    await t.db.sql`SELECT pg_terminate_backend(${before!}::int)`;
    // From the moment the cut is noticed, through the reconnection: Postgres or a cleared cache, never the old title.
    const deadline = performance.now() + FRESH_WITHIN_MS;
    while (cache.listenerPid() === before && performance.now() <= deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.listenerPid()).not.toBe(before);
    while (!cache.isLive() && performance.now() <= deadline) {
      expect((await searchOn(second)).get('doc-cache-c')?.title).toBe('Quietly renamed');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(cache.isLive()).toBe(true);
    expect((await searchOn(second)).get('doc-cache-c')?.title).toBe('Quietly renamed');
    expect((await searchOn(second)).get('doc-cache-c')?.title).toBe('Quietly renamed');
  });
});

describe('a warm search page', () => {
  it('reads no documents from Postgres', async () => {
    const { statements, sql: counted, app: third } = countingApp(t, secondSql);
    try {
      await documentCacheFor({ sql: counted }).start();
      statements.length = 0;
      expect((await searchOn(third)).size).toBe(ids.length);
      // The first page reads its documents once (and shows the counting works).
      expect(statements.filter((q) => /FROM listing_read r\b/.test(q))).toHaveLength(1);
      statements.length = 0;
      for (let i = 0; i < 20; i++) expect((await searchOn(third)).size).toBe(ids.length);
      // No document read (the fresh-changes check, freshSearch.ts, may still ask which rows changed).
      expect(statements.filter((q) => /FROM listing_read r\b/.test(q))).toEqual([]);
      // What the memory census reports (core/src/memoryLog.ts): the page's documents, held once.
      expect(documentCacheFor({ sql: counted }).held()).toEqual({
        documentsCached: ids.length,
        documentTextMb: 0,
      });
    } finally {
      documentCacheFor({ sql: counted }).stop();
      await counted.end();
    }
  });
});
