/**
 * The weight of a render in the pixel budget: the pixels it holds in memory at its peak, so the
 * budget bounds what renders in flight really need (measured by `npm run bench:memory`).
 */
import {
  RenderInputError,
  type PdfOptions,
  type RasterOptions,
  outputSize,
  type Design,
  isPhysical,
  pixelSize,
  PHYSICAL_PX_PER_INCH,
  MAX_PDF_PICTURE_PIXELS,
  PDF_PICTURE_PPI,
} from '../../render/index.ts';

/** An image holds its output canvas (and, while encoding, a copy of it): output width × height. */
export function imagePixels(design: Design, options: RasterOptions): number {
  try {
    const size = outputSize(design, options);
    return size.width * size.height;
  } catch (err) {
    // Too large to render at all: the render refuses it at once, holding nothing.
    if (err instanceof RenderInputError) return 0;
    throw err;
  }
}

/**
 * A PDF page is vector: no canvas. What it holds is one picture at a time, resampled to at most
 * 300 ppi of its placed size and MAX_PDF_PICTURE_PIXELS (a JPEG embedded as it is holds none):
 * at most its page at 300 ppi. The largest page counts.
 */
export function pdfPixels(pages: Design[], options: PdfOptions): number {
  return Math.max(
    0,
    ...pages.map((p) => {
      const { width, height } = pixelSize(p);
      // A px design's page is its pixels at the PDF dpi; a physical one, pixels at 96 per inch.
      const k = PDF_PICTURE_PPI / (isPhysical(p) ? PHYSICAL_PX_PER_INCH : (options.dpi ?? 96));
      return Math.min(MAX_PDF_PICTURE_PIXELS, Math.round(width * height * k * k));
    }),
  );
}

/** Pixels a merged page weighs: its parsed PDF objects at the bytes a pixel weighs (benchmarks). */
const PIXELS_PER_MERGED_PAGE = 3000;

/**
 * A merge holds the parsed input files and the merged copy in the thread's JavaScript heap: one
 * pixel per byte of input plus PIXELS_PER_MERGED_PAGE per page it may have (its page cap, as the
 * pages are not counted before the merge).
 */
export function mergePixels(files: Buffer[], maxPages: number): number {
  return files.reduce((sum, f) => sum + f.length, 0) + maxPages * PIXELS_PER_MERGED_PAGE;
}
