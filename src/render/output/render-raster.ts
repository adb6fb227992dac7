/**
 * renderImage: draws a design at the output scale (ctx.scale, never a bitmap resize) on a Skia
 * raster canvas with the shared painter, adds the test watermark if asked, and encodes.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import {
  RenderInputError,
  type Design,
  type DrawEnv,
  type LayerData,
  type RenderAssets,
  type RenderWarning,
} from '../types.ts';
import { paintDesign } from '../paint/index.ts';
import { createFontResolver, resolveFontFamily } from '../fonts/index.ts';
import { drawWatermark } from '../watermark.ts';
import { checkRasterOptions } from './check-options.ts';
import { prepareRender } from './prepare-render.ts';
import { resolveCmykColors } from './cmyk-colors.ts';
import { DEFAULT_CMYK_PROFILE } from './icc-profiles.ts';
import { iccProfileBytes } from './icc-profile-files.ts';
import { outputSize } from './output-size.ts';
import { numberPages } from '../flow/flow-pages.ts';
import { hasTransparentBackground } from './background-alpha.ts';
import { encodeRaster, RASTER_TYPES, type RasterFormat } from './encode-raster.ts';
import type { RasterOptions, RenderedFile } from './options.ts';

/** Milliseconds spent in each phase of one render (filled in when a caller passes an object). */
export interface RenderTimings {
  prepare: number;
  paint: number;
  encode: number;
}

/** The concrete format: `auto` is png when the canvas background lets anything through, else jpg. */
export function pickRasterFormat(options: RasterOptions, background: string | null): RasterFormat {
  const format = options.format ?? 'auto';
  if (format !== 'auto') return format;
  if (options.colorMode === 'cmyk') return 'jpg';
  return hasTransparentBackground(background) ? 'png' : 'jpg';
}

/** The DrawEnv of a raster render. */
export function rasterEnv(
  scale: number,
  assets: RenderAssets,
  resolveFont: DrawEnv['resolveFont'],
  warnings: RenderWarning[] = [],
): DrawEnv {
  return {
    target: 'raster',
    scale,
    files: assets.files,
    screenshots: new Set(assets.screenshots ?? []),
    resolveFont,
    addLink: () => {}, // links exist only in PDFs
    warn: (warning) => warnings.push(warning),
  };
}

/** Renders one design to an image; bad options or layer data throw RenderInputError. */
export async function renderRaster(
  input: { design: Design; layers?: LayerData; assets: RenderAssets; options?: RasterOptions },
  timings?: RenderTimings,
): Promise<RenderedFile> {
  const options = input.options ?? {};
  const t = performance.now();
  const optionProblems = checkRasterOptions(options);
  if (optionProblems.length > 0) throw new RenderInputError(optionProblems);
  const prepared = prepareRender(input.design, input.layers);
  if (prepared.problems.length > 0) throw new RenderInputError(prepared.problems);
  // cmyk() colours are painted as their RGB through the default CMYK profile.
  const icc = iccProfileBytes(DEFAULT_CMYK_PROFILE.file!);
  const [resolved] = (await resolveCmykColors([prepared.design], { icc })).designs;
  // An image is one page: {{page}} and {{pages}} are both 1.
  const design = numberPages([resolved])[0];
  // Only this render's fonts resolve: a font deleted since (or of another project) falls back.
  const resolveFont = createFontResolver(input.assets.fonts);
  const size = outputSize(design, options);
  const format = pickRasterFormat(options, design.background);
  const opaque = format === 'jpg' || !hasTransparentBackground(design.background);
  if (timings) timings.prepare = performance.now() - t;

  const canvas = createCanvas(size.width, size.height);
  try {
    // Only what drawing finds: the request's own warnings are listed once, at creation.
    const warnings: RenderWarning[] = [];
    const plan = { size, format, opaque, resolveFont, warnings };
    const bytes = await paintAndEncode(canvas, { ...input, design }, plan, timings);
    return { bytes, ...RASTER_TYPES[format], width: size.width, height: size.height, warnings };
  } finally {
    releaseCanvas(canvas);
  }
}

/**
 * Shrinks a canvas to 1×1 px, which frees its pixel memory now: left to the garbage collector, a
 * large canvas (400 MB at 100 megapixels) stays allocated until a collection that a render
 * thread's small JavaScript heap may not need for a long time.
 */
function releaseCanvas(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
}

/** Paints the design (and the watermark) on the canvas and encodes it. */
async function paintAndEncode(
  canvas: Canvas,
  input: { design: Design; assets: RenderAssets; options?: RasterOptions },
  plan: {
    size: ReturnType<typeof outputSize>;
    format: RasterFormat;
    opaque: boolean;
    resolveFont: DrawEnv['resolveFont'];
    warnings: RenderWarning[];
  },
  timings?: RenderTimings,
): Promise<Buffer> {
  const { size, format, opaque, resolveFont, warnings } = plan;
  const options = input.options ?? {};
  const design = input.design;
  let t = performance.now();
  const ctx = canvas.getContext('2d');
  if (format === 'jpg' && hasTransparentBackground(design.background)) {
    // JPEG has no alpha: a transparent canvas is flattened on white, not on black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
  }
  ctx.scale(size.scaleX, size.scaleY);
  await paintDesign(ctx, design, rasterEnv(size.scaleX, input.assets, resolveFont, warnings));
  if (options.watermark) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    drawWatermark(ctx, size.width, size.height, resolveFontFamily(null));
  }
  if (timings) {
    // Skia records the drawing and rasterises it when the pixels are first read: reading one
    // pixel here puts the rasterising into the paint time instead of the encode time.
    ctx.getImageData(0, 0, 1, 1);
    timings.paint = performance.now() - t;
  }

  t = performance.now();
  const bytes = await encodeRaster(canvas, format, {
    density: size.density,
    opaque,
    cmyk: options.colorMode === 'cmyk',
    pngCompression: options.pngCompression,
  });
  if (timings) timings.encode = performance.now() - t;
  return bytes;
}
