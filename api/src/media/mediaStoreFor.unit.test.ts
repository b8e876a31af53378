import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@rentals/core/config/env';

describe('media store settings', () => {
  it('keeps photos on the local disk under DATA_DIR unless told otherwise', () => {
    expect(loadConfig({}).mediaDir).toBe('.data/media');
    expect(loadConfig({ DATA_DIR: '/srv/rentals' }).mediaDir).toBe('/srv/rentals/media');
    expect(loadConfig({ MEDIA_DIR: '/mnt/photos' }).mediaDir).toBe('/mnt/photos');
    expect(loadConfig({}).mediaS3).toBeUndefined();
  });

  it('uses an S3-compatible bucket when all its settings are given, and refuses half a configuration', () => {
    const s3 = {
      MEDIA_S3_BUCKET: 'rentals-media',
      MEDIA_S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com/',
      MEDIA_S3_ACCESS_KEY_ID: 'AKIA',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_S3_REGION: 'ap-south-1',
    };
    expect(loadConfig(s3).mediaS3).toEqual({
      bucket: 'rentals-media',
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      region: 'ap-south-1',
      prefix: undefined,
    });
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'rentals-media' })).toThrow(ConfigError);
  });
});
