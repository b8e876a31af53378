import { localDiskStore } from './localDiskStore.ts';
import type { MediaStore } from './mediaStore.ts';
import type { S3BucketOptions } from '@rentals/core/s3Bucket';
import { s3Store } from './s3Store.ts';

/** The configured store: an S3-compatible bucket when MEDIA_S3_* are set, else the local MEDIA_DIR. */
export const mediaStoreFor = (config: {
  mediaDir: string;
  mediaS3?: S3BucketOptions | undefined;
}): MediaStore => (config.mediaS3 ? s3Store(config.mediaS3) : localDiskStore(config.mediaDir));
