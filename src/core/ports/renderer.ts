/** Port: the render functions of the engine, run off the event loop (the worker's RenderPool). */
import type {
  FontSource,
  PdfOptions,
  RasterOptions,
  RenderedFile,
  Design,
  LayerData,
} from '../../render/index.ts';

/** The pictures and fonts a render uses, downloaded and checked beforehand. */
export interface RenderAssets {
  files: Map<string, Buffer>;
  fonts: FontSource[];
}

/** Images, PDFs and merges, rendered in a thread. */
export interface Renderer {
  renderImage(input: {
    design: Design;
    layers?: LayerData;
    assets: RenderAssets;
    options?: RasterOptions;
  }): Promise<RenderedFile>;
  renderPdf(input: {
    pages: Array<{ design: Design; layers?: LayerData }>;
    assets: RenderAssets;
    options?: PdfOptions;
  }): Promise<RenderedFile>;
  /** Merges PDFs in order; more than `options.maxPages` pages is a RenderInputError naming the cap. */
  mergePdfs(files: Buffer[], options?: { maxPages?: number }): Promise<RenderedFile>;
}
