/**
 * transferToS3 against a real S3-protocol server (s3rver) on loopback: the bytes read back are
 * the bytes sent, an existing object is overwritten, and failures are clear without credentials.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import {
  TransferError,
  transferToS3,
  validateTransfer,
  type Transfer,
} from '../../src/storage/transfer/s3-transfer.ts';

// s3rver's fixed credentials.
const KEY = 'S3RVER';
const SECRET = 'S3RVER';

describe('transferToS3 (s3rver on 127.0.0.1)', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  let client: S3Client;
  // A recording proxy in front of s3rver shows the headers the SDK sent (s3rver keeps no ACLs).
  let proxy: http.Server;
  let proxyEndpoint: string;
  const seen: http.IncomingHttpHeaders[] = [];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'renders', configs: [] }],
    });
    const info = await server.run();
    endpoint = `http://127.0.0.1:${info.port}`;
    proxy = http.createServer((req, res) => {
      seen.push(req.headers);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: info.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyEndpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: KEY, secretAccessKey: SECRET },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  after(async () => {
    client.destroy();
    proxy.closeAllConnections();
    proxy.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const transfer = (extra: Partial<Transfer> = {}): Transfer => ({
    to: 's3',
    key: KEY,
    secret: SECRET,
    region: 'us-east-1',
    bucket: 'renders',
    visibility: 'private',
    path: `out/${randomBytes(6).toString('hex')}/card.png`,
    endpoint,
    ...extra,
  });
  const read = async (key: string) => {
    const res = await client.send(new GetObjectCommand({ Bucket: 'renders', Key: key }));
    return { bytes: Buffer.from(await res.Body!.transformToByteArray()), type: res.ContentType };
  };

  it('uploads the exact bytes with their content type', async () => {
    const bytes = randomBytes(300_000);
    const t = transfer();
    await transferToS3(t, bytes, 'image/png', { allowPrivate: true });
    const got = await read(t.path);
    assert.equal(got.bytes.length, bytes.length);
    assert.ok(got.bytes.equals(bytes), 'bytes read back equal the bytes sent');
    assert.equal(got.type, 'image/png');
  });

  it('overwrites an object at an existing path', async () => {
    const t = transfer({ path: '/reports/latest.pdf' });
    await transferToS3(t, Buffer.from('%PDF-old'), 'application/pdf', { allowPrivate: true });
    await transferToS3(t, Buffer.from('%PDF-new, longer'), 'application/pdf', {
      allowPrivate: true,
    });
    assert.equal((await read('reports/latest.pdf')).bytes.toString(), '%PDF-new, longer');
  });

  it('sends ACL public-read for public objects and no ACL (the private default) otherwise', async () => {
    const pub = transfer({ visibility: 'public', endpoint: proxyEndpoint });
    seen.length = 0;
    await transferToS3(pub, Buffer.from('public'), 'image/jpeg', { allowPrivate: true });
    const put = seen.find((h) => h['content-type'] === 'image/jpeg');
    assert.equal(put?.['x-amz-acl'], 'public-read');
    assert.equal((await read(pub.path)).bytes.toString(), 'public');
    for (const visibility of ['private', undefined] as const) {
      seen.length = 0;
      await transferToS3(
        transfer({ visibility, endpoint: proxyEndpoint }),
        Buffer.from('p'),
        'image/webp',
        {
          allowPrivate: true,
        },
      );
      assert.equal(seen.length, 1);
      assert.equal(seen[0]['x-amz-acl'], undefined);
    }
  });

  it('says which bucket is missing, without the secret', async () => {
    const t = transfer({ bucket: 'no-such-bucket', secret: SECRET });
    await assert.rejects(
      transferToS3(t, Buffer.from('x'), 'image/png', { allowPrivate: true }),
      (e: unknown) => {
        assert.ok(e instanceof TransferError);
        assert.match(
          e.message,
          /^Transfer to bucket "no-such-bucket" at ".*card\.png" failed: the bucket does not exist \(NoSuchBucket, HTTP 404\)$/,
        );
        return true;
      },
    );
  });

  it('reports wrong credentials clearly and never shows the secret or token', async () => {
    // s3rver checks the access key but not SigV4 signatures, so a wrong key is what it can refuse.
    const secret = 'super-secret-value-123';
    const token = 'session-token-456';
    const t = transfer({ key: 'WRONGKEY', secret, token });
    await assert.rejects(
      transferToS3(t, Buffer.from('x'), 'image/png', { allowPrivate: true }),
      (e: unknown) => {
        assert.ok(e instanceof TransferError);
        assert.match(
          e.message,
          /^Transfer to bucket "renders" at ".*card\.png" failed: the access key is not valid \(InvalidAccessKeyId, HTTP 403\)$/,
        );
        for (const text of [e.message, String(e.stack), JSON.stringify(e)]) {
          assert.doesNotMatch(text, /super-secret-value-123|session-token-456/);
        }
        return true;
      },
    );
  });

  it('refuses a loopback endpoint unless private URLs are allowed', async () => {
    await assert.rejects(
      transferToS3(transfer(), Buffer.from('x'), 'image/png'),
      /endpoint address 127\.0\.0\.1 is a loopback address/,
    );
    const t = transfer({ endpoint: endpoint.replace('127.0.0.1', 'localhost') });
    await assert.rejects(
      transferToS3(t, Buffer.from('x'), 'image/png'),
      /endpoint localhost resolves to .*loopback/,
    );
  });

  it('reports an endpoint that does not answer', async () => {
    const t = transfer({ endpoint: 'http://127.0.0.1:1' });
    await assert.rejects(
      transferToS3(t, Buffer.from('x'), 'image/png', { allowPrivate: true }),
      /connection to the endpoint refused/,
    );
  });

  it('names the HTTP status of an endpoint that does not answer like S3', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end('{"error":"not an S3 service"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const t = transfer({ endpoint: `http://127.0.0.1:${port}` });
      await assert.rejects(
        transferToS3(t, Buffer.from('x'), 'image/png', { allowPrivate: true }),
        /answered HTTP 403 with a body that is not an S3 reply/,
      );
    } finally {
      server.close();
    }
  });
});

describe('validateTransfer', () => {
  const good = {
    to: 's3',
    key: 'k',
    secret: 's',
    bucket: 'b',
    path: 'a/b.png',
    region: 'eu-west-1',
    visibility: 'public',
    endpoint: 'https://s3.example.com',
    token: null,
  };

  it('accepts a complete object and the optional fields left out', () => {
    assert.deepEqual(validateTransfer(good), []);
    assert.deepEqual(
      validateTransfer({ to: 's3', key: 'k', secret: 's', bucket: 'b', path: 'x.pdf' }),
      [],
    );
  });

  it('names every bad field with its path', () => {
    const problems = validateTransfer(
      {
        to: 'gcs',
        key: 1,
        bucket: '',
        path: '/',
        visibility: 'world',
        endpoint: 'ftp://x',
        region: 5,
      },
      'transfer',
    );
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.message]));
    assert.equal(byPath['transfer.to'], 'The transfer.to field must be s3.');
    assert.equal(byPath['transfer.key'], 'The transfer.key field must be a string.');
    assert.equal(byPath['transfer.secret'], 'The transfer.secret field is required.');
    assert.equal(byPath['transfer.bucket'], 'The transfer.bucket field is required.');
    assert.match(byPath['transfer.path'], /must name a file/);
    assert.equal(
      byPath['transfer.visibility'],
      'The transfer.visibility field must be one of: public, private.',
    );
    assert.equal(
      byPath['transfer.endpoint'],
      'The transfer.endpoint field must be an http or https URL.',
    );
    assert.equal(byPath['transfer.region'], 'The transfer.region field must be a string.');
  });

  it('requires an object and uses the given path prefix', () => {
    assert.deepEqual(validateTransfer('s3'), [
      { path: 'transfer', message: 'The transfer field must be an object.' },
    ]);
    assert.deepEqual(validateTransfer([], 'x.transfer')[0].path, 'x.transfer');
    assert.equal(
      validateTransfer({}, 'transfer').find((p) => p.path === 'transfer.to')?.message,
      'The transfer.to field is required.',
    );
  });
});
