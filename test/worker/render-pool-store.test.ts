/**
 * RenderPool with a store target: the render thread writes the file into local storage itself
 * and answers its facts instead of its bytes; a thread that cannot write answers the bytes, and
 * without a target (S3 storage, transfers) the bytes come back as before.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import * as engine from '../../src/render/index.ts';
import type { FileTarget } from '../../src/storage/blob-sink.ts';
import { LocalBlobStorage } from '../../src/storage/local/local-blob-storage.ts';
import { S3BlobStorage } from '../../src/storage/s3/s3-blob-storage.ts';
import { RenderPool } from '../../src/worker/render-pool.ts';

const FAULT_ENGINE = new URL('./fixtures/fault-engine.ts', import.meta.url).href;
const KEY = /^images\/[0-9a-f]{32}\/card\.png$/;

const roots: string[] = [];
const pools: RenderPool[] = [];
after(async () => {
  for (const p of pools) await p.close();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

function pool(engineModule?: string): RenderPool {
  const p = new RenderPool(1, engineModule ? { engineModule } : {});
  pools.push(p);
  return p;
}

function localStorage(): LocalBlobStorage {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-sink-'));
  roots.push(root);
  return new LocalBlobStorage(path.join(root, 'files'));
}

function target(storage: LocalBlobStorage, filename: string | null = 'card'): FileTarget {
  const sink = storage.sink();
  return { sink, prefix: 'images', filename, fallback: '42' };
}

describe('RenderPool storing files in its threads', () => {
  it('writes the file under a new key and answers its facts, not its bytes', async () => {
    const storage = localStorage();
    const p = pool(FAULT_ENGINE);
    const file = await p.renderImage(
      { design: { label: 'stored', width: 3, height: 2 } } as never,
      target(storage),
    );
    assert.ok(!('bytes' in file), 'no bytes come back');
    assert.ok('key' in file);
    assert.match(file.key, KEY);
    assert.deepEqual(
      { size: file.size, mime: file.mime, ext: file.ext, width: file.width, height: file.height },
      { size: 64 * 1024, mime: 'image/png', ext: 'png', width: 3, height: 2 },
    );
    const stored = await storage.get(file.key);
    assert.equal(stored?.contentType, 'image/png');
    assert.equal(stored?.bytes.length, 64 * 1024);
    assert.equal(stored?.bytes.subarray(0, 6).toString(), 'stored');
    // What the main thread's open() and head() report for it, as for a file it put itself.
    assert.equal((await storage.head(file.key))?.size, 64 * 1024);
  });

  it('names the key after the format the render chose, with the fallback for an unusable name', async () => {
    const storage = localStorage();
    const p = pool();
    const design = engine.validateDesign({
      width: 40,
      height: 20,
      background: '#0ea5e9',
      layers: [],
    }).design!;
    const input = { design, assets: { files: new Map(), fonts: [] } };
    const file = await p.renderImage(input, target(storage, '日本語.png'));
    assert.ok('key' in file);
    // `auto` on an opaque background is a JPEG: the asked-for .png is replaced, the stem falls back.
    assert.match(file.key, /^images\/[0-9a-f]{32}\/42\.jpg$/);
    const stored = await storage.get(file.key);
    const meta = await sharp(stored!.bytes).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 40, 20]);
    assert.equal(file.size, stored!.bytes.length);
  });

  it('stores PDFs and merges too', async () => {
    const storage = localStorage();
    const p = pool(FAULT_ENGINE);
    const pdf = await p.renderPdf({ assets: { files: new Map() } } as never, {
      ...target(storage, 'doc.pdf'),
      prefix: 'pdfs',
    });
    assert.ok('key' in pdf);
    assert.match(pdf.key, /^pdfs\/[0-9a-f]{32}\/doc\.pdf$/);
    assert.equal((await storage.get(pdf.key))?.bytes.toString(), 'maps-ok');
    const merged = await p.mergePdfs(
      [Buffer.from('a'), Buffer.from('b')],
      { maxPages: 3 },
      {
        ...target(storage, null),
        prefix: 'pdfs',
      },
    );
    assert.ok('key' in merged);
    assert.equal(merged.pages, 2);
    assert.equal((await storage.get(merged.key))?.bytes.toString(), 'ab');
  });

  it('answers the bytes, leaving no file, when the thread cannot write', async () => {
    const storage = localStorage();
    // The storage root is a file: no folder can be made under it.
    fs.mkdirSync(path.dirname(storage.root), { recursive: true });
    fs.writeFileSync(storage.root, 'not a folder');
    const p = pool(FAULT_ENGINE);
    const file = await p.renderImage({ design: { label: 'kept' } } as never, target(storage));
    assert.ok('bytes' in file, 'the bytes come back for the main thread to store');
    assert.ok(!('key' in file));
    assert.equal(file.bytes.subarray(0, 4).toString(), 'kept');
    assert.equal(fs.readFileSync(storage.root, 'utf8'), 'not a folder');
  });

  it('answers the bytes as before without a target', async () => {
    const p = pool(FAULT_ENGINE);
    const file = await p.renderImage({ design: { label: 'plain' } } as never);
    assert.equal(file.bytes.subarray(0, 5).toString(), 'plain');
  });

  it('offers a sink for local disk only: S3 storage keeps the bytes path', () => {
    const storage = localStorage();
    assert.deepEqual(storage.sink(), { kind: 'local', root: storage.root });
    const s3 = new S3BlobStorage({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:1',
      prefix: '',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 's' },
    });
    assert.equal((s3 as { sink?: unknown }).sink, undefined);
  });
});
