/**
 * The BlobStorage contract: one suite every adapter must pass (local disk now, S3 later). Call
 * runBlobStorageContract from the adapter's test file with a factory for a fresh, empty storage.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { InvalidBlobKeyError, type BlobStorage } from '../../src/storage/blob-storage.ts';

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

    it('refuses keys that could escape or are ambiguous, on put, get and delete', async () => {
      for (const bad of INVALID_KEYS) {
        await assert.rejects(
          storage.put(bad, Buffer.from('x'), 'text/plain'),
          InvalidBlobKeyError,
          `put ${JSON.stringify(bad)}`,
        );
        await assert.rejects(storage.get(bad), InvalidBlobKeyError, `get ${JSON.stringify(bad)}`);
        await assert.rejects(
          storage.delete(bad),
          InvalidBlobKeyError,
          `delete ${JSON.stringify(bad)}`,
        );
      }
    });
  });
}
