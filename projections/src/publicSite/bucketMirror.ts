import { readdir, readFile } from 'node:fs/promises';
import { join, relative as relativeTo } from 'node:path';
import type { Sql, TransactionSql } from 'postgres';
import { contentTypeOf } from '@rentals/core/contentTypes';
import type { S3Bucket } from '@rentals/core/s3Bucket';
import { cacheControlOfPage } from '../queries/publicPageFiles.ts';
import { CITIES_PATH, pageFile } from './paths.ts';

export type BucketMirrorOptions = {
  sql: Sql;
  /** The regenerator's output directory, the source of truth for the bucket. */
  outDir: string;
  bucket: S3Bucket;
  /** Told the URL paths of every batch uploaded (POST, JSON `{ paths }`), e.g. a CDN purge endpoint. */
  purgeUrl?: string | undefined;
};

const UPLOADS_IN_FLIGHT = 8;
const BATCH = 200;

/** `browse/cities/pune.html` → `/browse/cities/pune`; feeds and assets keep their names. */
export const urlPathOf = (relative: string) => `/${relative.replace(/\.html$/, '')}`;

const inParallel = async <T>(items: T[], limit: number, run: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/**
 * Keeps an S3-compatible bucket in step with the generated pages, so the web
 * processes (or a CDN) can serve them from there: only what a regeneration
 * changed is uploaded, each file with its content type and cache policy, and
 * a purge hook is told which URLs changed.
 */
export const createBucketMirror = (options: BucketMirrorOptions) => {
  const { sql, outDir, bucket } = options;

  const upload = async (relative: string) => {
    const bytes = await readFile(join(outDir, relative));
    await bucket.putWithHeaders(relative, bytes, {
      contentType: contentTypeOf(relative),
      cacheControl: cacheControlOfPage(relative),
    });
  };

  const purge = async (urlPaths: string[]) => {
    if (!options.purgeUrl) return;
    const res = await fetch(options.purgeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paths: urlPaths }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`purge hook answered ${res.status}`);
  };

  /** Every file below the output directory, as relative paths (temporary files left out). */
  const allFiles = async (): Promise<string[]> => {
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.name.includes('.tmp-'))
      .map((e) => relativeTo(outDir, join(e.parentPath, e.name)));
  };

  return {
    /** Queues what a regeneration wrote, in its own transaction (see migration 0045). */
    queue: async (tx: TransactionSql, paths: string[]) => {
      if (paths.length === 0) return;
      await tx`INSERT INTO public_site_uploads (path) SELECT unnest(${paths}::text[])
               ON CONFLICT (path) DO UPDATE SET seq = nextval('public_site_upload_seq')`;
    },

    /** Uploads everything queued, then tells the purge hook; a failure leaves the rest queued. */
    drain: async (): Promise<number> => {
      let total = 0;
      for (;;) {
        const rows = await sql<{ path: string; seq: string }[]>`
          SELECT path, seq::text FROM public_site_uploads ORDER BY seq LIMIT ${BATCH}`;
        if (rows.length === 0) return total;
        const paths = rows.map((r) => r.path);
        await inParallel(paths, UPLOADS_IN_FLIGHT, upload);
        await purge(paths.map(urlPathOf));
        await sql`DELETE FROM public_site_uploads u
                  USING unnest(${paths}::text[], ${rows.map((r) => r.seq)}::bigint[]) AS t(path, seq)
                  WHERE u.path = t.path AND u.seq = t.seq`;
        total += paths.length;
      }
    },

    /** The bucket has never received the site (no cities index there). */
    isEmpty: async () => (await bucket.stat(pageFile(CITIES_PATH))) === null,

    /**
     * Uploads every file of the output (after a full build, or a bucket
     * configured later), then asks the purge hook to drop everything (`/*`).
     */
    syncAll: async (onProgress?: (done: number, total: number) => void): Promise<number> => {
      const files = await allFiles();
      let done = 0;
      await inParallel(files, UPLOADS_IN_FLIGHT, async (relative) => {
        await upload(relative);
        onProgress?.(++done, files.length);
      });
      await purge(['/*']);
      return files.length;
    },
  };
};

export type BucketMirror = ReturnType<typeof createBucketMirror>;
