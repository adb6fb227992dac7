/** Screenshots by URL and options, each for its time to live, least recently used out first. */

interface Entry {
  png: Buffer;
  expires: number;
}

/** A byte-bounded LRU with a time to live per entry. */
export class ScreenshotCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): Buffer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.expires <= Date.now()) {
      this.bytes -= e.png.length;
      return undefined;
    }
    this.entries.set(key, e);
    return e.png;
  }

  set(key: string, png: Buffer, ttlMs: number): void {
    // One huge shot must not flush everything else.
    if (png.length > this.maxBytes / 2) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.png.length;
    }
    this.entries.set(key, { png, expires: Date.now() + ttlMs });
    this.bytes += png.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.png.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
