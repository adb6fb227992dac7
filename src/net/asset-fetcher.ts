/**
 * Downloads the assets of a render (pictures, PDFs to merge) through safeFetch, checks that the
 * bytes are what they claim to be, and keeps them in a small per-process cache: a batch of a
 * thousand images with the same logo downloads it once. The cache follows the server's
 * Cache-Control (no-store: never kept; max-age: kept at most that long; no-cache: revalidated
 * before each use) and revalidates a stale entry with its ETag or Last-Modified, keeping the same
 * Buffer on a 304 (so render threads' caches, keyed by the Buffer, still hold it). Concurrent requests for the same URL
 * share one download. Imprint's own file URLs (rendered files, uploaded media) are read from
 * storage instead (storage/own-file-key.ts).
 */
import type { BlobStorage } from '../core/ports/blob-storage.ts';
import { ownFileKey } from '../storage/own-file-key.ts';
import { FetchError } from './fetch-error.ts';
import { safeFetch, type SafeFetchOptions, type SafeFetchResponse } from './safe-fetch.ts';
import { isPdf, sniffPicture } from './sniff.ts';
import type { CacheStats } from '../core/cache-stats.ts';

/** Limits and cache sizes of an AssetFetcher. */
export interface AssetFetcherOptions {
  allowPrivate: boolean;
  /** Per download (IMPRINT_FETCH_TIMEOUT_MS). */
  timeoutMs: number;
  /** Per download (IMPRINT_FETCH_MAX_BYTES). */
  maxBytes: number;
  /** How long a download is reused (default 5 minutes). */
  ttlMs?: number;
  /** Bytes the cache may hold in total (default 128 MB); the least recently used go first. */
  cacheMaxBytes?: number;
  /**
   * Where URLs under `publicUrl`/files/ are read from, without HTTP. Any project's file URL may
   * be used: the key's 128 random bits make the URL a capability, as a bucket URL is.
   */
  ownFiles?: { publicUrl: string; storage: BlobStorage };
  /**
   * Bounds the downloads in flight, all renders of the process together
   * (IMPRINT_FETCH_CONCURRENCY): each download takes one unit first and gives it back when it
   * ends. Cache hits and requests joining a download in flight take none. Unbounded without it.
   */
  slots?: DownloadSlots;
}

/** A FIFO semaphore (the composition root passes core's PixelBudget, one unit per download). */
export interface DownloadSlots {
  acquire(units: number): Promise<() => void>;
}

/** The HTTP client an AssetFetcher uses; safeFetch unless a test swaps in a counting wrapper. */
export type FetchFn = (url: string, opts: SafeFetchOptions) => Promise<SafeFetchResponse>;

interface Entry {
  bytes: Buffer;
  contentType: string;
  expires: number;
  /** Validators for a conditional request once the entry is stale. */
  etag?: string;
  lastModified?: string;
  /** The Cache-Control the entry was stored with (a 304 without one keeps it). */
  cacheControl?: string;
}

/** What a response's Cache-Control allows: not storing it, or how long it stays fresh (ms). */
export function cachePolicy(
  headers: Record<string, string>,
  ttlMs: number,
): { store: boolean; freshMs: number } {
  const directives = (headers['cache-control'] ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.includes('no-store')) return { store: false, freshMs: 0 };
  if (directives.some((d) => d === 'no-cache' || d.startsWith('no-cache=')))
    return { store: true, freshMs: 0 };
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length).replace(/"/g, '')) : NaN;
  // Never longer than the fetcher's own TTL: a picture replaced upstream shows up within it.
  if (Number.isFinite(seconds) && seconds >= 0)
    return { store: true, freshMs: Math.min(seconds * 1000, ttlMs) };
  return { store: true, freshMs: ttlMs };
}

const PICTURE_FORMATS = 'JPEG, PNG, WebP, GIF, AVIF or SVG';

/** Fetches, sniffs and caches pictures and PDFs by URL. */
export class AssetFetcher {
  private readonly cache = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  private cachedBytes = 0;
  private readonly ttlMs: number;
  private readonly cacheMaxBytes: number;

  private readonly opts: AssetFetcherOptions;
  private readonly fetchFn: FetchFn;
  constructor(opts: AssetFetcherOptions, fetchFn: FetchFn = safeFetch) {
    this.opts = opts;
    this.fetchFn = fetchFn;
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
    this.cacheMaxBytes = opts.cacheMaxBytes ?? 128 * 1024 * 1024;
  }

  /** The bytes of an image (JPEG, PNG, WebP, GIF, AVIF or SVG); FetchError otherwise. */
  async fetchPicture(url: string): Promise<Buffer> {
    const entry = await this.load(url);
    if (!sniffPicture(entry.bytes)) {
      throw new FetchError(
        url,
        'bad_content',
        `not an image (expected ${PICTURE_FORMATS}${describeType(entry.contentType)})`,
        undefined,
        entry.contentType,
      );
    }
    return entry.bytes;
  }

  /** The bytes of a PDF (must start with %PDF-); FetchError otherwise. */
  async fetchPdf(url: string): Promise<Buffer> {
    const entry = await this.load(url);
    if (!isPdf(entry.bytes)) {
      throw new FetchError(url, 'bad_content', `not a PDF file${describeType(entry.contentType)}`);
    }
    return entry.bytes;
  }

  /** Forgets every cached download. */
  clear(): void {
    this.cache.clear();
    this.cachedBytes = 0;
  }

  /** Bytes currently cached (for tests and metrics). */
  get cacheSize(): number {
    return this.cachedBytes;
  }

  /** Entries and bytes cached, and the budget (GET /metrics). */
  cacheStats(): CacheStats {
    return { entries: this.cache.size, bytes: this.cachedBytes, maxBytes: this.cacheMaxBytes };
  }

  private async load(url: string): Promise<Entry> {
    const hit = this.cache.get(url);
    if (hit && hit.expires > Date.now()) {
      // Re-insert so Map order stays least-recently-used first.
      this.cache.delete(url);
      this.cache.set(url, hit);
      return hit;
    }
    // A stale entry without validators cannot be revalidated: download it again.
    const stale = hit && (hit.etag || hit.lastModified) ? hit : undefined;
    if (hit && !stale) this.forget(url, hit);
    let pending = this.inflight.get(url);
    if (!pending) {
      pending = this.inSlot(() => this.download(url, stale)).finally(() =>
        this.inflight.delete(url),
      );
      this.inflight.set(url, pending);
    }
    return pending;
  }

  /** Runs a download holding one of the process's download slots, if it has a bound. */
  private async inSlot(download: () => Promise<Entry>): Promise<Entry> {
    const release = await this.opts.slots?.acquire(1);
    try {
      return await download();
    } finally {
      release?.();
    }
  }

  private async download(url: string, stale?: Entry): Promise<Entry> {
    const own = this.opts.ownFiles;
    const key = own ? ownFileKey(url, own.publicUrl) : null;
    if (own && key) return this.readOwn(url, key, own.storage);
    const headers: Record<string, string> = {
      accept: 'image/*, application/pdf;q=0.9, */*;q=0.5',
    };
    if (stale?.etag) headers['if-none-match'] = stale.etag;
    if (stale?.lastModified) headers['if-modified-since'] = stale.lastModified;
    const res = await this.fetchFn(url, {
      maxBytes: this.opts.maxBytes,
      timeoutMs: this.opts.timeoutMs,
      allowPrivate: this.opts.allowPrivate,
      headers,
    });
    const cacheControl =
      res.headers['cache-control'] ?? (res.status === 304 ? stale?.cacheControl : undefined);
    const policy = cachePolicy({ 'cache-control': cacheControl ?? '' }, this.ttlMs);
    if (res.status === 304 && stale) {
      // Still the same file: keep the same Buffer, fresh again for as long as the server says.
      stale.expires = Date.now() + policy.freshMs;
      stale.etag = res.headers.etag ?? stale.etag;
      stale.lastModified = res.headers['last-modified'] ?? stale.lastModified;
      stale.cacheControl = cacheControl;
      if (policy.store) this.remember(url, stale);
      else this.forget(url, stale);
      return stale;
    }
    if (stale) this.forget(url, stale);
    if (res.status < 200 || res.status > 299) {
      throw new FetchError(url, 'http_status', `the server answered ${res.status}`, res.status);
    }
    const entry: Entry = {
      bytes: res.body,
      contentType: res.headers['content-type'] ?? '',
      expires: Date.now() + policy.freshMs,
      etag: res.headers.etag,
      lastModified: res.headers['last-modified'],
      cacheControl,
    };
    // An entry fresh for 0 ms is still worth keeping when it can be revalidated.
    if (policy.store && (policy.freshMs > 0 || entry.etag || entry.lastModified))
      this.remember(url, entry);
    return entry;
  }

  /** An own file from storage; a missing one fails like a 404 (deleted, or media expired). */
  private async readOwn(url: string, key: string, storage: BlobStorage): Promise<Entry> {
    const blob = await storage.get(key);
    if (!blob) {
      throw new FetchError(url, 'http_status', 'no such file here (deleted or expired)', 404);
    }
    if (blob.bytes.length > this.opts.maxBytes) {
      throw new FetchError(url, 'too_large', `larger than ${this.opts.maxBytes} bytes`);
    }
    const entry: Entry = {
      bytes: blob.bytes,
      contentType: blob.contentType,
      expires: Date.now() + this.ttlMs,
    };
    this.remember(url, entry);
    return entry;
  }

  private remember(url: string, entry: Entry): void {
    // One huge file must not flush everything else.
    if (entry.bytes.length > this.cacheMaxBytes / 2) return;
    const old = this.cache.get(url);
    if (old) this.forget(url, old);
    this.cache.delete(url); // a revalidated entry moves to the most recently used end
    this.cache.set(url, entry);
    this.cachedBytes += entry.bytes.length;
    for (const [key, e] of this.cache) {
      if (this.cachedBytes <= this.cacheMaxBytes) break;
      this.forget(key, e);
    }
  }

  private forget(url: string, entry: Entry): void {
    if (this.cache.get(url) === entry) {
      this.cache.delete(url);
      this.cachedBytes -= entry.bytes.length;
    }
  }
}

function describeType(contentType: string): string {
  const t = contentType.split(';')[0].trim();
  return t ? `; the server sent ${t}` : '';
}
