/**
 * Sends each large asset (a picture, a font) to a render thread once instead of copying it into
 * every task: batches reuse the same logo or photo, and a structured-clone copy of a photo's bytes
 * per render costs the main thread time and defeats the thread's decoded-picture cache.
 *
 * Both sides keep the same LRU of asset ids: the pool decides, per thread, whether a Buffer is
 * already there (send a reference) or not (send the bytes), and the thread replays exactly the
 * same inserts, touches and evictions in the same order (messages to a thread are ordered), so
 * the two copies never disagree. Buffers are recognised by identity: callers must not modify a
 * Buffer after handing it to the pool (the fetch caches that supply them never do).
 *
 * A Buffer is kept by a thread only from its second use on: the first time it is copied as is.
 * With a new photo per request no photo is used twice, and keeping each would fill the threads'
 * budgets with bytes nobody asks for again.
 */

/** Assets smaller than this are simply copied. */
export const MIN_CACHED_ASSET_BYTES = 32 * 1024;

/** Per-thread budget of cached asset bytes. */
export const ASSET_CACHE_BYTES = 96 * 1024 * 1024;

/** An asset as it travels to a thread: a reference, or a reference with the bytes to keep. */
export interface AssetRef {
  $asset: number;
  bytes?: Uint8Array;
}

/** True for a value that is an AssetRef. */
export function isAssetRef(v: unknown): v is AssetRef {
  return typeof v === 'object' && v !== null && typeof (v as AssetRef).$asset === 'number';
}

/** An LRU of asset ids with sizes, evicting oldest first above a byte budget. */
export class AssetLru<V> {
  private readonly entries = new Map<number, { size: number; value: V }>();
  private total = 0;

  private readonly budget: number;
  constructor(budget = ASSET_CACHE_BYTES) {
    this.budget = budget;
  }

  /** The value of `id`, marked most recently used. */
  touch(id: number): V | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    this.entries.delete(id);
    this.entries.set(id, e);
    return e.value;
  }

  /** Adds `id` as most recently used. */
  insert(id: number, size: number, value: V): void {
    this.entries.set(id, { size, value });
    this.total += size;
  }

  /** Entries and bytes held, and the budget. */
  stats(): { entries: number; bytes: number; maxBytes: number } {
    return { entries: this.entries.size, bytes: this.total, maxBytes: this.budget };
  }

  /** Evicts oldest entries while over budget (called once per task, after all its assets). */
  evict(): void {
    for (const [id, e] of this.entries) {
      if (this.total <= this.budget) break;
      this.entries.delete(id);
      this.total -= e.size;
    }
  }
}

let nextAssetId = 1;
const assetIds = new WeakMap<Buffer, number>();
/** Buffers handed to a thread once (copied, not kept). */
const usedOnce = new WeakSet<Buffer>();

/** The process-wide id of a Buffer (by identity). */
function assetId(buf: Buffer): number {
  let id = assetIds.get(buf);
  if (id === undefined) {
    id = nextAssetId++;
    assetIds.set(buf, id);
  }
  return id;
}

/** Main thread: replaces a task input's large asset Buffers by references for one thread. */
export function encodeAssets(input: unknown, sent: AssetLru<true>): unknown {
  const assets = (input as { assets?: { files?: unknown; fonts?: unknown } } | null)?.assets;
  if (!assets || !(assets.files instanceof Map)) return input;
  const ref = (buf: unknown): unknown => {
    if (!Buffer.isBuffer(buf) || buf.length < MIN_CACHED_ASSET_BYTES) return buf;
    const id = assetId(buf);
    if (sent.touch(id)) return { $asset: id } satisfies AssetRef;
    if (!usedOnce.has(buf)) {
      usedOnce.add(buf);
      return buf;
    }
    sent.insert(id, buf.length, true);
    return { $asset: id, bytes: buf } satisfies AssetRef;
  };
  const files = new Map<string, unknown>();
  for (const [url, buf] of assets.files as Map<string, unknown>) files.set(url, ref(buf));
  const fonts = Array.isArray(assets.fonts)
    ? (assets.fonts as Array<{ key: string; data: unknown }>).map((f) => ({
        ...f,
        data: ref(f.data),
      }))
    : assets.fonts;
  sent.evict();
  return { ...(input as object), assets: { ...assets, files, fonts } };
}

/** Render thread: resolves references (keeping new bytes) in the same order as encodeAssets. */
export function decodeAssets(input: unknown, kept: AssetLru<Buffer>): unknown {
  const assets = (input as { assets?: { files?: unknown; fonts?: unknown } } | null)?.assets;
  if (!assets || !(assets.files instanceof Map)) return input;
  const resolve = (v: unknown): unknown => {
    if (!isAssetRef(v)) return v;
    if (v.bytes) {
      const buf = Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength);
      kept.insert(v.$asset, buf.length, buf);
      return buf;
    }
    const buf = kept.touch(v.$asset);
    if (!buf) throw new Error(`render thread lost asset ${v.$asset} (cache out of step)`);
    return buf;
  };
  const files = assets.files as Map<string, unknown>;
  for (const [url, v] of files) files.set(url, resolve(v));
  if (Array.isArray(assets.fonts)) {
    for (const f of assets.fonts as Array<{ data: unknown }>) f.data = resolve(f.data);
  }
  kept.evict();
  return input;
}
