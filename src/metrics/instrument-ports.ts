/**
 * Wrappers that count and time what passes through a port, so the render pool and the blob
 * storage adapters need no metrics code of their own. main.ts puts them around the adapters.
 */
import type { Renderer } from '../core/ports/renderer.ts';
import type { Metrics } from '../core/metrics.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';

const seconds = (startedAt: bigint) => Number(process.hrtime.bigint() - startedAt) / 1e9;

/** The renderer, recording the duration of each file produced under its format (`file.ext`). */
export function timedRenderer<R extends Renderer>(renderer: R, metrics: Metrics): Renderer {
  // Every argument is passed on: a wrapper that dropped one (the merge's page cap) would change
  // what the port does, not just measure it.
  const timed =
    <A extends unknown[]>(fn: (...args: A) => ReturnType<Renderer['mergePdfs']>, format?: string) =>
    async (...args: A) => {
      const started = process.hrtime.bigint();
      const file = await fn(...args);
      metrics.render(format ?? file.ext, seconds(started));
      return file;
    };
  return {
    renderImage: timed((input: Parameters<Renderer['renderImage']>[0]) =>
      renderer.renderImage(input),
    ),
    renderPdf: timed((input: Parameters<Renderer['renderPdf']>[0]) => renderer.renderPdf(input)),
    mergePdfs: timed(
      (files: Buffer[], options?: { maxPages?: number }) => renderer.mergePdfs(files, options),
      'merge',
    ),
  };
}

/** The storage, counting every failed operation (the error is passed on unchanged). */
export function countedStorage(storage: BlobStorage, metrics: Metrics): BlobStorage {
  const counted = <T>(operation: string, p: Promise<T>): Promise<T> =>
    p.catch((err: unknown) => {
      metrics.storageError(operation);
      throw err;
    });
  async function* countedList(prefix: string) {
    try {
      yield* storage.list(prefix);
    } catch (err) {
      metrics.storageError('list');
      throw err;
    }
  }
  const presign = storage.presignedUrl?.bind(storage);
  return {
    put: (key, bytes, contentType) => counted('put', storage.put(key, bytes, contentType)),
    get: (key) => counted('get', storage.get(key)),
    head: (key) => counted('head', storage.head(key)),
    open: (key, range) => counted('open', storage.open(key, range)),
    list: countedList,
    delete: (key) => counted('delete', storage.delete(key)),
    // Only where the adapter can presign (S3): the file route checks for the method itself.
    ...(presign
      ? {
          presignedUrl: (key: string, secs: number, filename: string) =>
            counted('presign', presign(key, secs, filename)),
        }
      : {}),
  };
}
