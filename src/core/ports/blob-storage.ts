/**
 * Port: where stored files live (outputs now; uploaded media and template thumbnails use it too).
 * Keys are made by the caller, like `images/<random>/<filename>`, and hold at least 128 random
 * bits because the public file route serves any stored key without authentication. Adapters:
 * local disk (`src/storage/local/`) and any S3-protocol bucket (`src/storage/s3/`). Keys are checked by
 * `src/storage/blob-key.ts`.
 */
import type { Readable } from 'node:stream';
import type { BlobSink } from '../../storage/blob-sink.ts';

/** A stored file, read whole (small files only: downloads use open()). */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/** What is known about a stored file without reading it. */
export interface BlobInfo {
  /** Size of the whole file in bytes. */
  size: number;
  contentType: string;
  /** A strong validator of the bytes, quoted as in an HTTP ETag header. */
  etag: string;
  lastModified: Date;
}

/** An inclusive byte range, already checked against the file's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file opened for reading: the bytes of the range asked for (or all) as a stream. */
export interface OpenedBlob extends BlobInfo {
  body: Readable;
  /**
   * The same bytes, when the adapter read them whole while opening (a small local file): a
   * caller may send them instead of reading the stream.
   */
  bytes?: Buffer;
}

/** One entry of list(). */
export interface ListedBlob {
  key: string;
  lastModified: Date;
}

/** Port: a flat key → bytes store. */
export interface BlobStorage {
  /**
   * Stores (or replaces) the bytes under a key. Hand a new key to nobody before this returns: S3
   * stores an object atomically, but local disk writes a new key in place. Throws
   * InvalidBlobKeyError for a bad key.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes and content type under a key, or null when nothing is stored there. */
  get(key: string): Promise<StoredBlob | null>;
  /** Size, type, ETag and date of a key, or null when nothing is stored there. */
  head(key: string): Promise<BlobInfo | null>;
  /** A stream of the key's bytes (only `range` when given), or null when nothing is stored there. */
  open(key: string, range?: ByteRange): Promise<OpenedBlob | null>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key starting with one of the prefixes (e.g. `images/`), in no particular order, for
   * the sweeps. Several prefixes in one call: local storage then reads each file's header once.
   * A key under two of the prefixes (`images/` and `images/a/`) is listed once.
   */
  list(...prefixes: string[]): AsyncIterable<ListedBlob>;
  /**
   * A URL that downloads the key straight from the storage for `seconds`; only adapters that can
   * sign URLs (S3) have it.
   */
  presignedUrl?(key: string, seconds: number, filename: string): Promise<string>;
  /**
   * Where a render thread of this process may store new keys itself (see blob-sink.ts); only
   * adapters whose files are on this machine (local disk) have it.
   */
  sink?(): BlobSink;
}
