/**
 * BlobStorage on the local disk, under `<dataDir>/files`. Each key is one file,
 * `blobs/<hh>/<sha256 of the key>`, holding a one-line header (format version, content type and
 * the key itself) followed by the bytes. Keys name a fresh random folder per file
 * (`images/<random>/<name>`), and creating a folder plus a second file for the content type per
 * put cost more than the write itself; hashing spreads files over 256 folders made once.
 * A new key is written straight to its file, created exclusively: keys are fresh random names
 * that nobody is told about before put() has returned (the row is marked finished after it), so
 * no reader can meet a half-written file, and a temporary file plus a rename per new file cost
 * more CPU per image (docs/benchmarks.md). Replacing an existing key writes a temporary file and
 * renames it into place, so a reader sees the old bytes or the new ones, never a mix. A crash in the middle
 * of a write can leave a partial file under a key that no finished row names; the orphan sweep
 * (core/generation/file-sweeps.ts) deletes it, found through list(), which reads the headers.
 */
import { createHash } from 'node:crypto';
import { pooledRandomBytes } from '../../core/random-pool.ts';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertBlobKey } from '../blob-key.ts';
import {
  type BlobInfo,
  type BlobStorage,
  type ByteRange,
  type ListedBlob,
  type OpenedBlob,
  type StoredBlob,
} from '../../core/ports/blob-storage.ts';
import type { BlobSink } from '../blob-sink.ts';

const MAGIC = 'imprint-blob 1 ';
// A header holds a key (≤ 512 characters) and a content type: a few hundred bytes in practice.
const MAX_HEADER = 8192;
/**
 * open() of a whole file reads this much with its header: a rendered image or a small upload
 * then takes one read and no stream, where a stream would take a read per 64 KB plus one more.
 */
const WHOLE_READ = 256 * 1024;

/** The parsed header of a stored file and where its bytes start. */
interface Header {
  key: string;
  type: string;
  /** Offset of the first byte of the file's content. */
  offset: number;
}

/** Files on disk under one root folder. */
export class LocalBlobStorage implements BlobStorage {
  private readonly blobRoot: string;
  private readonly tmpRoot: string;
  /** Folders known to exist, so a put normally makes no mkdir call. */
  private readonly madeDirs = new Set<string>();

  readonly root: string;
  constructor(root: string) {
    this.root = root;
    this.blobRoot = path.join(root, 'blobs');
    this.tmpRoot = path.join(root, 'tmp');
  }

  /** Stores the bytes, replacing what was under the key. */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.blobFile(key);
    const parts = [headerBytes(key, contentType), bytes];
    await this.ensureDirs(path.dirname(file));
    try {
      await this.write(file, parts);
    } catch (err) {
      if (!isMissing(err)) throw err;
      // A folder was removed behind our back: make it again and retry once.
      this.madeDirs.clear();
      await this.ensureDirs(path.dirname(file));
      await this.write(file, parts);
    }
  }

  /**
   * Stores a new key's bytes, blocking: for render threads, which have nothing else to do while
   * their file is written. Through the thread pool, open, writev and close each cost two thread
   * wake-ups; run here they cost about half the CPU (docs/benchmarks.md). The file is created
   * exclusively, as put() creates new keys: an existing key throws EEXIST and is left as it was;
   * a file that could not be written whole is removed.
   */
  putNewSync(key: string, bytes: Buffer, contentType: string): void {
    const file = this.blobFile(key);
    const parts = [headerBytes(key, contentType), bytes];
    const dir = path.dirname(file);
    for (let attempt = 0; ; attempt++) {
      if (!this.madeDirs.has(dir)) {
        fsSync.mkdirSync(dir, { recursive: true });
        this.madeDirs.add(dir);
      }
      try {
        return writePartsSync(file, parts);
      } catch (err) {
        // A folder was removed behind our back: make it again and retry once.
        if (attempt > 0 || !isMissing(err)) throw err;
        this.madeDirs.clear();
      }
    }
  }

  /** The stored bytes and type, or null. */
  async get(key: string): Promise<StoredBlob | null> {
    assertBlobKey(key);
    let raw: Buffer;
    try {
      raw = await fs.readFile(this.blobFile(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const end = raw.indexOf(0x0a);
    const head = end < 0 ? '' : raw.subarray(0, end).toString('utf8');
    if (!head.startsWith(MAGIC)) throw new Error(`stored file of ${key} has no header`);
    const meta = JSON.parse(head.slice(MAGIC.length)) as { type: string; key: string };
    // Two keys with one hash would need a SHA-256 collision; still, never serve another key.
    if (meta.key !== key) return null;
    return { bytes: raw.subarray(end + 1), contentType: meta.type || 'application/octet-stream' };
  }

  /** Size, type, ETag and date of the key, or null. */
  async head(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    const found = await this.readHeader(this.blobFile(key));
    if (!found || found.header.key !== key) return null;
    return found.info;
  }

  /**
   * A read stream over the key's bytes (or the range), or null. The stream reads from the handle
   * the header was read through and closes it when done, so a download opens its file once. A
   * whole file of up to WHOLE_READ bytes comes read already (`bytes`), from the header's read.
   */
  async open(key: string, range?: ByteRange): Promise<OpenedBlob | null> {
    assertBlobKey(key);
    const file = this.blobFile(key);
    const fh = await openIfPresent(file);
    if (!fh) return null;
    let streaming = false;
    try {
      const found = await headerOf(fh, file, range ? MAX_HEADER : WHOLE_READ);
      if (found.header.key !== key) return null;
      const { offset } = found.header;
      if (!range && found.chunk.length >= offset + found.info.size) {
        return inMemory(found.info, found.chunk.subarray(offset, offset + found.info.size));
      }
      const start = offset + (range?.start ?? 0);
      const end = offset + (range ? range.end : found.info.size - 1);
      // An empty file has no byte to read: a stream with end < start would fail.
      if (end < start) return { ...found.info, body: Readable.from([]) };
      const body = fh.createReadStream({ start, end });
      streaming = true;
      return { ...found.info, body };
    } finally {
      if (!streaming) await fh.close();
    }
  }

  /** Every stored key under the prefix, read from the headers of the files on disk. */
  async *list(...prefixes: string[]): AsyncIterable<ListedBlob> {
    let folders: string[];
    try {
      folders = await fs.readdir(this.blobRoot);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await fs.readdir(path.join(this.blobRoot, folder));
      } catch (err) {
        if (isMissing(err)) continue;
        throw err;
      }
      for (const name of names) {
        // A file without a readable header (a crash before its first bytes) names no key.
        const found = await this.readHeader(path.join(this.blobRoot, folder, name)).catch(
          () => null,
        );
        if (found && prefixes.some((p) => found.header.key.startsWith(p))) {
          yield { key: found.header.key, lastModified: found.info.lastModified };
        }
      }
    }
  }

  /** Removes the key; a missing key is fine. */
  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await fs.rm(this.blobFile(key), { force: true });
  }

  /** Render threads write new keys into the same root (storage/local/open-blob-sink.ts). */
  sink(): BlobSink {
    return { kind: 'local', root: this.root };
  }

  /** The header and facts of a stored file, or null when there is no file. */
  private async readHeader(file: string): Promise<{ header: Header; info: BlobInfo } | null> {
    const fh = await openIfPresent(file);
    if (!fh) return null;
    try {
      return await headerOf(fh, file);
    } finally {
      await fh.close();
    }
  }

  private blobFile(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join(this.blobRoot, hash.slice(0, 2), hash);
  }

  /** Creates the file, or replaces it through a temporary file when it exists. */
  private async write(file: string, parts: Buffer[]): Promise<void> {
    try {
      await writeParts(file, parts, 'wx');
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const tmp = path.join(this.tmpRoot, `${pooledRandomBytes(12).toString('hex')}.tmp`);
    try {
      await writeParts(tmp, parts, 'w');
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  private async ensureDirs(dir: string): Promise<void> {
    for (const d of [this.tmpRoot, dir]) {
      if (this.madeDirs.has(d)) continue;
      await fs.mkdir(d, { recursive: true });
      this.madeDirs.add(d);
    }
  }
}

/** The file opened for reading, or null when there is none. */
async function openIfPresent(file: string): Promise<fs.FileHandle | null> {
  try {
    return await fs.open(file, 'r');
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** An opened blob whose bytes are in memory: the stream over them is made only when asked for. */
function inMemory(info: BlobInfo, bytes: Buffer): OpenedBlob {
  let body: Readable | undefined;
  return {
    ...info,
    bytes,
    get body() {
      return (body ??= Readable.from([bytes]));
    },
  };
}

/**
 * The header and facts of the stored file open as `fh` (named `file` in errors), and the first
 * `readSize` bytes of the file (the header included) as `chunk`.
 */
async function headerOf(
  fh: fs.FileHandle,
  file: string,
  readSize = MAX_HEADER,
): Promise<{ header: Header; info: BlobInfo; chunk: Buffer }> {
  // Every byte handed on is one the read filled: the rest of the unzeroed buffer is cut off.
  const [stat, read] = await Promise.all([
    fh.stat(),
    fh.read(Buffer.allocUnsafe(readSize), 0, readSize, 0),
  ]);
  const chunk = read.buffer.subarray(0, read.bytesRead);
  const end = chunk.subarray(0, MAX_HEADER).indexOf(0x0a);
  const head = end < 0 ? '' : chunk.subarray(0, end).toString('utf8');
  if (!head.startsWith(MAGIC)) throw new Error(`stored file ${file} has no header`);
  const meta = JSON.parse(head.slice(MAGIC.length)) as { type: string; key: string };
  const size = stat.size - (end + 1);
  return {
    chunk,
    header: { key: meta.key, type: meta.type, offset: end + 1 },
    info: {
      size,
      contentType: meta.type || 'application/octet-stream',
      // Size and modification time change whenever a key is written again.
      etag: `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime,
    },
  };
}

/** The header line a stored file starts with. */
function headerBytes(key: string, contentType: string): Buffer {
  assertBlobKey(key);
  return Buffer.from(`${MAGIC}${JSON.stringify({ type: contentType, key })}\n`, 'utf8');
}

/** writeParts, blocking, for a new file; a file it could not finish is removed. */
function writePartsSync(file: string, parts: Buffer[]): void {
  const fd = fsSync.openSync(file, 'wx');
  try {
    const total = parts.reduce((n, p) => n + p.length, 0);
    let written = fsSync.writevSync(fd, parts);
    const all = written < total ? Buffer.concat(parts) : null;
    while (all && written < total) written += fsSync.writeSync(fd, all, written, total - written);
  } catch (err) {
    try {
      fsSync.closeSync(fd);
    } catch {
      // The write's error is the one worth reporting.
    }
    fsSync.rmSync(file, { force: true });
    throw err;
  }
  // Every byte was written: a failing close leaves a whole file, which the caller gives up (the
  // orphan sweep removes it).
  fsSync.closeSync(fd);
}

/** Writes the parts to a file opened with `flags` (open, one writev, close). */
async function writeParts(file: string, parts: Buffer[], flags: 'w' | 'wx'): Promise<void> {
  const fh = await fs.open(file, flags);
  try {
    const total = parts.reduce((n, p) => n + p.length, 0);
    let { bytesWritten } = await fh.writev(parts);
    // writev may write less than asked for (very large files): write the rest in order.
    const all = bytesWritten < total ? Buffer.concat(parts) : null;
    while (all && bytesWritten < total) {
      bytesWritten += (await fh.write(all, bytesWritten, total - bytesWritten)).bytesWritten;
    }
  } finally {
    await fh.close();
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
