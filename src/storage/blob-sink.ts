/**
 * Files a render thread stores itself. With storage on this machine's disk, the thread that made
 * a file writes it under its key, and the main thread gets the file's facts instead of its bytes:
 * no copy of the bytes between threads and no write on the event loop. A BlobSink says where, as
 * plain data that crosses to a thread; a FileTarget adds how the new key is named, since the
 * extension is known only once the render has decided the format (`auto`).
 */
import { newFileKey, sanitizeFilename } from './file-url.ts';

/** Storage a thread of this process can write to itself: local disk under `root`. */
export interface BlobSink {
  kind: 'local';
  root: string;
}

/** How a new file's key is made: `<prefix>/<random>/<filename with the file's extension>`. */
export interface FileNaming {
  /** First key segment, e.g. `images` or `pdfs`. */
  prefix: string;
  /** The name asked for (cleaned by sanitizeFilename), if any. */
  filename?: string | null;
  /** The name's stem when nothing usable is asked for, e.g. the row id. */
  fallback: string;
}

/** Where and under what name a render thread stores the file it made. */
export interface FileTarget extends FileNaming {
  sink: BlobSink;
}

/** A fresh key for a file of extension `ext`, named as `naming` says. */
export function newKeyFor(naming: FileNaming, ext: string): string {
  return newFileKey(naming.prefix, sanitizeFilename(naming.filename, ext, naming.fallback));
}
