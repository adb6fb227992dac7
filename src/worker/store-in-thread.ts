/**
 * A render thread storing the file it made (see storage/blob-sink.ts): the bytes go from the
 * encoder to the disk in this thread, and only the file's facts go back to the main thread.
 */
import type { RenderedFile } from '../render/index.ts';
import { newKeyFor, type FileTarget } from '../storage/blob-sink.ts';
import { openBlobSink } from '../storage/local/open-blob-sink.ts';
import type { StoredFile } from './render-io.ts';

/**
 * Stores `file` under a new key named by `target` and answers its facts. When the write fails,
 * answers the file itself (what was written removed, but for a whole file whose close failed,
 * which the orphan sweep removes): the main thread then stores the bytes as it would without a
 * target, and reports a failure there as any failed store.
 */
export function storeInThread(file: RenderedFile, target: FileTarget): RenderedFile | StoredFile {
  const storage = openBlobSink(target.sink);
  const key = newKeyFor(target, file.ext);
  try {
    storage.putNewSync(key, file.bytes, file.mime);
  } catch {
    return file;
  }
  const { bytes, ...facts } = file;
  return { ...facts, key, size: bytes.length };
}
