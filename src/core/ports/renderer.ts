/** Port: the render functions of the engine, run off the event loop (the worker's RenderPool). */
import type {
  Design,
  FontSource,
  LayerData,
  PdfOptions,
  RasterOptions,
  RenderedFile,
} from '../../render/index.ts';
import type { FileTarget } from '../../storage/blob-sink.ts';

/** The pictures and fonts a render uses, downloaded and checked beforehand. */
export interface RenderAssets {
  files: Map<string, Buffer>;
  fonts: FontSource[];
  /** The keys of `files` that are screenshots of web pages (a browser frame shows their address). */
  screenshots?: string[];
}

/** A file the renderer stored itself (it was given a FileTarget): its facts and key, no bytes. */
export type StoredFile = Omit<RenderedFile, 'bytes'> & { key: string; size: number };

/** What renderImage takes. */
export interface ImageRenderInput {
  design: Design;
  layers?: LayerData;
  assets: RenderAssets;
  options?: RasterOptions;
}

/** What renderPdf takes. */
export interface PdfRenderInput {
  pages: Array<{ design: Design; layers?: LayerData }>;
  assets: RenderAssets;
  options?: PdfOptions;
}

/**
 * Images, PDFs and merges, rendered in a thread. Given a `store` target (storage on this
 * machine's disk, see storage/blob-sink.ts), the render thread stores the file itself and the
 * answer is a StoredFile, unless that write failed: then the bytes come back as without a target.
 */
export interface Renderer {
  renderImage(input: ImageRenderInput): Promise<RenderedFile>;
  renderImage(input: ImageRenderInput, store?: FileTarget): Promise<RenderedFile | StoredFile>;
  renderPdf(input: PdfRenderInput): Promise<RenderedFile>;
  renderPdf(input: PdfRenderInput, store?: FileTarget): Promise<RenderedFile | StoredFile>;
  /** Merges PDFs in order; more than `options.maxPages` pages is a RenderInputError naming the cap. */
  mergePdfs(files: Buffer[], options?: { maxPages?: number }): Promise<RenderedFile>;
  mergePdfs(
    files: Buffer[],
    options?: { maxPages?: number },
    store?: FileTarget,
  ): Promise<RenderedFile | StoredFile>;
}
