/**
 * The inputs and outputs of the engine functions the pool runs: exactly those of
 * `src/render/index.ts` (renderImage, renderPdf, mergePdfs), so the pool is a drop-in for it.
 */
import type { renderImage, renderPdf } from '../render/index.ts';

export type { RasterOptions, PdfOptions, RenderedFile } from '../render/index.ts';

/** Input of renderImage. */
export type RenderImageInput = Parameters<typeof renderImage>[0];

/** Input of renderPdf. */
export type RenderPdfInput = Parameters<typeof renderPdf>[0];
