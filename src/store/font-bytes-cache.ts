/**
 * The bytes of stored fonts per process, by font uuid. A font's bytes never change under its
 * uuid (fonts are uploaded and deleted, never replaced), so once read they can be reused for
 * every render that uses the font: the render path then only checks that the project may still
 * use it. Keeping the same Buffer also lets the render pool send it to each thread once instead
 * of copying a font file into every task. Bounded by bytes; the least recently used go first.
 */
import { LRUCache } from 'lru-cache';
import { lruStats, type CacheStats } from '../core/cache-stats.ts';

/** Default budget (IMPRINT_FONT_CACHE_MB): fonts are 20 KB–2 MB, a project uses a handful. */
export const FONT_BYTES_CACHE_BYTES = 64 * 1024 * 1024;

export class FontBytesCache {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(budget = FONT_BYTES_CACHE_BYTES) {
    this.entries = new LRUCache<string, Buffer>({
      maxSize: budget,
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
    });
  }

  /** The bytes of `uuid`, marked most recently used. */
  get(uuid: string): Buffer | undefined {
    return this.entries.get(uuid);
  }

  /** Keeps the bytes of `uuid` (a font larger than the whole budget is not kept). */
  set(uuid: string, bytes: Buffer): void {
    this.entries.set(uuid, bytes);
  }

  /** Bytes held (tests). */
  get size(): number {
    return this.entries.calculatedSize;
  }

  /** Entries and bytes held (GET /metrics). */
  stats(): CacheStats {
    return lruStats(this.entries);
  }
}
