/**
 * Where processed photos live. Keys are slash-separated paths such as
 * `listings/<listingId>/<hash>-640.webp`; their URL is `/media/<key>`. Files
 * are content-hashed, so a key's bytes never change and may be cached forever.
 *
 * Two stores implement it: the local disk (default) and an S3-compatible
 * bucket through Bun's S3 client (MEDIA_S3_*); mediaStores.int.test.ts runs
 * one contract against both, the bucket served by s3rver started in the test.
 */
export type MediaStore = {
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  /** null when the key does not exist. */
  get: (key: string) => Promise<{ body: Blob | ReadableStream<Uint8Array>; size: number } | null>;
  /** Removes these files; missing ones are ignored. */
  remove: (keys: string[]) => Promise<void>;
  /** Removes every file under `prefix/` (a listing's photos once it is deleted). */
  deletePrefix: (prefix: string) => Promise<void>;
  /**
   * Every file under `prefix/` with its last change, leftover temporary files
   * (`….tmp`) included: what the orphan sweep (orphanSweep.ts) looks through.
   */
  list: (prefix: string) => AsyncIterable<StoredFile>;
};

export type StoredFile = { key: string; modifiedAt: Date };

export const MEDIA_URL_PREFIX = '/media/';

/** Photos as uploaded, kept until processed (api/src/listings/photoProcessor.ts); /media never serves them. */
export const INCOMING_PREFIX = 'incoming';

export const mediaUrl = (key: string) => `${MEDIA_URL_PREFIX}${key}`;

/** The key behind a URL made by `mediaUrl`, or null for any other URL. */
export const mediaKeyOf = (url: string) =>
  url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : null;

/** Keys are made by us, but requests are not: only plain segments of safe characters pass. */
export const isSafeKey = (key: string) =>
  key.length > 0 &&
  key.length <= 300 &&
  key
    .split('/')
    .every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'));
