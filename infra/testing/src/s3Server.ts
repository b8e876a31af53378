import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3BucketOptions } from '@rentals/core/s3Bucket';
import { freePort } from './infra.ts';

/**
 * s3rver, a real S3-compatible HTTP server, on a free port with the given
 * buckets: what the media store and the pages' bucket are tested against.
 */
export const startS3Server = async (buckets: string[]) => {
  const root = await mkdtemp(join(tmpdir(), 's3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: root,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  await server.run();
  return {
    /** Options for one of the buckets, with s3rver's fixed development credentials. */
    bucket: (bucket: string, prefix?: string): S3BucketOptions => ({
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix,
    }),
    stop: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
};
