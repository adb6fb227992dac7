/**
 * Rasterises a region of a simplified SVG with resvg at a pixel size (the caller maps its box
 * through the viewBox and preserveAspectRatio). Bitmaps are kept in the decoded-picture cache.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { cacheGet, cachePut, type DecodedPicture } from '../images/picture-cache.ts';
import { resvgRaster } from './resvg-engine.ts';
import type { SimpleSvg } from './simplify-svg.ts';

/** Most pixels of one SVG bitmap; a larger request is rendered at a lower resolution. */
export const MAX_SVG_RASTER_PIXELS = 36_000_000;

const keys = new WeakMap<SimpleSvg, string>();
let nextKey = 0;

/** The pixel size for a box at `perUnit` pixels per box unit, within MAX_SVG_RASTER_PIXELS. */
export function rasterSize(
  box: { width: number; height: number },
  perUnit: number,
): { width: number; height: number } {
  const k = Math.min(perUnit, Math.sqrt(MAX_SVG_RASTER_PIXELS / (box.width * box.height)));
  return {
    width: Math.max(1, Math.round(box.width * k)),
    height: Math.max(1, Math.round(box.height * k)),
  };
}

/**
 * The part `view` (in the SVG's user units) of the SVG as a bitmap of `pixels` size: the root
 * gets that region as its viewBox, so nothing outside it is rasterised.
 */
export function rasterSvg(
  svg: SimpleSvg,
  view: { x: number; y: number; width: number; height: number },
  pixels: { width: number; height: number },
): DecodedPicture {
  let id = keys.get(svg);
  if (!id) keys.set(svg, (id = `svg${nextKey++}`));
  const region = [view.x, view.y, view.width, view.height].map((n) => +n.toPrecision(9));
  const key = `${id}|${region.join(',')}|${pixels.width}x${pixels.height}`;
  const cached = cacheGet(key);
  if (cached) return cached;
  const root =
    /^<svg width="[^"]*" height="[^"]*" viewBox="[^"]*"(?: preserveAspectRatio="[^"]*")?/;
  if (!root.test(svg.text)) throw new Error('resvg wrote an unexpected root element');
  const text = svg.text.replace(
    root,
    `<svg width="${pixels.width}" height="${pixels.height}" viewBox="${region.join(' ')}" preserveAspectRatio="none"`,
  );
  const image = resvgRaster(text, pixels.width);
  const data = new Uint8ClampedArray(image.pixels);
  // resvg's pixels are premultiplied; ImageData is not.
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 0 || a === 255) continue;
    data[i] = Math.min(255, Math.round((data[i] * 255) / a));
    data[i + 1] = Math.min(255, Math.round((data[i + 1] * 255) / a));
    data[i + 2] = Math.min(255, Math.round((data[i + 2] * 255) / a));
  }
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').putImageData(new ImageData(data, image.width, image.height), 0, 0);
  const picture = { canvas, width: image.width, height: image.height };
  cachePut(key, picture);
  return picture;
}
