import { S3Client } from 'bun';

export type S3BucketOptions = {
  /** e.g. https://s3.ap-south-1.amazonaws.com, or a MinIO/R2/Spaces endpoint. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string | undefined;
  /** Key prefix inside the bucket, so one bucket can serve several environments. */
  prefix?: string | undefined;
};

export type StoredObject = { size: number; etag: string };

/**
 * An S3-compatible bucket under an optional key prefix, through Bun's S3
 * client: the one place that knows how keys are prefixed (photos and public
 * pages both live in buckets).
 */
export const s3Bucket = (options: S3BucketOptions) => {
  const client = new S3Client({
    endpoint: options.endpoint,
    bucket: options.bucket,
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region ?? 'us-east-1',
  });
  const base = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const key = (name: string) => `${base}${name}`;

  return {
    client,
    key,
    /**
     * Stores an object with its Content-Type and Cache-Control, which S3 keeps
     * and sends with every GET (so a CDN in front of the bucket caches as
     * told). Bun's `write` has no Cache-Control option, so this sends the PUT
     * itself to a presigned URL; the two headers are not part of the signature.
     */
    async putWithHeaders(
      name: string,
      body: Uint8Array | string,
      headers: { contentType: string; cacheControl: string },
    ) {
      const url = client.presign(key(name), { method: 'PUT', expiresIn: 300 });
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': headers.contentType, 'cache-control': headers.cacheControl },
        body,
      });
      if (!res.ok)
        throw new Error(
          `PUT ${name} to the bucket: ${res.status} ${(await res.text()).slice(0, 200)}`,
        );
    },
    /** Size and ETag of an object, or null when there is none. */
    async stat(name: string): Promise<StoredObject | null> {
      const found = await client
        .file(key(name))
        .stat()
        .catch(() => null);
      return found ? { size: found.size, etag: found.etag } : null;
    },
  };
};

export type S3Bucket = ReturnType<typeof s3Bucket>;
