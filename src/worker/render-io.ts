/**
 * The inputs and outputs of the engine functions the pool runs: exactly those of
 * `src/render/index.ts` (renderImage, renderPdf, mergePdfs), so the pool is a drop-in for it,
 * plus the file a thread stored itself when the caller gave it a FileTarget.
 */
import type { renderImage, renderPdf, RenderedFile } from '../render/index.ts';

export type { RasterOptions, PdfOptions, RenderedFile } from '../render/index.ts';
export type { FileTarget } from '../storage/blob-sink.ts';

/** Input of renderImage. */
export type RenderImageInput = Parameters<typeof renderImage>[0];

/** Input of renderPdf. */
export type RenderPdfInput = Parameters<typeof renderPdf>[0];

/** A file its render thread stored under `key`: everything the engine returned but the bytes. */
export type StoredFile = Omit<RenderedFile, 'bytes'> & {
  /** The key the file was stored under (named by the FileTarget). */
  key: string;
  /** Its size in bytes. */
  size: number;
};
