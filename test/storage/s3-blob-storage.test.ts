/**
 * The S3 BlobStorage against a real S3-protocol server (s3rver) started here: the shared
 * contract, with and without a key prefix, plus presigned URLs and the prefix on the wire.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { S3BlobStorage } from '../../src/storage/s3/s3-blob-storage.ts';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { runBlobStorageContract } from './blob-storage.contract.ts';

function s3Storage(s3: TestS3, prefix: string): S3BlobStorage {
  return new S3BlobStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    prefix,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    // Small pages, so the contract's listing goes through several of them.
    listPageSize: 7,
  });
}

for (const prefix of ['', 'tenant-a/imprint/']) {
  runBlobStorageContract(`S3 (s3rver${prefix ? `, prefix ${prefix}` : ''})`, async () => {
    const s3 = await startS3();
    const storage = s3Storage(s3, prefix);
    return {
      storage,
      cleanup: async () => {
        storage.close();
        await s3.close();
      },
    };
  });
}

describe('S3BlobStorage specifics', () => {
  let s3: TestS3;
  let storage: S3BlobStorage;
  before(async () => {
    s3 = await startS3();
    storage = s3Storage(s3, 'pre/');
  });
  after(async () => {
    storage.close();
    await s3.close();
  });

  it('stores objects under the configured prefix of the bucket', async () => {
    const key = `images/${randomBytes(16).toString('hex')}/card.png`;
    await storage.put(key, Buffer.from('png'), 'image/png');
    const onDisk = fs.readdirSync(path.join(s3.dir, s3.bucket), { recursive: true }).map(String);
    assert.ok(
      onDisk.some((f) => f.startsWith(path.join('pre', key))),
      `not under pre/: ${onDisk.join(', ')}`,
    );
    // A storage without the prefix does not see it.
    const bare = s3Storage(s3, '');
    assert.equal(await bare.head(key), null);
    bare.close();
  });

  it('signs a GET URL that downloads the object without credentials, with its filename', async () => {
    const key = `pdfs/${randomBytes(16).toString('hex')}/report.pdf`;
    await storage.put(key, Buffer.from('%PDF-presigned'), 'application/pdf');
    const url = await storage.presignedUrl(key, 300, 'report.pdf');
    assert.match(url, /X-Amz-Signature=/);
    assert.match(url, /X-Amz-Expires=300/);
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '%PDF-presigned');
    assert.equal(res.headers.get('content-disposition'), 'inline; filename="report.pdf"');
  });
});
