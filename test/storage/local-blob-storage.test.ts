/** The local-disk BlobStorage: the shared contract, plus where its files go on disk. */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { LocalBlobStorage } from '../../src/storage/local/local-blob-storage.ts';
import { INVALID_KEYS, runBlobStorageContract } from './blob-storage.contract.ts';

runBlobStorageContract('local disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
  return {
    storage: new LocalBlobStorage(path.join(root, 'files')),
    cleanup: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('LocalBlobStorage on disk', () => {
  it('writes one file per key under its root only, in a folder made once, with no temp files left', async () => {
    const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    const root = path.join(outer, 'files');
    const storage = new LocalBlobStorage(root);
    const key = 'images/abc/card.png';
    await storage.put(key, Buffer.from('png'), 'image/png');
    const hash = createHash('sha256').update(key).digest('hex');
    assert.deepEqual(listFiles(root), [path.join('blobs', hash.slice(0, 2), hash)]);
    assert.deepEqual(fs.readdirSync(path.join(root, 'tmp')), []);
    for (const bad of INVALID_KEYS)
      await storage.put(bad, Buffer.from('x'), 'x').catch(() => undefined);
    assert.deepEqual(fs.readdirSync(outer), ['files'], 'nothing was written next to the root');
    assert.equal(listFiles(root).length, 1);
    await storage.delete(key);
    assert.deepEqual(listFiles(root), []);
    fs.rmSync(outer, { recursive: true, force: true });
  });

  it('makes a removed folder again instead of failing the put', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    const storage = new LocalBlobStorage(root);
    await storage.put('images/a/1.png', Buffer.from('one'), 'image/png');
    fs.rmSync(path.join(root, 'blobs'), { recursive: true });
    fs.rmSync(path.join(root, 'tmp'), { recursive: true });
    await storage.put('images/a/1.png', Buffer.from('two'), 'image/png');
    assert.equal((await storage.get('images/a/1.png'))?.bytes.toString(), 'two');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('putNewSync (render threads) writes the file put() writes, and refuses an existing key', async () => {
    const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    const viaPut = new LocalBlobStorage(path.join(outer, 'a'));
    const viaSync = new LocalBlobStorage(path.join(outer, 'b'));
    const key = 'images/abc/card.jpg';
    const bytes = randomBytes(70_000);
    await viaPut.put(key, bytes, 'image/jpeg');
    viaSync.putNewSync(key, bytes, 'image/jpeg');
    const hash = createHash('sha256').update(key).digest('hex');
    const file = (root: string) => path.join(outer, root, 'blobs', hash.slice(0, 2), hash);
    assert.ok(
      fs.readFileSync(file('b')).equals(fs.readFileSync(file('a'))),
      'the same header and bytes',
    );
    assert.deepEqual(await viaSync.get(key), { bytes, contentType: 'image/jpeg' });
    assert.throws(
      () => viaSync.putNewSync(key, Buffer.from('other'), 'text/plain'),
      (err: NodeJS.ErrnoException) => err.code === 'EEXIST',
    );
    assert.ok((await viaSync.get(key))?.bytes.equals(bytes), 'the existing file is left as it was');
    for (const bad of INVALID_KEYS) assert.throws(() => viaSync.putNewSync(bad, bytes, 'x'));
    assert.deepEqual(listFiles(path.join(outer, 'b')), [
      path.relative(path.join(outer, 'b'), file('b')),
    ]);
    fs.rmSync(outer, { recursive: true, force: true });
  });

  it('putNewSync makes a removed folder again, and removes a file it could not finish', async (t) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    const storage = new LocalBlobStorage(root);
    storage.putNewSync('images/a/1.png', Buffer.from('one'), 'image/png');
    fs.rmSync(path.join(root, 'blobs'), { recursive: true });
    storage.putNewSync('images/b/2.png', Buffer.from('two'), 'image/png');
    assert.equal((await storage.get('images/b/2.png'))?.bytes.toString(), 'two');
    const writev = t.mock.method(fs, 'writevSync', () => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    assert.throws(
      () => storage.putNewSync('images/c/3.png', Buffer.from('three'), 'image/png'),
      /no space left/,
    );
    assert.equal(writev.mock.callCount(), 1);
    // A close that fails too (it still frees the descriptor) neither hides the write's error
    // nor leaves the file.
    const closeFd = fs.closeSync;
    const close = t.mock.method(fs, 'closeSync', (fd: number) => {
      closeFd(fd);
      throw Object.assign(new Error('i/o error'), { code: 'EIO' });
    });
    assert.throws(
      () => storage.putNewSync('images/c/3.png', Buffer.from('three'), 'image/png'),
      /no space left/,
    );
    assert.equal(close.mock.callCount(), 1);
    close.mock.restore();
    writev.mock.restore();
    assert.equal(await storage.get('images/c/3.png'), null, 'no partial file is left');
    assert.equal(listFiles(root).length, 1);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('open() reads through one file handle and closes it, read to the end or refused', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    const storage = new LocalBlobStorage(root);
    // Larger than what open() reads with the header: the bytes come as a stream.
    const bytes = Buffer.alloc(300_000, 7);
    await storage.put('images/a/b.png', bytes, 'image/png');
    await storage.put('images/a/empty.png', Buffer.alloc(0), 'image/png');
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const opened = await storage.open('images/a/b.png', { start: 10, end: 150_009 });
    assert.equal(opened?.size, bytes.length);
    assert.equal(openFiles(), before + 1, 'the stream holds the one handle');
    const closed = once(opened!.body, 'close');
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    assert.equal(Buffer.concat(chunks).length, 150_000);
    await closed;
    assert.equal(openFiles(), before, 'closed at the end');
    const empty = await storage.open('images/a/empty.png');
    assert.equal(empty?.size, 0);
    assert.equal(openFiles(), before, 'an empty file is not kept open');
    const dropped = await storage.open('images/a/b.png');
    assert.equal(dropped?.bytes, undefined);
    const droppedClosed = once(dropped!.body, 'close');
    dropped!.body.destroy();
    await droppedClosed;
    assert.equal(openFiles(), before, 'closed when the stream is dropped unread');
    // A file at the key's place whose header names another key is refused, and closed.
    const place = (key: string) => {
      const hash = createHash('sha256').update(key).digest('hex');
      return path.join(root, 'blobs', hash.slice(0, 2), hash);
    };
    fs.mkdirSync(path.dirname(place('images/a/c.png')), { recursive: true });
    fs.copyFileSync(place('images/a/b.png'), place('images/a/c.png'));
    assert.equal(await storage.open('images/a/c.png'), null);
    assert.equal(openFiles(), before, 'closed after refusing it');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('open() of a small whole file answers its bytes read with the header, holding no handle', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    const storage = new LocalBlobStorage(root);
    const bytes = randomBytes(100_000);
    await storage.put('images/a/small.jpg', bytes, 'image/jpeg');
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const opened = await storage.open('images/a/small.jpg');
    assert.ok(opened);
    assert.equal(openFiles(), before, 'nothing left open');
    assert.ok(opened.bytes?.equals(bytes));
    assert.deepEqual(
      [opened.size, opened.contentType, opened.etag],
      [bytes.length, 'image/jpeg', (await storage.head('images/a/small.jpg'))?.etag],
    );
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    assert.ok(Buffer.concat(chunks).equals(bytes), 'the stream has the same bytes');
    // A range is read from the file, as asked.
    const part = await storage.open('images/a/small.jpg', { start: 5, end: 9 });
    assert.equal(part?.bytes, undefined);
    const partChunks: Buffer[] = [];
    for await (const chunk of part!.body) partChunks.push(chunk as Buffer);
    assert.ok(Buffer.concat(partChunks).equals(bytes.subarray(5, 10)));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a second instance on the same root sees the same files (survives restarts)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-blobs-'));
    await new LocalBlobStorage(root).put('pdfs/x/y.pdf', Buffer.from('%PDF-1'), 'application/pdf');
    const got = await new LocalBlobStorage(root).get('pdfs/x/y.pdf');
    assert.equal(got?.contentType, 'application/pdf');
    fs.rmSync(root, { recursive: true, force: true });
  });
});
