/**
 * The preflight check of a picture on a PDF page (see output/preflight.ts): a picture placed at
 * fewer than 250 pixels per inch prints soft. Checked where the picture is drawn, which knows its
 * source pixels and its placed size.
 */
import type { RenderWarning } from '../types.ts';

/** Lowest resolution of a placed picture, in pixels per inch. */
export const MIN_PICTURE_PPI = 250;

/** A picture drawn with `pixels` source pixels across `points` on the page: its warning, if any. */
export function pictureResolutionWarning(
  path: string,
  pixels: { x: number; y: number },
  points: { x: number; y: number },
): RenderWarning | undefined {
  if (points.x <= 0 || points.y <= 0) return undefined;
  const ppi = Math.min((pixels.x * 72) / points.x, (pixels.y * 72) / points.y);
  if (ppi >= MIN_PICTURE_PPI) return undefined;
  return {
    code: 'low_resolution_picture',
    path,
    message: `the picture is placed at ${Math.round(ppi)} ppi; print needs at least ${MIN_PICTURE_PPI} ppi (use a larger picture or a smaller box)`,
  };
}
