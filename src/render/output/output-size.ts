/**
 * The pixel size of a raster output: the design size scaled by dpi/72, or fitted inside the
 * requested width/height box with the design's aspect ratio kept.
 */
import { RenderInputError, type Design } from '../types.ts';
import type { RasterOptions } from './options.ts';
import { MAX_OUTPUT_SIDE } from './check-options.ts';

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
  const density = o.dpi ?? 72;
  const boxW = o.width ?? undefined;
  const boxH = o.height ?? undefined;
  let scale: number;
  if (boxW !== undefined || boxH !== undefined) {
    scale = Math.min(
      boxW !== undefined ? boxW / design.width : Infinity,
      boxH !== undefined ? boxH / design.height : Infinity,
    );
  } else {
    scale = density / 72;
  }
  const width = Math.max(1, Math.round(design.width * scale));
  const height = Math.max(1, Math.round(design.height * scale));
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
  return { width, height, scaleX: width / design.width, scaleY: height / design.height, density };
}
