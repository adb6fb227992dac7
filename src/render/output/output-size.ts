/**
 * The pixel size of a raster output: the design size scaled by dpi/72, or fitted inside the
 * requested width/height box with the design's aspect ratio kept.
 */
import { RenderInputError, type Design } from '../types.ts';
import type { RasterOptions } from './options.ts';
import { MAX_OUTPUT_SIDE } from './check-options.ts';
import { DEFAULT_PRINT_DPI, PHYSICAL_PX_PER_INCH, isPhysical, pixelSize } from '../design/units.ts';

/** Largest raster output in pixels (width × height); about 400 MB of RGBA while drawing. */
export const MAX_OUTPUT_PIXELS = 100_000_000;

/** Output size, per-axis scale from design pixels, and the density to write (pixels per inch). */
export interface OutputSize {
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
  density: number;
}

/** Computes the output size; too large a result is a RenderInputError naming the option. */
export function outputSize(design: Design, o: RasterOptions): OutputSize {
  // A px design is at 72 per inch (Placid's dpi); a physical one at 96 painter px per inch.
  const physical = isPhysical(design);
  const density = o.dpi ?? (physical ? (design.dpi ?? DEFAULT_PRINT_DPI) : 72);
  const canvas = pixelSize(design);
  const boxW = o.width ?? undefined;
  const boxH = o.height ?? undefined;
  let scale: number;
  if (boxW !== undefined || boxH !== undefined) {
    scale = Math.min(
      boxW !== undefined ? boxW / canvas.width : Infinity,
      boxH !== undefined ? boxH / canvas.height : Infinity,
    );
  } else {
    scale = density / (physical ? PHYSICAL_PX_PER_INCH : 72);
  }
  const width = Math.max(1, Math.round(canvas.width * scale));
  const height = Math.max(1, Math.round(canvas.height * scale));
  if (width > MAX_OUTPUT_SIDE || height > MAX_OUTPUT_SIDE || width * height > MAX_OUTPUT_PIXELS) {
    // Name what the caller sent that made it too large; with nothing sent the template's own
    // size is too large, and `modifications` (a width or height) is where the fix goes.
    const path =
      boxW !== undefined
        ? 'modifications.width'
        : boxH !== undefined
          ? 'modifications.height'
          : o.dpi !== undefined && o.dpi !== 72
            ? 'modifications.dpi'
            : 'modifications';
    const hint = path === 'modifications' ? '; give a smaller modifications.width or height' : '';
    throw new RenderInputError([
      {
        path,
        message: `the output would be ${width}×${height} px; at most ${MAX_OUTPUT_SIDE} px a side and ${MAX_OUTPUT_PIXELS / 1e6} megapixels are rendered${hint}`,
      },
    ]);
  }
  return { width, height, scaleX: width / canvas.width, scaleY: height / canvas.height, density };
}
