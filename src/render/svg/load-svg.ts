/** SVG for a layer: refused, unreadable or undrawable SVG becomes a RenderInputError naming the field. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { RenderInputError, type DrawEnv, type Rect } from '../types.ts';
import { drawSvg } from './draw-svg.ts';
import { SvgRefusedError } from './prepare-svg.ts';
import { simplifySvg, type SimpleSvg } from './simplify-svg.ts';

const SVG_START =
  /^\uFEFF?(?:\s|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<(?:[^\s:>]+:)?svg[\s>/]/i;

/** True when the bytes start like an SVG document (prolog, comments, DOCTYPE, then <svg). */
export function isSvgBytes(bytes: Buffer): boolean {
  // The first byte after a BOM and white space decides cheaply for every bitmap format.
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i] >= 0x09 && bytes[i] <= 0x0d))) i++;
  if (bytes[i] !== 0x3c) return false;
  return SVG_START.test(bytes.subarray(0, 8192).toString('utf8'));
}

/** The simplified SVG of a layer's file, or a RenderInputError at `path` naming the URL. */
export async function loadSvgFor(
  bytes: Buffer,
  url: string,
  path: string,
  color?: string,
): Promise<SimpleSvg> {
  try {
    return await simplifySvg(bytes, color);
  } catch (err) {
    const message =
      err instanceof SvgRefusedError
        ? `${url} is an SVG that ${err.message}`
        : `${url} is not a usable SVG: ${(err as Error).message}`;
    throw new RenderInputError([{ path, message }]);
  }
}

/** drawSvg for a layer: resvg failing on the SVG is a RenderInputError at `path` naming the URL. */
export function drawSvgFor(
  ctx: SKRSContext2D,
  env: Pick<DrawEnv, 'target' | 'scale'>,
  svg: SimpleSvg,
  box: Rect,
  visible: Rect,
  url: string,
  path: string,
): void {
  try {
    drawSvg(ctx, env, svg, box, visible);
  } catch (err) {
    const message = `${url} could not be drawn: ${(err as Error).message}`;
    throw new RenderInputError([{ path, message }]);
  }
}
