/**
 * The bytes of stored fonts per process, by font uuid. A font's bytes never change under its
 * uuid (fonts are uploaded and deleted, never replaced), so once read they can be reused for
 * every render that uses the font: the render path then only checks that the project may still
 * use it. Keeping the same Buffer also lets the render pool send it to each thread once instead
 * of copying a font file into every task. Bounded by bytes; the least recently used go first.
 */

/** Default budget: fonts are 20 KB–2 MB, a project uses a handful. */
export const FONT_BYTES_CACHE_BYTES = 64 * 1024 * 1024;

export class FontBytesCache {
  private readonly entries = new Map<string, Buffer>();
  private total = 0;

  constructor(private readonly budget = FONT_BYTES_CACHE_BYTES) {}

  /** The bytes of `uuid`, marked most recently used. */
  get(uuid: string): Buffer | undefined {
    const bytes = this.entries.get(uuid);
    if (bytes) {
      this.entries.delete(uuid);
      this.entries.set(uuid, bytes);
    }
    return bytes;
  }

  /** Keeps the bytes of `uuid` (a font larger than the whole budget is not kept). */
  set(uuid: string, bytes: Buffer): void {
    if (bytes.length > this.budget) return;
    const old = this.entries.get(uuid);
    if (old) {
      this.total -= old.length;
      this.entries.delete(uuid);
    }
    this.entries.set(uuid, bytes);
    this.total += bytes.length;
    for (const [key, b] of this.entries) {
      if (this.total <= this.budget) break;
      this.entries.delete(key);
      this.total -= b.length;
    }
  }

  /** Bytes held (tests). */
  get size(): number {
    return this.total;
  }
}
