/**
 * Draws an SVG into a box, clipped to it: in a PDF as vectors when draw-usvg.ts can draw every
 * part of it, otherwise (and in raster output) as resvg's bitmap at the output resolution, or
 * at 300 pixels per inch of the placed size in a PDF.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { DrawEnv, Rect } from '../types.ts';
import { drawUsvg, vectorProblem } from './draw-usvg.ts';
import { rasterSize, rasterSvg } from './raster-svg.ts';
import type { SimpleSvg } from './simplify-svg.ts';
import { viewBoxMapping } from './viewbox.ts';

/** Resolution of an SVG rasterised into a PDF, in pixels per inch of the page. */
export const SVG_PDF_RASTER_PPI = 300;

const problems = new WeakMap<SimpleSvg, string | null>();

/** Why the SVG cannot stay vectors in a PDF (cached), or null when it can. */
export function svgVectorProblem(svg: SimpleSvg): string | null {
  let p = problems.get(svg);
  if (p === undefined) problems.set(svg, (p = vectorProblem(svg.root) ?? null));
  return p;
}

/**
 * Draws `svg` with its viewBox fitted into `box` (layer units) per its preserveAspectRatio,
 * clipped to the box. `visible`, when the caller clips more, bounds what is rasterised.
 */
export function drawSvg(
  ctx: SKRSContext2D,
  env: Pick<DrawEnv, 'target' | 'scale'>,
  svg: SimpleSvg,
  box: Rect,
  visible: Rect = box,
): void {
  if (!(box.width > 0) || !(box.height > 0)) return;
  const m = viewBoxMapping(svg.root.attrs, box);
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  ctx.translate(box.x, box.y);
  if (env.target === 'pdf' && svgVectorProblem(svg) === null) {
    ctx.transform(m.sx, 0, 0, m.sy, m.tx, m.ty);
    drawUsvg(ctx, svg.root);
  } else {
    // The shown part of the box, in box coordinates.
    const x0 = Math.max(0, visible.x - box.x);
    const y0 = Math.max(0, visible.y - box.y);
    const x1 = Math.min(box.width, visible.x + visible.width - box.x);
    const y1 = Math.min(box.height, visible.y + visible.height - box.y);
    if (x1 > x0 && y1 > y0) {
      const shown = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
      // A PDF's env.scale is points per layer unit: 72 points make an inch.
      const perUnit = env.target === 'pdf' ? (env.scale * SVG_PDF_RASTER_PPI) / 72 : env.scale;
      const view = {
        x: (shown.x - m.tx) / m.sx,
        y: (shown.y - m.ty) / m.sy,
        width: shown.width / m.sx,
        height: shown.height / m.sy,
      };
      const bitmap = rasterSvg(svg, view, rasterSize(shown, perUnit));
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap.canvas, shown.x, shown.y, shown.width, shown.height);
    }
  }
  ctx.restore();
}
