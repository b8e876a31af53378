// The object storage host of the multi-host drill: s3rver (the S3-compatible server the tests
// use) on S3_ADDRESS:S3_PORT, its files under S3_DIR, with the `media` bucket. Run inside the
// host's network namespace by hostsStack.ts.
import S3rver from 's3rver';

const server = new S3rver({
  address: process.env.S3_ADDRESS!,
  port: Number(process.env.S3_PORT),
  silent: true,
  directory: process.env.S3_DIR!,
  vhostBuckets: false,
  configureBuckets: [{ name: 'media' }],
});
await server.run();
console.log('object storage ready');
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
