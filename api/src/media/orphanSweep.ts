import type { Sql } from 'postgres';
import { listingStreamId } from '@rentals/core/listings/events';
import type { Logger } from '@rentals/core/logger';
import type { MediaStore } from './mediaStore.ts';

/** Photos are stored seconds before their event is appended; anything this much older is settled. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export type SweepReport = { checked: number; orphans: string[]; temporary: string[] };

const LISTINGS_PER_QUERY = 500;

/** Every media key the events of these listings mention (any event, any shape: their text is searched). */
const referencedKeys = async (sql: Sql, listingIds: string[]) => {
  const keys = new Set<string>();
  for (let i = 0; i < listingIds.length; i += LISTINGS_PER_QUERY) {
    const streams = listingIds.slice(i, i + LISTINGS_PER_QUERY).map(listingStreamId);
    const rows = await sql<{ data: string }[]>`
      SELECT data::text AS data FROM events WHERE stream_id = ANY(${streams}::text[])`;
    for (const { data } of rows)
      for (const match of data.matchAll(/\/media\/([A-Za-z0-9][A-Za-z0-9._/-]*)/g))
        keys.add(match[1]!);
  }
  return keys;
};

/**
 * Removes photos whose event never made it into the log — the web process
 * was killed between storing a photo and appending its event, or the append
 * failed and the clean-up after it did too — and temporary files a killed
 * write left behind. Only files older than the grace period are considered,
 * so a request still in flight never loses its photos; a file is kept when
 * any event of its listing mentions it. The shared seed pool (`pool/`) only
 * loses its temporary files.
 */
export const sweepOrphanPhotos = async (options: {
  sql: Sql;
  media: MediaStore;
  now: () => Date;
  graceMs?: number;
  dryRun?: boolean;
}): Promise<SweepReport> => {
  const settledBefore = options.now().getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  const report: SweepReport = { checked: 0, orphans: [], temporary: [] };
  const byListing = new Map<string, string[]>();
  for (const prefix of ['listings', 'pool'])
    for await (const file of options.media.list(prefix)) {
      report.checked++;
      if (file.modifiedAt.getTime() > settledBefore) continue;
      if (file.key.endsWith('.tmp')) report.temporary.push(file.key);
      else if (prefix === 'listings') {
        const listingId = file.key.split('/')[1]!;
        byListing.set(listingId, [...(byListing.get(listingId) ?? []), file.key]);
      }
    }
  const referenced = await referencedKeys(options.sql, [...byListing.keys()]);
  for (const keys of byListing.values())
    report.orphans.push(...keys.filter((key) => !referenced.has(key)));
  if (!options.dryRun) await options.media.remove([...report.orphans, ...report.temporary]);
  return report;
};

/** The sweep on a timer (the web process runs it); failures are logged and retried next time. */
export const startOrphanSweep = (options: {
  sql: Sql;
  media: MediaStore;
  log: Logger;
  everyMs?: number;
}) => {
  const run = async () => {
    try {
      const report = await sweepOrphanPhotos({ ...options, now: () => new Date() });
      if (report.orphans.length + report.temporary.length > 0)
        options.log.info('removed orphan photos', {
          orphans: report.orphans.length,
          temporary: report.temporary.length,
        });
    } catch (error) {
      options.log.warn('orphan photo sweep failed; retrying at the next run', {
        error: (error as Error).message,
      });
    }
  };
  const timer = setInterval(() => void run(), options.everyMs ?? 15 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
