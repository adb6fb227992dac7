/**
 * The mirrored asset cache: over random task sequences with a small budget (so evictions happen
 * all the time), the thread side always reconstructs exactly the Buffers the caller passed, and
 * repeated Buffers travel as references.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AssetLru,
  decodeAssets,
  encodeAssets,
  isAssetRef,
  MIN_CACHED_ASSET_BYTES,
} from '../../src/worker/asset-cache.ts';

/** Simulates the thread boundary: structured clone turns Buffers into Uint8Arrays. */
const cross = <T>(v: T): T => structuredClone(v);

describe('asset cache mirrored between pool and thread', () => {
  it('reconstructs every asset over 500 random tasks while evicting', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pool = Array.from({ length: 12 }, (_, i) =>
      Buffer.alloc(MIN_CACHED_ASSET_BYTES + i * 1000, i + 1),
    );
    const budget = MIN_CACHED_ASSET_BYTES * 4; // room for ~3 of them: constant eviction
    const sent = new AssetLru<true>(budget);
    const kept = new AssetLru<Buffer>(budget);
    let refsOnly = 0;
    for (let task = 0; task < 500; task++) {
      const files = new Map<string, Buffer>();
      const n = 1 + rand(4);
      for (let i = 0; i < n; i++) files.set(`u${i}`, pool[rand(pool.length)]);
      const fonts = [{ key: 'f', data: pool[rand(pool.length)] }];
      const small = Buffer.from('tiny');
      files.set('small', small);
      const encoded = encodeAssets({ design: { t: task }, assets: { files, fonts } }, sent) as {
        assets: { files: Map<string, unknown> };
      };
      for (const v of encoded.assets.files.values()) if (isAssetRef(v) && !v.bytes) refsOnly++;
      assert.equal(encoded.assets.files.get('small'), small, 'small assets are copied as is');
      const decoded = decodeAssets(cross(encoded), kept) as {
        design: { t: number };
        assets: { files: Map<string, Uint8Array>; fonts: Array<{ data: Uint8Array }> };
      };
      assert.equal(decoded.design.t, task);
      for (const [url, buf] of files) {
        assert.ok(Buffer.from(decoded.assets.files.get(url)!).equals(buf), `task ${task} ${url}`);
      }
      assert.ok(Buffer.from(decoded.assets.fonts[0].data).equals(fonts[0].data));
    }
    assert.ok(refsOnly > 100, `repeated assets travel as references (${refsOnly})`);
  });

  it('copies a Buffer the first time and keeps it in the thread from its second use on', () => {
    const sent = new AssetLru<true>();
    const kept = new AssetLru<Buffer>();
    const photo = Buffer.alloc(MIN_CACHED_ASSET_BYTES, 9);
    const send = () => {
      const input = { assets: { files: new Map([['p', photo]]), fonts: [] } };
      const encoded = encodeAssets(input, sent) as { assets: { files: Map<string, unknown> } };
      const v = encoded.assets.files.get('p');
      const decoded = decodeAssets(cross(encoded), kept) as {
        assets: { files: Map<string, Uint8Array> };
      };
      assert.ok(Buffer.from(decoded.assets.files.get('p')!).equals(photo));
      return isAssetRef(v) ? (v.bytes ? 'kept' : 'reference') : 'copied';
    };
    assert.deepEqual(
      [send(), send(), send(), send()],
      ['copied', 'kept', 'reference', 'reference'],
    );
  });

  it('leaves inputs without assets (mergePdfs) untouched', () => {
    const files = [Buffer.alloc(MIN_CACHED_ASSET_BYTES)];
    assert.equal(encodeAssets(files, new AssetLru<true>()), files);
  });
});
