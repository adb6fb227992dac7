/**
 * The storage behind a BlobSink, for the render thread that writes into it: a LocalBlobStorage
 * on the same root as the main thread's, so files, headers and keys are exactly what put() on
 * the main thread makes. One per root and thread, so its known folders are remembered.
 */
import type { BlobSink } from '../blob-sink.ts';
import { LocalBlobStorage } from './local-blob-storage.ts';

const opened = new Map<string, LocalBlobStorage>();

/** Stores new keys in the sink's storage. */
export function openBlobSink(sink: BlobSink): Pick<LocalBlobStorage, 'putNewSync'> {
  if (sink.kind !== 'local') throw new Error(`unknown blob sink ${String(sink.kind)}`);
  let storage = opened.get(sink.root);
  if (!storage) {
    storage = new LocalBlobStorage(sink.root);
    opened.set(sink.root, storage);
  }
  return storage;
}
