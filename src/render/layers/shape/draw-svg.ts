/** Draws an SVG shape as vectors, scaled into the layer box like preserveAspectRatio="xMidYMid meet". */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { RenderInputError } from '../../types.ts';
import { parseSvg } from './parse-svg.ts';
import type { ParsedSvg } from './parse-svg.ts';

const parsed = new Map<string, ParsedSvg>();

/** Parses (once per distinct content) the SVG bytes, or throws a RenderInputError at `path`. */
export function loadSvg(bytes: Buffer, url: string, path: string): ParsedSvg {
  const key = createHash('sha1').update(bytes).digest('hex');
  let svg = parsed.get(key);
  if (!svg) {
    try {
      svg = parseSvg(bytes.toString('utf8'));
    } catch (err) {
      throw new RenderInputError([
        { path, message: `${url} is not a usable SVG: ${(err as Error).message}` },
      ]);
    }
    if (parsed.size >= 500) parsed.delete(parsed.keys().next().value as string);
    parsed.set(key, svg);
  }
  return svg;
}

/** Fills and strokes the SVG's elements in a width×height box; `color` replaces "layer" paints. */
export function drawSvg(
  ctx: SKRSContext2D,
  svg: ParsedSvg,
  box: { width: number; height: number },
  color: string,
): void {
  const { viewBox: vb } = svg;
  let sx = box.width / vb.width;
  let sy = box.height / vb.height;
  let ox = 0;
  let oy = 0;
  if (svg.preserveAspect) {
    sx = sy = Math.min(sx, sy);
    ox = (box.width - vb.width * sx) / 2;
    oy = (box.height - vb.height * sy) / 2;
  }
  const baseAlpha = ctx.globalAlpha;
  for (const el of svg.elements) {
    ctx.save();
    ctx.translate(ox, oy);
    ctx.scale(sx, sy);
    ctx.translate(-vb.x, -vb.y);
    ctx.transform(...el.matrix);
    ctx.globalAlpha = baseAlpha * el.opacity;
    if (el.fill) {
      ctx.fillStyle = el.fill === 'layer' ? color : el.fill;
      ctx.fill(el.path, el.fillRule);
    }
    if (el.stroke && el.strokeWidth > 0) {
      ctx.strokeStyle = el.stroke === 'layer' ? color : el.stroke;
      ctx.lineWidth = el.strokeWidth;
      ctx.stroke(el.path);
    }
    ctx.restore();
  }
}
