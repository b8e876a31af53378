import type { Locale } from '@rentals/core/i18n/locales';
import { localiseMessage } from '../i18n/apiErrors.ts';
import type { Sql } from 'postgres';
import type { PhotoFailure } from '@rentals/core/listings/events';
import type { PhotoUpload } from '@rentals/core/contract/property';
import { photoMessages } from '../media/photoRules.ts';

/**
 * The photo processing queue (`photo_jobs`, migration 0203): one row per
 * received photo. The listing's stream says what is really waiting; a row
 * is the processor's reminder to look, and what the owner is shown.
 */

/**
 * A claimed listing whose lease was not renewed in this time (its process died, or lost the
 * database mid-claim) is claimed again; a live processor renews it every LEASE_RENEW_MS.
 */
const LEASE_SECONDS = 30;
export const LEASE_RENEW_MS = 10_000;
/** LISTEN channel that wakes the processors of every web process. */
export const PHOTO_JOBS_CHANNEL = 'photo_jobs';

export type PhotoJob = {
  photoId: string;
  listingId: string;
  ownerId: string;
  name: string;
  caption: string;
  originalKey: string;
  pixels: number;
  attempts: number;
};

export type NewPhotoJob = Omit<PhotoJob, 'attempts' | 'listingId' | 'ownerId'>;

/**
 * Writes the rows of an upload before its append, held until `release`.
 * The listing's failed photos go: a new upload replaces their notices.
 */
export const holdPhotoJobs = async (
  sql: Sql,
  listingId: string,
  ownerId: string,
  jobs: NewPhotoJob[],
) => {
  await sql`DELETE FROM photo_jobs WHERE listing_id = ${listingId} AND failed IS NOT NULL`;
  if (jobs.length === 0) return;
  const rows = jobs.map((j, seq) => ({
    photo_id: j.photoId,
    listing_id: listingId,
    owner_id: ownerId,
    name: j.name,
    caption: j.caption,
    original_key: j.originalKey,
    pixels: j.pixels,
    seq,
  }));
  // not_before defaults to a hold of two minutes (migration 0203).
  await sql`INSERT INTO photo_jobs ${sql(rows)}`;
};

/** The append answered: the rows may be processed now, by any web process. */
export const releasePhotoJobs = async (sql: Sql, photoIds: string[]) => {
  if (photoIds.length === 0) return;
  await sql`UPDATE photo_jobs SET not_before = now() WHERE photo_id = ANY(${photoIds}::text[])`;
  await sql`SELECT pg_notify(${PHOTO_JOBS_CHANNEL}, '')`;
};

export const dropPhotoJobs = async (sql: Sql, photoIds: string[]) => {
  if (photoIds.length > 0)
    await sql`DELETE FROM photo_jobs WHERE photo_id = ANY(${photoIds}::text[])`;
};

export const dropListingPhotoJobs = (sql: Sql, listingId: string) =>
  sql`DELETE FROM photo_jobs WHERE listing_id = ${listingId}`;

export const failPhotoJobs = async (sql: Sql, failures: { id: string; reason: PhotoFailure }[]) => {
  for (const f of failures)
    await sql`UPDATE photo_jobs SET failed = ${f.reason} WHERE photo_id = ${f.id}`;
};

/**
 * Claims the waiting photos of one listing (the one waiting longest) for
 * `leaseSeconds`; none when nothing is due. Several processes may claim at
 * once: SKIP LOCKED gives each its own listing.
 */
export const claimPhotoJobs = async (sql: Sql, leaseSeconds = LEASE_SECONDS): Promise<PhotoJob[]> =>
  sql<PhotoJob[]>`
    WITH next AS (
      SELECT listing_id FROM photo_jobs WHERE failed IS NULL AND not_before <= now()
      ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED)
    UPDATE photo_jobs j SET not_before = now() + make_interval(secs => ${leaseSeconds}),
      attempts = j.attempts + 1
    FROM next WHERE j.listing_id = next.listing_id AND j.failed IS NULL AND j.not_before <= now()
    RETURNING j.photo_id AS "photoId", j.listing_id AS "listingId", j.owner_id AS "ownerId", j.name,
      j.caption, j.original_key AS "originalKey", j.pixels, j.attempts`;

/** The claim on these photos goes on (their processor is alive); not for a photo given back or failed. */
export const renewPhotoJobs = (sql: Sql, photoIds: string[]) =>
  sql`UPDATE photo_jobs SET not_before = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE photo_id = ANY(${photoIds}::text[]) AND failed IS NULL AND not_before > now()
        AND not_before <= now() + make_interval(secs => ${LEASE_SECONDS})`;

/**
 * Gives a claimed photo back for another try after `seconds`; `counted`:
 * whether this try counts towards giving up (not when the pool was full).
 */
export const retryPhotoJobLater = (sql: Sql, photoId: string, seconds: number, counted: boolean) =>
  sql`UPDATE photo_jobs SET not_before = now() + make_interval(secs => ${seconds}),
        attempts = attempts - ${counted ? 0 : 1}
      WHERE photo_id = ${photoId}`;

/** Why a photo failed, in `locale` (the owner's page's; api/src/i18n/apiErrors.ts). */
export const failureMessage = (name: string, reason: PhotoFailure, locale: Locale = 'en') =>
  localiseMessage(
    reason === 'unreadable' ? photoMessages.unreadable(name) : photoMessages.notProcessed(name),
    locale,
  );

/** The owner's view of the photos of these listings that are not (yet) among their images. */
export const photoUploadsOf = async (
  sql: Sql,
  listingIds: string[],
  locale: Locale = 'en',
): Promise<Map<string, PhotoUpload[]>> => {
  const byListing = new Map<string, PhotoUpload[]>();
  if (listingIds.length === 0) return byListing;
  const rows = await sql<
    { listingId: string; id: string; name: string; caption: string; failed: PhotoFailure | null }[]
  >`
    SELECT listing_id AS "listingId", photo_id AS id, name, caption, failed FROM photo_jobs
    WHERE listing_id = ANY(${listingIds}::text[]) ORDER BY created_at, seq`;
  for (const r of rows) {
    const upload: PhotoUpload = r.failed
      ? {
          id: r.id,
          name: r.name,
          caption: r.caption,
          status: 'failed',
          message: failureMessage(r.name, r.failed, locale),
        }
      : { id: r.id, name: r.name, caption: r.caption, status: 'processing' };
    byListing.set(r.listingId, [...(byListing.get(r.listingId) ?? []), upload]);
  }
  return byListing;
};
