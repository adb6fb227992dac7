/**
 * GET /files/<key>: public, unguessable, right headers, ranges, HEAD and ETags, and no way out of
 * the storage root; on local disk and on S3 (s3rver), plus presigned redirects and
 * IMPRINT_FILES_BASE_URL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fileUrl, newFileKey } from '../../src/storage/file-url.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The S3 storage takes credentials from the AWS SDK's standard chain, here the environment.
process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;

for (const { kind, skip } of testDbKinds()) {
  describe(`GET /files/* (${kind})`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    it('serves a stored file without a token, with its type and an inline filename', async () => {
      const key = newFileKey('images', 'my-card.png');
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255]);
      await t.runtime.services.storage.put(key, bytes, 'image/png');
      const url = fileUrl(t.config.publicUrl, key);
      assert.equal(url, `http://imprint.test/files/${key}`);
      const res = await t.request({ method: 'GET', url: `/files/${key}`, token: null });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.headers['content-disposition'], 'inline; filename="my-card.png"');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(Number(res.headers['content-length']), bytes.length);
      assert.ok(res.rawPayload.equals(bytes));
      const head = await t.request({ method: 'HEAD', url: `/files/${key}`, token: null });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-type'], 'image/png');
      assert.equal(head.rawPayload.length, 0);
    });

    it('serves PDFs as application/pdf', async () => {
      const key = newFileKey('pdfs', 'report.pdf');
      await t.runtime.services.storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
      const res = await t.request({ method: 'GET', url: `/files/${key}`, token: null });
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.equal(res.body, '%PDF-1.7');
    });

    it('answers 404 for unknown and deleted keys', async () => {
      const key = newFileKey('images', 'gone.jpg');
      await t.runtime.services.storage.put(key, Buffer.from('x'), 'image/jpeg');
      await t.runtime.services.storage.delete(key);
      for (const url of [`/files/${key}`, '/files/images/0000/none.png', '/files/']) {
        const res = await t.request({ method: 'GET', url, token: null });
        assert.equal(res.statusCode, 404, url);
        assert.equal(typeof res.json().message, 'string');
      }
    });

    it('cannot be walked out of the storage root', async () => {
      const attempts = [
        '/files/../package.json',
        '/files/..%2Fpackage.json',
        '/files/images/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/files/images/..%2F..%2F..%2F..%2Fimprint.sqlite',
        '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/files/data/..%5C..%5Cpackage.json',
        '/files//etc/passwd',
        '/files/images/x/%00.png',
      ];
      for (const url of attempts) {
        const res = await t.request({ method: 'GET', url, token: null });
        assert.equal(res.statusCode, 404, url);
        assert.doesNotMatch(res.body, /"name"\s*:\s*"imprint"|root:/, url);
      }
    });
  });
}

/** Range, HEAD and conditional requests, the same on both storages. */
for (const storage of ['local', 's3'] as const) {
  describe(`GET /files/* ranges and validators (${storage} storage)`, () => {
    let t: TestApp;
    let s3: TestS3 | undefined;
    const bytes = randomBytes(50_000);
    const key = newFileKey('images', 'big.png');
    before(async () => {
      if (storage === 's3') s3 = await startS3();
      t = await createTestApp('sqlite', s3 ? s3.env('files') : {});
      await t.runtime.services.storage.put(key, bytes, 'image/png');
    });
    after(async () => {
      await t.close();
      await s3?.close();
    });
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.request({ method, url: `/files/${key}`, token: null, headers });

    it('serves the whole file with Accept-Ranges, ETag and Last-Modified', async () => {
      const res = await get();
      assert.equal(res.statusCode, 200);
      assert.ok(res.rawPayload.equals(bytes));
      assert.equal(res.headers['accept-ranges'], 'bytes');
      assert.match(String(res.headers.etag), /^"[^"]+"$/);
      assert.ok(!Number.isNaN(Date.parse(String(res.headers['last-modified']))));
      assert.equal(Number(res.headers['content-length']), bytes.length);
    });

    it('serves a file larger than one read whole, as a stream', async () => {
      const large = randomBytes(700_000);
      const largeKey = newFileKey('pdfs', 'large.pdf');
      await t.runtime.services.storage.put(largeKey, large, 'application/pdf');
      const res = await t.request({ method: 'GET', url: `/files/${largeKey}`, token: null });
      assert.equal(res.statusCode, 200);
      assert.equal(Number(res.headers['content-length']), large.length);
      assert.ok(res.rawPayload.equals(large));
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const res = await get({}, 'HEAD');
      assert.equal(res.statusCode, 200);
      assert.equal(Number(res.headers['content-length']), bytes.length);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.rawPayload.length, 0);
      const part = await get({ range: 'bytes=0-9' }, 'HEAD');
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 0-9/${bytes.length}`);
      assert.equal(part.rawPayload.length, 0);
    });

    it('serves one byte range as 206 with Content-Range', async () => {
      for (const [range, start, end] of [
        ['bytes=100-199', 100, 199],
        ['bytes=49990-', 49990, 49999],
        ['bytes=-5', 49995, 49999],
        ['bytes=49000-99999999', 49000, 49999],
      ] as const) {
        const res = await get({ range });
        assert.equal(res.statusCode, 206, range);
        assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${bytes.length}`);
        assert.equal(Number(res.headers['content-length']), end - start + 1);
        assert.ok(res.rawPayload.equals(bytes.subarray(start, end + 1)), range);
      }
    });

    it('answers 416 for a range past the end, and the whole file for one it cannot use', async () => {
      const res = await get({ range: 'bytes=60000-60010' });
      assert.equal(res.statusCode, 416);
      assert.equal(res.headers['content-range'], `bytes */${bytes.length}`);
      assert.ok(res.json().errors.range);
      for (const range of ['pages=1-2', 'bytes=abc', 'bytes=0-1,5-6']) {
        const full = await get({ range });
        assert.equal(full.statusCode, 200, range);
        assert.equal(full.rawPayload.length, bytes.length, range);
      }
    });

    it('asks the storage once for a plain GET (no head() before the bytes)', async () => {
      const store = t.runtime.services.storage;
      const calls: string[] = [];
      const { head, open } = store;
      store.head = (k) => (calls.push('head'), head.call(store, k));
      store.open = (k, r) => (calls.push(r ? 'open range' : 'open'), open.call(store, k, r));
      try {
        const res = await get();
        assert.ok(res.rawPayload.equals(bytes));
        assert.deepEqual(calls, ['open']);
        calls.length = 0;
        // A range or a validator needs the facts first.
        assert.equal((await get({ range: 'bytes=0-9' })).statusCode, 206);
        assert.deepEqual(calls, ['head', 'open range']);
      } finally {
        Object.assign(store, { head, open });
      }
    });

    it('answers 304 to a matching If-None-Match, and ignores a stale If-Range', async () => {
      const { etag } = (await get({}, 'HEAD')).headers;
      const res = await get({ 'if-none-match': String(etag) });
      assert.equal(res.statusCode, 304);
      assert.equal(res.rawPayload.length, 0);
      const stale = await get({ range: 'bytes=0-9', 'if-range': '"other"' });
      assert.equal(stale.statusCode, 200);
      const fresh = await get({ range: 'bytes=0-9', 'if-range': String(etag) });
      assert.equal(fresh.statusCode, 206);
    });
  });
}

describe('GET /files/* with IMPRINT_S3_PRESIGN', () => {
  let t: TestApp;
  let s3: TestS3;
  before(async () => {
    s3 = await startS3();
    t = await createTestApp('sqlite', { ...s3.env(), IMPRINT_S3_PRESIGN: '600' });
  });
  after(async () => {
    await t.close();
    await s3.close();
  });

  it('redirects to a presigned URL of the bucket that downloads the file', async () => {
    const key = newFileKey('pdfs', 'signed.pdf');
    await t.runtime.services.storage.put(key, Buffer.from('%PDF-signed'), 'application/pdf');
    const res = await t.request({ method: 'GET', url: `/files/${key}`, token: null });
    assert.equal(res.statusCode, 302);
    const location = String(res.headers.location);
    assert.ok(location.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`), location);
    assert.match(location, /X-Amz-Expires=600/);
    const download = await fetch(location);
    assert.equal(download.status, 200);
    assert.equal(await download.text(), '%PDF-signed');
    const missing = await t.request({
      method: 'GET',
      url: '/files/pdfs/00000000000000000000000000000000/none.pdf',
      token: null,
    });
    assert.equal(missing.statusCode, 404);
  });
});

describe('IMPRINT_FILES_BASE_URL', () => {
  it('makes file URLs point at the base URL, keys unchanged', () => {
    const key = 'images/0123456789abcdef0123456789abcdef/card.png';
    assert.equal(
      fileUrl('http://api.test', key, 'https://cdn.example.com/renders/'),
      `https://cdn.example.com/renders/${key}`,
    );
    assert.equal(fileUrl('http://api.test/', key, null), `http://api.test/files/${key}`);
  });
});
