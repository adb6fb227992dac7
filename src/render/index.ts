/**
 * The public API of the rendering engine: a design, per-request layer data and fetched assets in,
 * file bytes out. Used by the job runner (through the worker-thread pool) and by `imprint render`.
 * Everything here is pure: callers fetch pictures and fonts and pass them in `RenderAssets`.
 */
import type { Design, LayerData, RenderAssets } from './types.ts';
import { renderRaster } from './output/render-raster.ts';
import { renderPdfDocument } from './output/render-pdf.ts';
import { mergePdfFiles, type MergeOptions } from './output/merge-pdfs.ts';
import type { PdfOptions, RasterOptions, RenderedFile } from './output/options.ts';

export { checkRasterOptions, checkPdfOptions } from './output/check-options.ts';
export { prepareRender } from './output/prepare-render.ts';
export { spotConflicts } from './output/spot-conflicts.ts';
export {
  validateDesign,
  listedLayers,
  coerceLayerValues,
  MAX_CANVAS_SIDE,
} from './design/index.ts';
export { readScalar } from './design/scalars.ts';
export { parseColor, COLOR_FORMATS, colorFormatsFor } from './design/index.ts';
export { warningText, requestWarnings, WarningBudget } from './design/request-warnings.ts';
export { WARNING_CODES } from './types.ts';
export { isDynamic } from './design/dynamic-layers.ts';
export { RenderInputError } from './types.ts';
export type { RasterOptions, PdfOptions, RenderedFile } from './output/options.ts';
export type { MergeOptions } from './output/merge-pdfs.ts';
export type {
  Design,
  LayerSpec,
  LayerData,
  FontSource,
  RenderAssets,
  RenderProblem,
  Rect,
  DrawEnv,
  LayerType,
  LayerOf,
  RenderWarning,
  WarningCode,
} from './types.ts';

/** Renders one design with request layer data to an image (PNG, JPEG, WebP or AVIF). */
export function renderImage(input: {
  design: Design;
  layers?: LayerData;
  assets: RenderAssets;
  options?: RasterOptions;
}): Promise<RenderedFile> {
  return renderRaster(input);
}

/** Renders one PDF page per design, in order, as a vector PDF. */
export function renderPdf(input: {
  pages: Array<{ design: Design; layers?: LayerData }>;
  assets: RenderAssets;
  options?: PdfOptions;
}): Promise<RenderedFile> {
  return renderPdfDocument(input);
}

/**
 * Concatenates PDFs in order; a buffer that is not a PDF fails with a problem naming its index,
 * more pages than `options.maxPages` with a problem naming the cap.
 */
export function mergePdfs(files: Buffer[], options?: MergeOptions): Promise<RenderedFile> {
  return mergePdfFiles(files, options);
}
export { layerSchemas } from './design/layer-schemas.ts';
export { GUIDES_SCHEMA } from './design/design-guides.ts';
export { renderCacheStats } from './render-caches.ts';

// The rest of Imprint imports the engine only through this file (dependency-cruiser's
// render-only-through-index). Besides rendering, it uses the pieces below: design figures and
// checks the use cases run before anything is stored or queued, the bundled fonts the editor
// serves, the ICC profiles of `imprint icc`, and the names and figures of the render caches.
export { checkMetadata } from './output/check-options.ts';
export { usedLayerData } from './design/apply-layer-data.ts';
export { collectAssetUses } from './design/collect-asset-urls.ts';
export { pixelSize, isPhysical, PHYSICAL_PX_PER_INCH } from './design/units.ts';
export { describeValue } from './design/props.ts';
export { FONT_PROPS } from './design/font-props.ts';
export { didYouMean } from './design/request-warnings.ts';
export { getLayerType } from './layers/index.ts';
export { parseObjectPosition } from './images/fit-picture.ts';
export { outputSize } from './output/output-size.ts';
export { bleedProblem } from './output/bleed.ts';
export { MAX_PDF_PICTURE_PIXELS, PDF_PICTURE_PPI } from './images/pdf-picture.ts';
export {
  bundledFontPath,
  findBundledFamily,
  findLibraryFamily,
  libraryFamilies,
  libraryFilePath,
  regularFace,
  builtInFamilies,
  type BuiltInFamily,
  type LibraryFamily,
} from './fonts/index.ts';
export { COLOR_PROFILES, type ColorProfile } from './output/icc-profiles.ts';
export { cmykToRgb } from './output/cmyk-to-rgb.ts';
export { tryCmykConversion } from './output/cmyk-pdf.ts';
export { profileSource } from './output/profile-source.ts';
export { RENDER_CACHE_NAMES, type RenderCacheFigures } from './cache-budgets.ts';
export { readAssetKey, assetKeyUrl, type ScreenshotRequest } from './images/screenshot-key.ts';
