import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Meilisearch } from 'meilisearch';
import type { Sql } from '@rentals/core/db';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { LISTING_STREAM_TYPE } from '@rentals/core/listings/events';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import { escapeHtml } from '@rentals/core/html/markup';
import { DEFAULT_LOCALE, localePath } from '@rentals/core/i18n/locales';
import { listingPath, pageFile, PUBLIC_LOCALES } from '@rentals/projections/publicSite/paths';
import { isMeiliRefusal, refusalCode } from '@rentals/projections/queries/meili';
import { statusOfPage } from '@rentals/projections/queries/publicPageFiles';
import { asListingEvent } from '@rentals/projections/readModels/listingEvents';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { indexChangesFor } from '@rentals/projections/search/listingDocuments';
import { indexNumber } from '@rentals/projections/search/searchDocument';

/**
 * What `npm run verify` compares: the event log (folded with the write side's
 * own `evolve`, the truth) against what each derived store holds — the
 * Postgres read models, the Meilisearch index and the static public pages —
 * by counts and by a checksum per listing. A listing parked by a projection
 * is reported as parked, not as a difference (it is known to be held back).
 */
export type ConsistencyReport = {
  counts: {
    listingsInLog: number;
    live: number;
    listed: number;
    parked: number;
    readModelRows: number;
    visitorRows: number;
    indexDocuments: number | null;
    listingPages: number | null;
  };
  differences: string[];
};

export type ConsistencyOptions = {
  sql: Sql;
  /** Without it the index is not compared (reported as skipped). */
  meili?: Meilisearch;
  /** More Meilisearch servers holding the same index (search replicas), each compared the same way. */
  replicas?: { label: string; meili: Meilisearch }[];
  index?: string;
  /** DATA_DIR/public-site; without it (or when it does not exist) pages are not compared. */
  publicSiteDir?: string;
};

/**
 * JSON with sorted keys and no undefined members: the same value always gives the same text.
 * `number` maps each number first: the search index is compared at the precision it stores
 * (indexNumber); the read models keep numbers exactly as written (jsonb), so they are not rounded.
 */
const canonical = (value: unknown, number: (n: number) => number): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number'
      ? number(v)
      : v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
          )
        : v,
  );

const exact = (n: number) => n;

const checksum = (value: unknown, number: (n: number) => number = exact) =>
  createHash('sha256')
    .update(canonical(JSON.parse(JSON.stringify(value)) as unknown, number))
    .digest('hex')
    .slice(0, 16);

const STREAMS_PER_READ = 500;

/** Each listing's document as the log says it is now (null once deleted). */
const foldLog = async (sql: Sql) => {
  const store = createEventStore(sql);
  const streams = (
    await sql<{ stream_id: string }[]>`
      SELECT stream_id FROM streams WHERE stream_type = ${LISTING_STREAM_TYPE} ORDER BY stream_id`
  ).map((r) => r.stream_id);
  const docs = new Map<string, PropertyDocument | null>();
  const unfoldable: string[] = [];
  for (let i = 0; i < streams.length; i += STREAMS_PER_READ) {
    const byStream = await store.readStreams(streams.slice(i, i + STREAMS_PER_READ));
    for (const [streamId, events] of byStream) {
      const listingEvents = events.map(asListingEvent);
      const id = listingEvents[0]?.data.listingId;
      if (!id) continue;
      try {
        docs.set(id, toPropertyDocument(fold(listingEvents)));
      } catch (error) {
        unfoldable.push(`${streamId}: ${(error as Error).message}`);
      }
    }
  }
  return { docs, unfoldable };
};

const compareSets = (
  differences: string[],
  what: string,
  expected: Map<string, string>,
  actual: Map<string, string>,
  skip: Set<string>,
) => {
  for (const [id, sum] of expected) {
    if (skip.has(id)) continue;
    const found = actual.get(id);
    if (found === undefined) differences.push(`${what}: listing ${id} is missing`);
    else if (found !== sum)
      differences.push(`${what}: listing ${id} differs (expected ${sum}, found ${found})`);
  }
  for (const id of actual.keys())
    if (!expected.has(id) && !skip.has(id))
      differences.push(`${what}: listing ${id} should not be there`);
};

const allIndexDocuments = async (meili: Meilisearch, uid: string) => {
  const docs = new Map<string, Record<string, unknown>>();
  const index = meili.index(uid);
  for (let offset = 0; ; offset += 1000) {
    const page = await index
      .getDocuments<Record<string, unknown>>({ limit: 1000, offset })
      .catch((error: unknown) => {
        // No index yet (nothing was ever listed): it holds nothing.
        if (isMeiliRefusal(error) && refusalCode(error) === 'index_not_found')
          return { results: [] };
        throw error;
      });
    for (const doc of page.results) docs.set(String(doc.id), doc);
    if (page.results.length < 1000) return docs;
  }
};

/** The listing ids in every sitemap's <loc> …/browse/{id}</loc>. */
const sitemapListingIds = async (dir: string) => {
  const ids = new Set<string>();
  const sitemaps = join(dir, 'sitemaps');
  if (!existsSync(sitemaps)) return ids;
  for (const file of readdirSync(sitemaps).filter((f) => f.endsWith('.xml'))) {
    const xml = await readFile(join(sitemaps, file), 'utf8');
    for (const match of xml.matchAll(
      /<loc>[^<]*\/browse\/(?!cities\b)([A-Za-z0-9][A-Za-z0-9_-]*)<\/loc>/g,
    ))
      ids.add(match[1]!);
  }
  return ids;
};

export const checkConsistency = async (options: ConsistencyOptions): Promise<ConsistencyReport> => {
  const { sql } = options;
  const differences: string[] = [];
  const { docs, unfoldable } = await foldLog(sql);
  for (const u of unfoldable) differences.push(`event log: cannot fold ${u}`);
  const parked = new Set(
    (
      await sql<{ stream_id: string }[]>`SELECT DISTINCT stream_id FROM projection_parked_streams`
    ).map((r) => r.stream_id.replace(/^listing-/, '')),
  );
  const live = [...docs].filter((e): e is [string, PropertyDocument] => e[1] !== null);
  const listed = live.filter(([, d]) => d.isAvailable);

  // The full read model: the write side's document, less the view counter.
  const readRows = await sql<{ id: string; doc: unknown }[]>`SELECT id, doc FROM listing_read`;
  compareSets(
    differences,
    'read model (listing_read)',
    new Map(live.map(([id, d]) => [id, checksum({ ...d, views: undefined })])),
    new Map(readRows.map((r) => [r.id, checksum(r.doc)])),
    parked,
  );

  // The visitor model: its own columns, compared on what the log decides.
  const visitorRows = await sql<
    { id: string; title: string; city: string; property_type: string; listed: boolean }[]
  >`SELECT id, title, city, property_type, listed FROM listing_public`;
  const visitorSum = (v: { title: string; city: string; type: string; listed: boolean }) =>
    checksum([v.title, v.city, v.type, v.listed]);
  compareSets(
    differences,
    'visitor model (listing_public)',
    new Map(
      live.map(([id, d]) => [
        id,
        visitorSum({
          title: d.title,
          city: d.location.city,
          type: d.propertyType,
          listed: d.isAvailable,
        }),
      ]),
    ),
    new Map(
      visitorRows.map((r) => [
        r.id,
        visitorSum({ title: r.title, city: r.city, type: r.property_type, listed: r.listed }),
      ]),
    ),
    parked,
  );

  // Per-owner figures.
  const owners = new Map<string, { total: number; listed: number; delisted: number }>();
  for (const [id, d] of live) {
    if (parked.has(id)) continue;
    const o = owners.get(d.ownerId) ?? { total: 0, listed: 0, delisted: 0 };
    o.total++;
    if (d.isAvailable) o.listed++;
    else o.delisted++;
    owners.set(d.ownerId, o);
  }
  const stats = await sql<{ owner_id: string; total: number; listed: number; delisted: number }[]>`
    SELECT owner_id, total::int, listed::int, delisted::int FROM owner_listing_stats`;
  for (const s of stats) {
    const o = owners.get(s.owner_id) ?? { total: 0, listed: 0, delisted: 0 };
    if (o.total !== s.total || o.listed !== s.listed || o.delisted !== s.delisted)
      differences.push(
        `owner figures (owner_listing_stats): owner ${s.owner_id} has ${s.total}/${s.listed}/${s.delisted} (total/listed/delisted), the log says ${o.total}/${o.listed}/${o.delisted}`,
      );
    owners.delete(s.owner_id);
  }
  for (const [owner, o] of owners)
    if (o.total > 0)
      differences.push(`owner figures (owner_listing_stats): owner ${owner} is missing`);

  // The search index: exactly the listed listings, each with the document the projection builds.
  let indexDocuments: number | null = null;
  const indexes = [
    ...(options.meili ? [{ label: 'search index', meili: options.meili }] : []),
    ...(options.replicas ?? []),
  ];
  if (indexes.length > 0) {
    const expected = await indexChangesFor(
      sql,
      listed.map(([id]) => id),
    );
    const sums = new Map(expected.upserts.map((d) => [d.id, checksum(d, indexNumber)]));
    for (const { label, meili } of indexes) {
      const actual = await allIndexDocuments(meili, options.index ?? LISTINGS_INDEX);
      indexDocuments ??= actual.size;
      compareSets(
        differences,
        label,
        sums,
        new Map([...actual].map(([id, d]) => [id, checksum(d, indexNumber)])),
        parked,
      );
    }
  }

  // The public pages: a page in every language for every listed listing (with its title), none
  // answering 200 for any other, and the sitemaps list exactly the listed ones.
  let listingPages: number | null = null;
  const dir = options.publicSiteDir;
  if (dir && existsSync(dir)) {
    listingPages = 0;
    for (const [id, d] of docs) {
      if (parked.has(id)) continue;
      for (const locale of PUBLIC_LOCALES) {
        const file = join(dir, pageFile(localePath(locale, listingPath(id))));
        const html = existsSync(file) ? await readFile(file, 'utf8') : null;
        const serves = html !== null && statusOfPage(html) === 200;
        const which = locale === DEFAULT_LOCALE ? '' : ` (${locale})`;
        if (serves && locale === DEFAULT_LOCALE) listingPages++;
        if (d?.isAvailable) {
          if (!serves) differences.push(`public pages: listing ${id} has no page${which}`);
          else if (!html.includes(escapeHtml(d.title)))
            differences.push(
              `public pages: the page of listing ${id}${which} does not show its title`,
            );
        } else if (serves) differences.push(`public pages: listing ${id} still has a page${which}`);
      }
    }
    const inSitemaps = await sitemapListingIds(dir);
    for (const [id] of listed)
      if (!inSitemaps.has(id) && !parked.has(id))
        differences.push(`sitemaps: listing ${id} is missing`);
    for (const id of inSitemaps)
      if (docs.get(id)?.isAvailable !== true && !parked.has(id))
        differences.push(`sitemaps: listing ${id} should not be there`);
  }

  return {
    counts: {
      listingsInLog: docs.size,
      live: live.length,
      listed: listed.length,
      parked: parked.size,
      readModelRows: readRows.length,
      visitorRows: visitorRows.length,
      indexDocuments,
      listingPages,
    },
    differences,
  };
};
