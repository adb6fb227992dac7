/**
 * What a render costs, following Placid's credit rules: an image 1 credit, a PDF 2 per page,
 * each multiplied by the canvas-size factor of its longest side; a merge 1 per started 100 merged
 * pages (it renders nothing, but reading and copying many pages costs CPU). Test mode is free.
 */

/** Largest canvas side (px) a render may have; the factor table ends there. */
export const MAX_CANVAS_SIDE = 16000;

/** The multiplier for a canvas whose longest side is `longest` px: 1, 8, 16 or 32. */
export function canvasSizeFactor(longest: number): number {
  if (longest <= 4000) return 1;
  if (longest <= 8000) return 8;
  if (longest <= 12000) return 16;
  return 32;
}

/**
 * The output size of an image: the canvas fitted into the requested width/height box with its
 * aspect ratio kept (one side given scales the other).
 */
export function fittedSize(
  canvas: { width: number; height: number },
  wanted: { width?: number; height?: number },
): { width: number; height: number } {
  const { width: w, height: h } = canvas;
  let scale = 1;
  if (wanted.width && wanted.height) scale = Math.min(wanted.width / w, wanted.height / h);
  else if (wanted.width) scale = wanted.width / w;
  else if (wanted.height) scale = wanted.height / h;
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** Credits of one image of the given output size. */
export function imageCredits(size: { width: number; height: number }): number {
  return canvasSizeFactor(Math.max(size.width, size.height));
}

/** Credits of a PDF: 2 per page times each page's canvas factor. */
export function pdfCredits(pages: Array<{ width: number; height: number }>): number {
  return pages.reduce((sum, p) => sum + 2 * canvasSizeFactor(Math.max(p.width, p.height)), 0);
}

/** Merged pages one merge credit pays for. */
export const MERGE_PAGES_PER_CREDIT = 100;

/** Credits of a merge of `pages` pages: 1 per started 100. */
export function mergeCredits(pages: number): number {
  return Math.ceil(pages / MERGE_PAGES_PER_CREDIT);
}

/**
 * What a merge reserves when it is created, before its files are fetched and counted: the least
 * any merge costs (2 URLs, so at least 2 pages: 1 credit). The job sets the full cost.
 */
export const MERGE_RESERVED_CREDITS = 1;
