/**
 * BlobStorage on the local disk, under `<dataDir>/files`. Each key is one file,
 * `blobs/<hh>/<sha256 of the key>`, holding a one-line header (format version, content type and
 * the key itself) followed by the bytes. Keys name a fresh random folder per file
 * (`images/<random>/<name>`), and creating a folder plus a second file for the content type per
 * put cost more than the write itself; hashing spreads files over 256 folders made once.
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a
 * file. Files stored by the earlier layout (`data/<key>` + `types/<key>`) are still read and
 * deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, type BlobStorage, type StoredBlob } from '../blob-storage.ts';

const MAGIC = 'imprint-blob 1 ';

/** Files on disk under one root folder. */
export class LocalBlobStorage implements BlobStorage {
  private readonly blobRoot: string;
  private readonly tmpRoot: string;
  // Earlier layout: bytes in data/<key>, content type in types/<key>.
  private readonly legacyDataRoot: string;
  private readonly legacyTypeRoot: string;
  /** Folders known to exist, so a put normally makes no mkdir call. */
  private readonly madeDirs = new Set<string>();

  constructor(readonly root: string) {
    this.blobRoot = path.join(root, 'blobs');
    this.tmpRoot = path.join(root, 'tmp');
    this.legacyDataRoot = path.join(root, 'data');
    this.legacyTypeRoot = path.join(root, 'types');
  }

  /** Stores the bytes, replacing what was under the key. */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const file = this.blobFile(key);
    const header = Buffer.from(`${MAGIC}${JSON.stringify({ type: contentType, key })}\n`, 'utf8');
    await this.ensureDirs(path.dirname(file));
    try {
      await this.writeAtomic(file, [header, bytes]);
    } catch (err) {
      if (!isMissing(err)) throw err;
      // A folder was removed behind our back: make it again and retry once.
      this.madeDirs.clear();
      await this.ensureDirs(path.dirname(file));
      await this.writeAtomic(file, [header, bytes]);
    }
  }

  /** The stored bytes and type, or null. */
  async get(key: string): Promise<StoredBlob | null> {
    assertBlobKey(key);
    let raw: Buffer;
    try {
      raw = await fs.readFile(this.blobFile(key));
    } catch (err) {
      if (isMissing(err)) return this.getLegacy(key);
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

  /** Removes the key (in either layout); a missing key is fine. */
  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await fs.rm(this.blobFile(key), { force: true });
    for (const tree of [this.legacyDataRoot, this.legacyTypeRoot]) {
      const file = this.resolveLegacy(tree, key);
      await fs.rm(file, { force: true });
      await removeEmptyParents(path.dirname(file), tree);
    }
  }

  private blobFile(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join(this.blobRoot, hash.slice(0, 2), hash);
  }

  private async writeAtomic(file: string, parts: Buffer[]): Promise<void> {
    const tmp = path.join(this.tmpRoot, `${randomBytes(12).toString('hex')}.tmp`);
    try {
      await writeParts(tmp, parts);
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

  private async getLegacy(key: string): Promise<StoredBlob | null> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.resolveLegacy(this.legacyDataRoot, key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    let contentType = 'application/octet-stream';
    try {
      contentType =
        (await fs.readFile(this.resolveLegacy(this.legacyTypeRoot, key), 'utf8')) || contentType;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    return { bytes, contentType };
  }

  // Key validation already rules out "..", this is the second lock on the door.
  private resolveLegacy(tree: string, key: string): string {
    const file = path.resolve(tree, ...key.split('/'));
    if (!file.startsWith(tree + path.sep)) throw new Error('storage key escapes the root');
    return file;
  }
}

/** Writes the parts to a new file (open, one writev, close). */
async function writeParts(file: string, parts: Buffer[]): Promise<void> {
  const fh = await fs.open(file, 'w');
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

async function removeEmptyParents(dir: string, stopAt: string): Promise<void> {
  while (dir.startsWith(stopAt + path.sep)) {
    try {
      await fs.rmdir(dir);
    } catch {
      return; // not empty (or already gone): stop climbing
    }
    dir = path.dirname(dir);
  }
}
