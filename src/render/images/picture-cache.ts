/**
 * A process-wide LRU of decoded pictures, bounded by decoded bytes. Batch renders reuse the same
 * logos and backgrounds, so a warm cache skips decoding entirely. Keys include a digest of the
 * source bytes (not just the URL: the same URL may serve new bytes) and the decoded size. A
 * picture is kept only when its key comes a second time: a new photo per request (the common
 * personalised case) would otherwise fill the budget with bitmaps nobody asks for again.
 */
import type { Canvas } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import {
  lruFigures,
  RENDER_CACHE_BYTES,
  stringBytes,
  type RenderCacheFigures,
} from '../cache-budgets.ts';

/** A decoded bitmap ready for drawImage. */
export interface DecodedPicture {
  canvas: Canvas;
  width: number;
  height: number;
}

/** Default cache budget: 256 MiB of RGBA pixels. */
export const DEFAULT_PICTURE_CACHE_BYTES = RENDER_CACHE_BYTES.thread_pictures;

let limitBytes = DEFAULT_PICTURE_CACHE_BYTES;
let totalBytes = 0;
const entries = new Map<string, DecodedPicture>();
/** Keys offered once and not kept (insertion order: the oldest go first beyond the bound). */
const seenOnce = new Set<string>();
const SEEN_ONCE_KEYS = 4096;
let hits = 0;
let misses = 0;
/** Header facts (size, format) by content digest: small each, bounded by bytes all together. */
const infos = new LRUCache<string, object>({
  maxSize: RENDER_CACHE_BYTES.thread_picture_infos,
  sizeCalculation: (_info, key) => stringBytes(key) + 160,
});
/** Digests by Buffer: they live as long as the Buffers they belong to. */
let digests = new WeakMap<Buffer, string>();

/** The memo of header facts by content digest. */
export function infoMemo(): LRUCache<string, object> {
  return infos;
}

/** The memo of content digests by Buffer object. */
export function digestMemo(): WeakMap<Buffer, string> {
  return digests;
}

const sizeOf = (p: DecodedPicture): number => p.width * p.height * 4;

/** Looks a picture up and marks it most recently used. */
export function cacheGet(key: string): DecodedPicture | undefined {
  const found = entries.get(key);
  if (found) {
    entries.delete(key);
    entries.set(key, found);
    hits++;
  } else misses++;
  return found;
}

/** Stores a picture the second time its key comes, evicting the least recently used ones beyond the budget. */
export function cachePut(key: string, picture: DecodedPicture): void {
  const size = sizeOf(picture);
  if (size > limitBytes) return;
  if (!entries.has(key) && !seenOnce.delete(key)) {
    seenOnce.add(key);
    if (seenOnce.size > SEEN_ONCE_KEYS) seenOnce.delete(seenOnce.values().next().value!);
    return;
  }
  const old = entries.get(key);
  if (old) {
    totalBytes -= sizeOf(old);
    entries.delete(key);
  }
  entries.set(key, picture);
  totalBytes += size;
  evictToLimit();
}

/** Drops least recently used entries until the total fits the budget. */
function evictToLimit(): void {
  for (const [k, p] of entries) {
    if (totalBytes <= limitBytes) break;
    entries.delete(k);
    totalBytes -= sizeOf(p);
  }
}

/** Empties the decoded-picture cache and header memos (the cold benchmark calls it before every render). */
export function clearPictureCache(): void {
  entries.clear();
  seenOnce.clear();
  infos.clear();
  digests = new WeakMap();
  totalBytes = 0;
  hits = 0;
  misses = 0;
}

/** Sets the cache budget in bytes of decoded pixels; 0 disables caching. */
export function setPictureCacheLimit(bytes: number): void {
  limitBytes = Math.max(0, bytes);
  evictToLimit();
}

/** Counters for tests and the benchmark. */
export function pictureCacheStats(): {
  entries: number;
  bytes: number;
  limit: number;
  hits: number;
  misses: number;
} {
  return { entries: entries.size, bytes: totalBytes, limit: limitBytes, hits, misses };
}

/** Entries and bytes of the decoded-picture cache (GET /metrics through the render pool). */
export function pictureCacheFigures(): RenderCacheFigures {
  return { entries: entries.size, bytes: totalBytes, maxBytes: limitBytes };
}

/** Entries and bytes of the picture header memo (GET /metrics through the render pool). */
export function pictureInfoFigures(): RenderCacheFigures {
  return lruFigures(infos);
}
