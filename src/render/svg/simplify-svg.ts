/**
 * resvg (Rust, as WebAssembly: resvg-engine.ts) reads an SVG once into its simplified tree: CSS, `<use>`,
 * shapes, `<text>` (laid out as outlines with Imprint's bundled fonts only, never the machine's),
 * inheritance and units are resolved, leaving groups, paths, paint servers, clip paths, masks,
 * filters and images. That tree is drawn as vectors (draw-usvg.ts) or rasterised by resvg
 * (raster-svg.ts). Results are cached by content digest and layer colour.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  lruFigures,
  RENDER_CACHE_BYTES,
  stringBytes,
  type RenderCacheFigures,
} from '../cache-budgets.ts';
import { checkEmbeddedImages } from './embedded-images.ts';
import { prepareSvg } from './prepare-svg.ts';
import { resvgReady, resvgSimplify } from './resvg-engine.ts';
import { scanXml, type XmlElement } from './xml-scan.ts';

/** A simplified SVG: resvg's text of it, its element tree and its intrinsic size. */
export interface SimpleSvg {
  /** resvg's simplified SVG text (text as paths, no external references). */
  text: string;
  root: XmlElement;
  width: number;
  height: number;
}

/**
 * By bytes: one simplified SVG can be many MB. Its size counts the text twice, once for the
 * string and once for the element tree parsed from it (attribute strings, element objects).
 */
const cache = new LRUCache<string, SimpleSvg>({
  maxSize: RENDER_CACHE_BYTES.thread_svgs,
  sizeCalculation: (svg, key) => stringBytes(key) + 2 * stringBytes(svg.text) + 64,
});

/** Entries and bytes of the simplified-SVG cache (GET /metrics through the render pool). */
export function svgCacheFigures(): RenderCacheFigures {
  return lruFigures(cache);
}

/** Empties the simplified-SVG cache (tests). */
export function clearSvgCache(): void {
  cache.clear();
}

/**
 * The simplified SVG of some bytes (cached). `color`, for shape layers, is the root fill and
 * `currentColor`. Throws SvgRefusedError for refused input and a plain Error when resvg cannot
 * read it. Leaves resvg ready for rasterSvg.
 */
export async function simplifySvg(bytes: Buffer, color?: string): Promise<SimpleSvg> {
  await resvgReady();
  const key = `${createHash('sha1').update(bytes).digest('hex')}|${color ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const prepared = prepareSvg(bytes, color);
  await checkEmbeddedImages(prepared);
  await resvgReady();
  const withText = /<(?:[^\s:>]+:)?text[\s>/]/.test(prepared);
  const { text, width, height } = resvgSimplify(prepared, withText);
  const root = scanXml(text);
  if (!root || !(width > 0) || !(height > 0)) throw new Error('it has no size');
  const svg: SimpleSvg = { text, root, width, height };
  cache.set(key, svg); // one larger than the whole budget is not kept
  return svg;
}
