/**
 * What a process-wide cache holds, for GET /metrics: every cache that grows with user data
 * (designs, font files, downloads, render threads' assets) is bounded by bytes and reports here.
 */

/** The size of one cache now. */
export interface CacheStats {
  /** Entries held. */
  entries: number;
  /** Bytes held (an estimate where the values are parsed objects). */
  bytes: number;
  /** The budget in bytes the cache evicts at (least recently used first). */
  maxBytes: number;
}

/** The figures of an lru-cache bounded by `maxSize` (its size function counts bytes). */
export function lruStats(lru: {
  size: number;
  calculatedSize: number;
  maxSize: number;
}): CacheStats {
  return { entries: lru.size, bytes: lru.calculatedSize, maxBytes: lru.maxSize };
}
