/**
 * Pictures in PDFs at the resolution print needs, without Skia re-encoding them.
 *
 * Skia's PDF backend JPEG-encodes every opaque bitmap it is given, even one made from a JPEG, and
 * embeds it at the bitmap's size. So on a PDF page a picture is drawn as a tiny placeholder bitmap
 * (its id in its height, a fixed pattern in its pixels), mapped by the page's matrix onto the
 * picture's place; after the document is written, the placeholder's image XObject is replaced
 * (output/pdf-picture-swap.ts) by what is decided here, which draws at the same place because a PDF
 * image always fills the unit square of its matrix:
 * - a JPEG whose pixels need no change (crops are the clip, scaling is the matrix, an EXIF
 *   orientation is a flipped or turned matrix) and that carries at most 1.5× per side the pixels
 *   a 300 ppi copy would: its own bytes (/DCTDecode), no decoding and no quality lost;
 * - anything else: the visible part resampled by sharp to 300 ppi of its placed size, never above
 *   the source's pixels, JPEG at the requested quality, or lossless (Flate) for palette PNGs, GIFs
 *   and SVGs, which are flat-coloured graphics JPEG smears; transparency stays as a soft mask.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { RenderInputError } from '../types.ts';
import type { PictureInfo } from './decode-picture.ts';
import { PICTURE_FORMATS } from './decode-picture.ts';
import type { FitPlan } from './fit-picture.ts';
import { readJpegHeader } from './jpeg-header.ts';

/** The resolution pictures are embedded at, in pixels per inch of their placed size. */
export const PDF_PICTURE_PPI = 300;

/**
 * A JPEG is embedded as it is up to this many times the 300 ppi pixels per side (450 ppi, the
 * threshold above which Acrobat Distiller's defaults downsample): below it, re-encoding would cost
 * quality and time to save few bytes.
 */
export const AS_IS_SLACK = 1.5;

/** The colour space of an embedded image. */
export type PdfImageColor =
  | { kind: 'srgb' }
  | { kind: 'gray' }
  | { kind: 'cmyk' }
  | { kind: 'icc'; n: 1 | 3 | 4; profile: Buffer };

/** An image XObject's content, ready to be written. */
export interface PdfImage {
  width: number;
  height: number;
  filter: 'DCTDecode' | 'FlateDecode';
  data: Buffer;
  color: PdfImageColor;
  /** /Decode array (inverted Adobe CMYK JPEGs). */
  decode?: number[];
  /** Flate-compressed 8-bit alpha of width × height, written as the /SMask. */
  alpha?: Buffer;
  /** The source's own bytes (no decode, no re-encode). */
  asIs: boolean;
}

/** The pictures of one PDF document: placeholder bitmaps by what they stand for. */
export interface PdfPictureSink {
  /** JPEG quality of resampled pictures. */
  quality: number;
  images: PdfImage[];
  placeholders: Map<string, Canvas>;
}

const sinks = new WeakMap<object, PdfPictureSink>();

/** A sink for one document's pictures (shared by its pages). */
export function createPdfPictureSink(quality: number): PdfPictureSink {
  return { quality, images: [], placeholders: new Map() };
}

/** Pictures drawn on `ctx` (a PDF page) go through `sink`. */
export function attachPdfPictures(ctx: object, sink: PdfPictureSink): void {
  sinks.set(ctx, sink);
}

/** The sink of a PDF page context; undefined for any other context (raster or offscreen). */
export function pdfPictureSink(ctx: object): PdfPictureSink | undefined {
  return sinks.get(ctx);
}

/** Placeholder width; its height is the image's index + 1. */
export const PLACEHOLDER_WIDTH = 2;
/** Each placeholder row: two pixels spelling "Imprin", drawn half transparent. */
export const PLACEHOLDER_RGB = [0x49, 0x6d, 0x70, 0x72, 0x69, 0x6e] as const;
const PLACEHOLDER_ALPHA = 128;

function placeholder(index: number): Canvas {
  const height = index + 1;
  const canvas = createCanvas(PLACEHOLDER_WIDTH, height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(PLACEHOLDER_WIDTH, height);
  for (let i = 0; i < PLACEHOLDER_WIDTH * height; i++) {
    const rgb = PLACEHOLDER_RGB.slice((i % 2) * 3, (i % 2) * 3 + 3);
    data.data.set([...rgb, PLACEHOLDER_ALPHA], i * 4);
  }
  ctx.putImageData(data, 0, 0);
  return canvas;
}

/**
 * EXIF orientation as the map from stored pixels (u across, v down, 0–1) to the displayed picture:
 * X = a·u + b·v + c, Y = d·u + e·v + f.
 */
const ORIENTATIONS: Record<number, [number, number, number, number, number, number]> = {
  1: [1, 0, 0, 0, 1, 0],
  2: [-1, 0, 1, 0, 1, 0],
  3: [-1, 0, 1, 0, -1, 1],
  4: [1, 0, 0, 0, -1, 1],
  5: [0, 1, 0, 1, 0, 0],
  6: [0, -1, 1, 1, 0, 0],
  7: [0, -1, 1, -1, 0, 1],
  8: [0, 1, 0, -1, 0, 1],
};

/** A rectangle in the layer's coordinates. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where and how a picture is drawn: its box, the fit planned in source pixels, the source. */
export interface PdfPictureDraw {
  bytes: Buffer;
  info: PictureInfo;
  box: Box;
  /** fitPicture(…, Infinity): source rectangle in the oriented source's pixels. */
  plan: FitPlan;
  url: string;
  path: string;
}

/**
 * Most pixels of one resampled picture: 300 ppi over a whole A2 poster (4961 × 7016) fits; a
 * picture placed larger is embedded at a lower resolution rather than taking gigabytes to encode.
 */
export const MAX_PDF_PICTURE_PIXELS = 40_000_000;

/**
 * Pixels (per side) of a 300 ppi copy of the visible part: at most the source's (except for
 * vector sources) and at most MAX_PDF_PICTURE_PIXELS in all.
 */
export function neededPixels(
  plan: Pick<FitPlan, 'sw' | 'sh' | 'dw' | 'dh'>,
  pointsPerPx: { x: number; y: number },
  vector: boolean,
): { width: number; height: number } {
  const at300 = (designPx: number, perPx: number) =>
    Math.max(1, Math.floor((designPx * perPx * PDF_PICTURE_PPI) / 72 + 1e-6));
  let width = at300(plan.dw, pointsPerPx.x);
  let height = at300(plan.dh, pointsPerPx.y);
  if (!vector) {
    width = Math.min(width, Math.max(1, Math.round(plan.sw)));
    height = Math.min(height, Math.max(1, Math.round(plan.sh)));
  }
  const over = Math.sqrt((width * height) / MAX_PDF_PICTURE_PIXELS);
  if (over > 1) {
    width = Math.max(1, Math.floor(width / over));
    height = Math.max(1, Math.floor(height / over));
  }
  return { width, height };
}

/** Whether a picture of `source` pixels is close enough to the `needed` pixels to embed as it is. */
export function fitsAsIs(
  source: { width: number; height: number },
  needed: { width: number; height: number },
): boolean {
  return source.width * source.height <= AS_IS_SLACK ** 2 * needed.width * needed.height;
}

/** Draws the picture as a placeholder for the sink to swap; the caller has set the clip. */
export async function drawPdfPicture(
  ctx: SKRSContext2D,
  sink: PdfPictureSink,
  p: PdfPictureDraw,
): Promise<void> {
  const { plan, info, box } = p;
  if (plan.sw <= 0 || plan.sh <= 0) return;
  const m = ctx.getTransform();
  const perPx = { x: Math.hypot(m.a, m.b), y: Math.hypot(m.c, m.d) };
  const needed = neededPixels(plan, perPx, info.format === 'svg');
  // Scale from source pixels to design px on each axis (fill may stretch one).
  const kx = plan.dw / plan.sw;
  const ky = plan.dh / plan.sh;
  const jpeg = info.format === 'jpeg' ? readJpegHeader(p.bytes) : undefined;
  let key: string;
  let make: () => Promise<PdfImage>;
  let target: Box;
  let orientation = 1;
  if (jpeg && fitsAsIs(info, needed)) {
    // The orientation comes with the header facts; the ICC profile is read only when the
    // image is made, once per picture and document, not at every draw of it.
    orientation = ORIENTATIONS[info.orientation ?? 1] ? (info.orientation ?? 1) : 1;
    key = `${info.digest}|as-is`;
    make = async () => asIsImage(p.bytes, jpeg, (await sharp(p.bytes).metadata()).icc);
    // The whole picture's place; the clip shows the visible part.
    target = {
      x: box.x + plan.dx - plan.sx * kx,
      y: box.y + plan.dy - plan.sy * ky,
      width: info.width * kx,
      height: info.height * ky,
    };
  } else {
    // Whole source pixels around the visible part; the clip trims the fraction beyond it.
    const left = Math.max(0, Math.floor(plan.sx + 1e-6));
    const top = Math.max(0, Math.floor(plan.sy + 1e-6));
    const right = Math.min(info.width, Math.ceil(plan.sx + plan.sw - 1e-6));
    const bottom = Math.min(info.height, Math.ceil(plan.sy + plan.sh - 1e-6));
    const crop = { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
    const size = {
      width: Math.max(1, Math.round((needed.width * crop.width) / plan.sw)),
      height: Math.max(1, Math.round((needed.height * crop.height) / plan.sh)),
    };
    key = `${info.digest}|${crop.left},${crop.top},${crop.width},${crop.height}|${size.width}x${size.height}`;
    make = () => resampledImage(p, crop, size, sink.quality);
    target = {
      x: box.x + plan.dx - (plan.sx - left) * kx,
      y: box.y + plan.dy - (plan.sy - top) * ky,
      width: crop.width * kx,
      height: crop.height * ky,
    };
  }
  let canvas = sink.placeholders.get(key);
  if (!canvas) {
    sink.images.push(await make());
    canvas = placeholder(sink.images.length - 1);
    sink.placeholders.set(key, canvas);
  }
  const [a, b, c, d, e, f] = ORIENTATIONS[orientation];
  ctx.save();
  ctx.transform(
    target.width * a,
    target.height * d,
    target.width * b,
    target.height * e,
    target.x + target.width * c,
    target.y + target.height * f,
  );
  ctx.drawImage(canvas, 0, 0, 1, 1);
  ctx.restore();
}

/** The JPEG's own bytes with the colour space its components and ICC profile say. */
function asIsImage(
  bytes: Buffer,
  jpeg: NonNullable<ReturnType<typeof readJpegHeader>>,
  icc: Buffer | undefined,
): PdfImage {
  const n = jpeg.components;
  let color: PdfImageColor =
    n === 1 ? { kind: 'gray' } : n === 3 ? { kind: 'srgb' } : { kind: 'cmyk' };
  if (icc && iccComponents(icc) === n) color = { kind: 'icc', n, profile: icc };
  return {
    width: jpeg.width,
    height: jpeg.height,
    filter: 'DCTDecode',
    data: bytes,
    color,
    decode: n === 4 && jpeg.adobe ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
    asIs: true,
  };
}

/** Components of an ICC profile's data colour space (header bytes 16–19), 0 when unknown. */
function iccComponents(icc: Buffer): number {
  if (icc.length < 128) return 0;
  const space = icc.toString('latin1', 16, 20);
  return space === 'GRAY' ? 1 : space === 'RGB ' ? 3 : space === 'CMYK' ? 4 : 0;
}

/** Formats embedded losslessly: flat-coloured graphics, where JPEG would blur edges. */
function isLossless(info: PictureInfo, isPalette: boolean): boolean {
  return info.format === 'svg' || info.format === 'gif' || (info.format === 'png' && isPalette);
}

/** The visible part of the picture resampled to `size`, as sRGB JPEG or Flate with its alpha. */
async function resampledImage(
  p: PdfPictureDraw,
  crop: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
  quality: number,
): Promise<PdfImage> {
  try {
    const meta = await sharp(p.bytes).metadata();
    // Vector sources are rasterised at the density that gives at least the needed pixels.
    const scale =
      p.info.format === 'svg'
        ? Math.min(2400 / 72, Math.max(size.width / crop.width, size.height / crop.height, 1 / 72))
        : 1;
    const [fullW, fullH] = [Math.floor(p.info.width * scale), Math.floor(p.info.height * scale)];
    const left = Math.min(fullW - 1, Math.floor(crop.left * scale));
    const top = Math.min(fullH - 1, Math.floor(crop.top * scale));
    const pipeline = sharp(p.bytes, scale !== 1 ? { density: 72 * scale } : {})
      .rotate()
      .extract({
        left,
        top,
        width: Math.max(1, Math.min(fullW - left, Math.floor(crop.width * scale))),
        height: Math.max(1, Math.min(fullH - top, Math.floor(crop.height * scale))),
      })
      .resize(size.width, size.height, { fit: 'fill' })
      .toColourspace('srgb');
    const lossless = isLossless(p.info, meta.isPalette === true);
    if (!meta.hasAlpha && !lossless) {
      // An opaque photo: one libvips pipeline from the source to the JPEG.
      const { data, info } = await pipeline.jpeg({ quality }).toBuffer({ resolveWithObject: true });
      const { width, height } = info;
      return { width, height, filter: 'DCTDecode', data, color: { kind: 'srgb' }, asIs: false };
    }
    const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixels = info.width * info.height;
    const rgb = Buffer.allocUnsafe(pixels * 3);
    const alpha = Buffer.allocUnsafe(pixels);
    let opaque = true;
    for (let i = 0; i < pixels; i++) {
      rgb[i * 3] = data[i * 4];
      rgb[i * 3 + 1] = data[i * 4 + 1];
      rgb[i * 3 + 2] = data[i * 4 + 2];
      alpha[i] = data[i * 4 + 3];
      if (alpha[i] !== 255) opaque = false;
    }
    const raw = { width: info.width, height: info.height, channels: 3 as const };
    return {
      width: info.width,
      height: info.height,
      filter: lossless ? 'FlateDecode' : 'DCTDecode',
      data: lossless ? deflateSync(rgb) : await sharp(rgb, { raw }).jpeg({ quality }).toBuffer(),
      color: { kind: 'srgb' },
      alpha: opaque ? undefined : deflateSync(alpha),
      asIs: false,
    };
  } catch {
    throw new RenderInputError([
      { path: p.path, message: `${p.url} could not be decoded as a picture (${PICTURE_FORMATS})` },
    ]);
  }
}
