import { listingStreamId } from '@rentals/core/listings/events';
import { escapeHtml } from '@rentals/core/html/markup';
import { listingPath } from '@rentals/projections/publicSite/paths';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import type { Ledger } from './load.ts';
import type { Stack } from './stack.ts';

export type AcknowledgedReport = { writes: number; lost: string[] };

const inBatches = async <T>(items: T[], size: number, work: (item: T) => Promise<void>) => {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map(work));
};

/** How long the photos of acknowledged creates may take to be processed once the load stops. */
const PHOTO_WAIT_MS = 120_000;

/**
 * Every photo of an acknowledged create is processed (photos are made after the answer, by the
 * web processes' photo processor) and each of its renditions served. Waits for the processor,
 * which may still be working through the load's last uploads.
 */
const checkPhotos = async (stack: Stack, ledger: Ledger, live: string[]) => {
  const lost: string[] = [];
  const wanted = live.filter((id) => ledger.creates.get(id)!.photos > 0);
  const until = Date.now() + PHOTO_WAIT_MS;
  const read = async () =>
    (
      await stack.sql<{ id: string; images: { variants: { url: string }[] }[] | null }[]>`
        SELECT id, doc -> 'images' AS images FROM listing_read WHERE id = ANY(${wanted}::text[])`
    ).map((r) => ({
      id: r.id,
      count: r.images?.length ?? 0,
      urls: (r.images ?? []).flatMap((i) => i.variants.map((v) => v.url)),
    }));
  let docs = await read();
  while (
    docs.filter((d) => d.count >= ledger.creates.get(d.id)!.photos).length < wanted.length &&
    Date.now() < until
  ) {
    await new Promise((r) => setTimeout(r, 1000));
    docs = await read();
  }
  for (const d of docs) {
    const sent = ledger.creates.get(d.id)!.photos;
    if (d.count < sent)
      lost.push(
        `listing ${d.id} shows ${d.count} of its ${sent} photos after ${PHOTO_WAIT_MS / 1000} s`,
      );
  }
  await inBatches(
    docs.flatMap((d) => d.urls.map((url) => ({ id: d.id, url }))),
    16,
    async ({ id, url }) => {
      const res = await fetch(`${stack.url}${url}`);
      await res.arrayBuffer();
      if (res.status !== 200) lost.push(`photo ${url} of listing ${id} answers ${res.status}`);
    },
  );
  return lost;
};

/** What the log holds for the drill's listings: each one's created title, rents and delete. */
const readLog = async (stack: Stack, ids: string[]) => {
  const events = await stack.sql<
    { stream_id: string; type: string; title: string | null; rent: number | null }[]
  >`
    SELECT stream_id, type, data ->> 'title' AS title, (data ->> 'rent')::bigint AS rent
    FROM events
    WHERE stream_id = ANY(${ids.map(listingStreamId)}::text[])
      AND type IN ('ListingCreated', 'ListingRentChanged', 'ListingDeleted')
    ORDER BY position`;
  const log = new Map<string, { title?: string; rents: number[]; deleted: boolean }>();
  for (const e of events) {
    const id = e.stream_id.replace(/^listing-/, '');
    const entry = log.get(id) ?? { rents: [], deleted: false };
    if (e.type === 'ListingCreated') entry.title = e.title ?? undefined;
    if (e.rent !== null) entry.rents.push(e.rent);
    if (e.type === 'ListingDeleted') entry.deleted = true;
    log.set(id, entry);
  }
  return log;
};

/** The drill's listings that are in the search index. */
const indexedIds = async (stack: Stack, ids: string[]) => {
  const indexed = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const docs = await stack.meili
      .index(LISTINGS_INDEX)
      .getDocuments<{ id: string }>({ ids: batch, fields: ['id'], limit: batch.length });
    for (const d of docs.results) indexed.add(d.id);
  }
  return indexed;
};

/**
 * Every write the product acknowledged (2xx) is there: its event in the log
 * (the create with its title, the edit with its rent, the delete), and the
 * listing as the log now says it is in the full and visitor read models, the
 * search index and the public pages (a page with its title while it lives,
 * none after its delete), with every photo the create sent processed and served.
 * Run once the read side has caught up (after `npm run verify`).
 */
export const checkAcknowledged = async (
  stack: Stack,
  ledger: Ledger,
): Promise<AcknowledgedReport> => {
  const lost: string[] = [];
  const ids = [...ledger.creates.keys()];
  const log = await readLog(stack, ids);

  for (const [id, { title }] of ledger.creates)
    if (log.get(id)?.title !== title) lost.push(`create of ${id} ("${title}") is not in the log`);
  for (const { id, rent } of ledger.updates)
    if (!log.get(id)?.rents.includes(rent))
      lost.push(`edit of ${id} (rent ${rent}) is not in the log`);
  for (const id of ledger.deletes)
    if (!log.get(id)?.deleted) lost.push(`delete of ${id} is not in the log`);

  const live = ids.filter((id) => log.has(id) && !log.get(id)!.deleted);
  const gone = ids.filter((id) => log.get(id)?.deleted);
  const rows = new Map(
    (
      await stack.sql<{ id: string; title: string; rent: number; listed: boolean }[]>`
        SELECT id, doc ->> 'title' AS title, (doc ->> 'rent')::bigint AS rent,
               (doc ->> 'isAvailable')::boolean AS listed
        FROM listing_read WHERE id = ANY(${ids}::text[])`
    ).map((r) => [r.id, r]),
  );
  const visitorRows = new Set(
    (
      await stack.sql<
        { id: string }[]
      >`SELECT id FROM listing_public WHERE id = ANY(${ids}::text[])`
    ).map((r) => r.id),
  );
  const indexed = await indexedIds(stack, ids);

  for (const id of live) {
    const { title, rents } = log.get(id)!;
    const row = rows.get(id);
    if (!row) lost.push(`listing ${id} is missing from the read model`);
    else if (row.rent !== rents.at(-1))
      lost.push(
        `listing ${id} has rent ${row.rent} in the read model, the log says ${rents.at(-1)}`,
      );
    if (!visitorRows.has(id)) lost.push(`listing ${id} is missing from the visitor model`);
    if (row?.listed && !indexed.has(id))
      lost.push(`listing ${id} is missing from the search index`);
    if (row?.listed) {
      const page = await fetch(`${stack.url}${listingPath(id)}`);
      const html = await page.text();
      if (page.status !== 200 || !html.includes(escapeHtml(title!)))
        lost.push(`listing ${id} has no public page with its title (${page.status})`);
    }
  }
  for (const id of gone) {
    if (rows.has(id) || visitorRows.has(id))
      lost.push(`deleted listing ${id} is still in the read models`);
    if (indexed.has(id)) lost.push(`deleted listing ${id} is still in the search index`);
    const page = await fetch(`${stack.url}${listingPath(id)}`);
    await page.arrayBuffer();
    if (page.status === 200) lost.push(`deleted listing ${id} still has a public page`);
  }
  lost.push(...(await checkPhotos(stack, ledger, live)));

  return {
    writes: ledger.creates.size + ledger.updates.length + ledger.deletes.size,
    lost,
  };
};
