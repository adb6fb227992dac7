/**
 * The weight of a render in the pixel budget: the pixels it holds in memory at its peak, so the
 * budget bounds what renders in flight really need (measured by `npm run bench:memory`).
 */
import { RenderInputError, type PdfOptions, type RasterOptions } from '../../render/index.ts';
import { outputSize } from '../../render/output/output-size.ts';
import type { Design } from '../../render/types.ts';
import { pixelSize } from '../../render/design/units.ts';

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
 * A PDF page is vector: no canvas. What it holds are its pictures, decoded at most at page size
 * in device pixels (design pixels × dpi / 96), one page at a time. The largest page counts.
 */
export function pdfPixels(pages: Design[], options: PdfOptions): number {
  const scale = (options.dpi ?? 96) / 96;
  return Math.max(
    0,
    ...pages.map((p) => {
      const { width, height } = pixelSize(p);
      return width * height * scale * scale;
    }),
  );
}

/** Pixels a merged page weighs: about 25 KB of parsed PDF objects, at 8–9 bytes per pixel. */
const PIXELS_PER_MERGED_PAGE = 3000;

/**
 * A merge holds the parsed input files and the merged copy in the thread's JavaScript heap: one
 * pixel per byte of input plus PIXELS_PER_MERGED_PAGE per page it may have (its page cap, as the
 * pages are not counted before the merge).
 */
export function mergePixels(files: Buffer[], maxPages: number): number {
  return files.reduce((sum, f) => sum + f.length, 0) + maxPages * PIXELS_PER_MERGED_PAGE;
}
