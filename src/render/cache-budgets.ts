/**
 * Byte budgets of the render engine's own caches, per render thread (each thread loads the
 * engine once and keeps its caches across renders), and the names they are reported under in
 * GET /metrics. Every cache that grows with user data is bounded by bytes, not entries: one
 * simplified SVG or one measured text can weigh megabytes.
 */

const MiB = 1024 * 1024;

/** Budgets in bytes, by the name the cache is reported under. */
export const RENDER_CACHE_BYTES = {
  /** Decoded pictures and rasterised SVGs, width × height × 4 bytes each. */
  thread_pictures: 256 * MiB,
  /** Header facts (size, format) of pictures by content digest. */
  thread_picture_infos: 1 * MiB,
  /** Simplified SVGs (resvg's text and its element tree). */
  thread_svgs: 32 * MiB,
  /** Measured text widths (keys hold the text) and font metrics. */
  thread_text_measures: 8 * MiB,
  /** Encoded barcode symbols. */
  thread_barcodes: 4 * MiB,
} as const;

/** A name under which a render thread's cache is reported. */
export type RenderCacheName = keyof typeof RENDER_CACHE_BYTES;

/** The names, in the order /metrics lists them. */
export const RENDER_CACHE_NAMES = Object.keys(RENDER_CACHE_BYTES) as RenderCacheName[];

/** What one cache holds: entries, bytes (an estimate for parsed objects) and its budget. */
export interface RenderCacheFigures {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** Bytes a string takes in memory, as a fair estimate (UTF-16). */
export function stringBytes(s: string): number {
  return s.length * 2;
}

/** The figures of an lru-cache bounded by `maxSize`. */
export function lruFigures(lru: {
  size: number;
  calculatedSize: number;
  maxSize: number;
}): RenderCacheFigures {
  return { entries: lru.size, bytes: lru.calculatedSize, maxBytes: lru.maxSize };
}
