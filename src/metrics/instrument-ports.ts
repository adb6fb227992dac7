/**
 * Wrappers that count and time what passes through a port, so the render pool and the blob
 * storage adapters need no metrics code of their own. main.ts puts them around the adapters.
 */
import type { Renderer } from '../core/ports/renderer.ts';
import type { Metrics } from '../core/ports/metrics.ts';
import type { BlobStorage } from '../core/ports/blob-storage.ts';

const seconds = (startedAt: bigint) => Number(process.hrtime.bigint() - startedAt) / 1e9;

/** The renderer, recording the duration of each file produced under its format (`file.ext`). */
export function timedRenderer<R extends Renderer>(renderer: R, metrics: Metrics): Renderer {
  // Every argument is passed on (a merge's page cap, a store target): a wrapper that dropped one
  // would change what the port does, not just measure it. The cast keeps the port's overloads.
  const timed = <F extends (...args: never[]) => Promise<{ ext: string }>>(
    fn: F,
    format?: string,
  ) =>
    (async (...args: Parameters<F>) => {
      const started = process.hrtime.bigint();
      const file = await fn(...args);
      metrics.render(format ?? file.ext, seconds(started));
      return file;
    }) as unknown as F;
  // The method is looked up on every call, not bound once: a method replaced on the renderer
  // later (tests gate or break renders that way) is the one that runs.
  type Method<K extends keyof Renderer> = (
    ...args: Parameters<Renderer[K]>
  ) => ReturnType<Renderer[K]>;
  const image: Method<'renderImage'> = (...args) => renderer.renderImage(...args);
  const pdf: Method<'renderPdf'> = (...args) => renderer.renderPdf(...args);
  const merge: Method<'mergePdfs'> = (...args) => renderer.mergePdfs(...args);
  return {
    renderImage: timed(image) as Renderer['renderImage'],
    renderPdf: timed(pdf) as Renderer['renderPdf'],
    mergePdfs: timed(merge, 'merge') as Renderer['mergePdfs'],
  };
}

/** The storage, counting every failed operation (the error is passed on unchanged). */
export function countedStorage(storage: BlobStorage, metrics: Metrics): BlobStorage {
  const counted = <T>(operation: string, p: Promise<T>): Promise<T> =>
    p.catch((err: unknown) => {
      metrics.storageError(operation);
      throw err;
    });
  async function* countedList(...prefixes: string[]) {
    try {
      yield* storage.list(...prefixes);
    } catch (err) {
      metrics.storageError('list');
      throw err;
    }
  }
  const presign = storage.presignedUrl?.bind(storage);
  const sink = storage.sink?.bind(storage);
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
    // Only where render threads can store files themselves (local disk).
    ...(sink ? { sink } : {}),
  };
}
