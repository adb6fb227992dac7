/**
 * The BlobStorage contract: one suite every adapter must pass (local disk and S3). Call
 * runBlobStorageContract from the adapter's test file with a factory for a fresh, empty storage.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { InvalidBlobKeyError } from '../../src/storage/blob-key.ts';
import type { BlobStorage } from '../../src/core/ports/blob-storage.ts';

/** A fresh storage for the suite and how to clean it up. */
export interface BlobStorageFixture {
  storage: BlobStorage;
  cleanup(): Promise<void>;
}

/** Keys every adapter must refuse (they could escape a root folder or are ambiguous). */
export const INVALID_KEYS = [
  '',
  '/absolute',
  'a//b',
  'a/',
  '../escape',
  'a/../../b',
  'a/./b',
  '..',
  'a\\b',
  'a/b\u0000c',
  '%2e%2e/x',
  'with space/x',
  'é/x',
  'x'.repeat(513),
];

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** Runs the contract suite against the storage the factory makes. */
export function runBlobStorageContract(
  name: string,
  make: () => Promise<BlobStorageFixture>,
): void {
  describe(`BlobStorage contract: ${name}`, () => {
    let fx: BlobStorageFixture;
    let storage: BlobStorage;
    const key = (file: string) => `images/${randomBytes(16).toString('hex')}/${file}`;
    before(async () => {
      fx = await make();
      storage = fx.storage;
    });
    after(() => fx.cleanup());

    it('stores bytes and content type and gives back exactly the same', async () => {
      const k = key('card.png');
      const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await storage.put(k, bytes, 'image/png');
      const got = await storage.get(k);
      assert.ok(got);
      assert.ok(got.bytes.equals(bytes));
      assert.equal(got.contentType, 'image/png');
    });

    it('answers null for a key that was never stored', async () => {
      assert.equal(await storage.get(key('missing.pdf')), null);
    });

    it('overwrites an existing key, content type included', async () => {
      const k = key('doc.pdf');
      await storage.put(k, Buffer.from('first'), 'text/plain');
      await storage.put(k, Buffer.from('%PDF-second'), 'application/pdf');
      const got = await storage.get(k);
      assert.equal(got?.bytes.toString(), '%PDF-second');
      assert.equal(got?.contentType, 'application/pdf');
    });

    it('deletes a key; deleting a missing key is fine', async () => {
      const k = key('gone.jpg');
      await storage.put(k, Buffer.from('x'), 'image/jpeg');
      await storage.delete(k);
      assert.equal(await storage.get(k), null);
      await storage.delete(k);
      await storage.delete(key('never.jpg'));
    });

    it('keeps keys apart: siblings, prefixes and similar names', async () => {
      const dir = `pdfs/${randomBytes(16).toString('hex')}`;
      await storage.put(`${dir}/a.pdf`, Buffer.from('A'), 'application/pdf');
      await storage.put(`${dir}/a.pdf.type`, Buffer.from('B'), 'text/plain');
      await storage.put(`${dir}/b.pdf`, Buffer.from('C'), 'application/pdf');
      assert.equal((await storage.get(`${dir}/a.pdf`))?.bytes.toString(), 'A');
      assert.equal((await storage.get(`${dir}/a.pdf`))?.contentType, 'application/pdf');
      assert.equal((await storage.get(`${dir}/a.pdf.type`))?.bytes.toString(), 'B');
      await storage.delete(`${dir}/a.pdf`);
      assert.equal((await storage.get(`${dir}/b.pdf`))?.bytes.toString(), 'C');
    });

    it('handles a few megabytes and concurrent writes', async () => {
      const big = randomBytes(3 * 1024 * 1024);
      const keys = Array.from({ length: 8 }, (_, i) => key(`part-${i}.bin`));
      await Promise.all(
        keys.map((k, i) =>
          storage.put(k, i === 0 ? big : Buffer.from(k), 'application/octet-stream'),
        ),
      );
      assert.ok((await storage.get(keys[0]))?.bytes.equals(big));
      for (const k of keys.slice(1)) assert.equal((await storage.get(k))?.bytes.toString(), k);
    });

    it('heads a key: size, type, a quoted ETag and a recent date; null when missing', async () => {
      const k = key('head.png');
      const before = Date.now();
      await storage.put(k, Buffer.from('0123456789'), 'image/png');
      const info = await storage.head(k);
      assert.ok(info);
      assert.equal(info.size, 10);
      assert.equal(info.contentType, 'image/png');
      assert.match(info.etag, /^"[^"]+"$/);
      // Second precision on S3 (Last-Modified), and a little clock skew between two hosts.
      assert.ok(Math.abs(info.lastModified.getTime() - before) < 60_000);
      assert.equal(await storage.head(key('none.png')), null);
      await storage.put(k, Buffer.from('other bytes!'), 'image/png');
      assert.notEqual((await storage.head(k))?.etag, info.etag, 'new bytes, new ETag');
    });

    it('opens a key as a stream, whole or one byte range; null when missing', async () => {
      const k = key('ranges.bin');
      const bytes = randomBytes(100_000);
      await storage.put(k, bytes, 'application/octet-stream');
      const whole = await storage.open(k);
      assert.ok(whole);
      assert.equal(whole.size, bytes.length);
      assert.equal(whole.contentType, 'application/octet-stream');
      assert.ok((await readAll(whole.body)).equals(bytes));
      const part = await storage.open(k, { start: 10, end: 1009 });
      assert.ok(part);
      assert.equal(part.size, bytes.length, 'size is the whole file, not the range');
      assert.ok((await readAll(part.body)).equals(bytes.subarray(10, 1010)));
      const last = await storage.open(k, { start: bytes.length - 1, end: bytes.length - 1 });
      assert.ok((await readAll(last!.body)).equals(bytes.subarray(bytes.length - 1)));
      assert.equal(await storage.open(key('none.bin')), null);
    });

    it('opens an empty file', async () => {
      const k = key('empty.txt');
      await storage.put(k, Buffer.alloc(0), 'text/plain');
      const opened = await storage.open(k);
      assert.equal(opened?.size, 0);
      assert.equal((await readAll(opened!.body)).length, 0);
    });

    it('lists the keys under a prefix with their dates, and no others', async () => {
      const dir = `pdfs/${randomBytes(16).toString('hex')}`;
      await storage.put(`${dir}/one.pdf`, Buffer.from('1'), 'application/pdf');
      await storage.put(`${dir}/two.pdf`, Buffer.from('2'), 'application/pdf');
      await storage.put(`${dir}x/three.pdf`, Buffer.from('3'), 'application/pdf');
      const listed = [];
      for await (const b of storage.list(`${dir}/`)) listed.push(b);
      assert.deepEqual(listed.map((b) => b.key).sort(), [`${dir}/one.pdf`, `${dir}/two.pdf`]);
      for (const b of listed)
        assert.ok(b.lastModified instanceof Date && b.lastModified.getTime() > 0);
      await storage.delete(`${dir}/one.pdf`);
      const after = [];
      for await (const b of storage.list(`${dir}/`)) after.push(b.key);
      assert.deepEqual(after, [`${dir}/two.pdf`]);
      const none = [];
      for await (const b of storage.list(`nothing-${randomBytes(4).toString('hex')}/`))
        none.push(b);
      assert.deepEqual(none, []);
    });

    it('lists the keys of several prefixes in one listing, each once', async () => {
      const id = randomBytes(16).toString('hex');
      const keys = [`images/${id}/a.png`, `pdfs/${id}/b.pdf`, `fonts/${id}/c.woff2`];
      for (const k of keys) await storage.put(k, Buffer.from('x'), 'application/octet-stream');
      const listed: string[] = [];
      for await (const b of storage.list(`images/${id}/`, `pdfs/${id}/`)) listed.push(b.key);
      assert.deepEqual(listed.sort(), [keys[0], keys[1]]);
      for (const k of keys) await storage.delete(k);
    });

    it('lists a key under two of the prefixes once', async () => {
      const id = randomBytes(16).toString('hex');
      const keys = [`images/${id}/a/x.png`, `images/${id}/b.png`];
      for (const k of keys) await storage.put(k, Buffer.from('x'), 'image/png');
      const listed: string[] = [];
      const prefixes = [`images/${id}/a/`, `images/${id}/`, `images/${id}/a/`];
      for await (const b of storage.list(...prefixes)) listed.push(b.key);
      assert.deepEqual(listed.sort(), [...keys].sort());
      for (const k of keys) await storage.delete(k);
    });

    it('lists every key of a longer listing (several pages where the adapter pages)', async () => {
      const dir = `images/${randomBytes(16).toString('hex')}`;
      const keys = Array.from({ length: 30 }, (_, i) => `${dir}/f${i}.png`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(
          keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('p'), 'image/png')),
        );
      }
      const seen = new Set<string>();
      for await (const b of storage.list(`${dir}/`)) seen.add(b.key);
      assert.equal(seen.size, keys.length);
    });

    it('refuses keys that could escape or are ambiguous, on put, get and delete', async () => {
      for (const bad of INVALID_KEYS) {
        await assert.rejects(
          storage.put(bad, Buffer.from('x'), 'text/plain'),
          InvalidBlobKeyError,
          `put ${JSON.stringify(bad)}`,
        );
        await assert.rejects(storage.get(bad), InvalidBlobKeyError, `get ${JSON.stringify(bad)}`);
        await assert.rejects(storage.head(bad), InvalidBlobKeyError, `head ${JSON.stringify(bad)}`);
        await assert.rejects(storage.open(bad), InvalidBlobKeyError, `open ${JSON.stringify(bad)}`);
        await assert.rejects(
          storage.delete(bad),
          InvalidBlobKeyError,
          `delete ${JSON.stringify(bad)}`,
        );
      }
    });
  });
}
