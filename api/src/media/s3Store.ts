import { s3Bucket, type S3BucketOptions } from '@rentals/core/s3Bucket';
import { isSafeKey, type MediaStore } from './mediaStore.ts';

/**
 * Photos in an S3-compatible bucket through Bun's S3 client. Keys are the same
 * as on disk (`listings/<id>/<hash>-<width>.webp`), under an optional prefix;
 * the web process still serves them under /media (or a CDN in front of it).
 */
export const s3Store = (options: S3BucketOptions): MediaStore => {
  const { client, key: prefixed } = s3Bucket(options);
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return prefixed(key);
  };

  return {
    async put(key, bytes, contentType) {
      await client.write(objectKey(key), bytes, { type: contentType });
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const file = client.file(objectKey(key));
      const stat = await file.stat().catch(() => null);
      if (!stat) return null;
      // A stream: Bun cannot wrap an S3 file itself in a Response with headers.
      return { body: file.stream(), size: stat.size };
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => client.delete(objectKey(key))));
    },
    async deletePrefix(prefix) {
      const listPrefix = `${objectKey(prefix)}/`;
      // Listed a page (≤ 1000 keys) at a time; a listing has at most 30 files, the loop is for safety.
      for (;;) {
        const page = await client.list({ prefix: listPrefix, maxKeys: 1000 });
        const keys = (page.contents ?? []).map((c) => c.key);
        if (keys.length === 0) return;
        await Promise.all(keys.map((k) => client.delete(k)));
        if (!page.isTruncated) return;
      }
    },
    async *list(prefix) {
      const listPrefix = `${objectKey(prefix)}/`;
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix: listPrefix, maxKeys: 1000, continuationToken });
        for (const object of page.contents ?? [])
          yield {
            key: object.key.slice(prefixed('').length),
            modifiedAt: new Date(object.lastModified ?? 0),
          };
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
};
