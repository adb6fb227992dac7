// Runs s3rver in a process of its own: `node --openssl-legacy-provider s3rver-main.mjs <dir>
// <bucket>`. s3rver makes its list continuation tokens with DES, which OpenSSL 3 only offers
// through the legacy provider, a flag the test process itself cannot turn on. Prints
// `{"port":N}` once listening and stops on SIGTERM.
import S3rver from 's3rver';

const [dir, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const info = await server.run();
process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
