/**
 * Encodes a drawn canvas, using the fastest encoder per format measured on the reference card
 * (docs/benchmarks.md): Skia for JPEG and AVIF, sharp (libvips) for PNG, WebP and CMYK JPEG. The
 * density (dpi) goes into the file where the format has a field for it (JPEG JFIF, PNG pHYs).
 */
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { DEFAULT_CMYK_PROFILE } from './icc-profiles.ts';
import { iccProfilePath } from './icc-profile-files.ts';

/** A concrete raster format (after `auto` was decided). */
export type RasterFormat = 'jpg' | 'png' | 'webp' | 'avif';

/** MIME type and file extension of each format. */
export const RASTER_TYPES: Record<RasterFormat, { mime: string; ext: string }> = {
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
};

/** JPEG quality of raster output: visually lossless for text and flat colour. */
const JPEG_QUALITY = 90;
const WEBP_QUALITY = 90;
const AVIF_QUALITY = 70;

/** The canvas pixels as a sharp input: straight RGB when opaque, premultiplied RGBA otherwise. */
function sharpFromCanvas(canvas: Canvas, opaque: boolean): sharp.Sharp {
  const img = sharp(canvas.data(), {
    raw: { width: canvas.width, height: canvas.height, channels: 4, premultiplied: !opaque },
  });
  return opaque ? img.removeAlpha() : img;
}

/** Encodes the canvas in `format`; `opaque` says every pixel has alpha 255 (skips the alpha channel). */
export async function encodeRaster(
  canvas: Canvas,
  format: RasterFormat,
  opts: { density: number; opaque: boolean; cmyk?: boolean },
): Promise<Buffer> {
  const density = opts.density;
  if (opts.cmyk) {
    // withMetadata first: called after withIccProfile it would put the sRGB profile back.
    return sharpFromCanvas(canvas, true)
      .withMetadata({ density })
      .toColourspace('cmyk')
      .withIccProfile(iccProfilePath(DEFAULT_CMYK_PROFILE.file!))
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  }
  switch (format) {
    case 'jpg':
      // Skia's encoder is ~4 ms on the card; synchronous because rendering already runs in a
      // worker thread and the thread-pool hop of encode() costs more than it saves.
      return canvas.encodeSync('jpeg', { quality: JPEG_QUALITY, resolution: density });
    case 'png':
      // sharp's PNG is 4–5× faster than Skia's; adaptive filtering would triple the time for ~15%.
      return sharpFromCanvas(canvas, opts.opaque)
        .withMetadata({ density })
        .png({ compressionLevel: 6, adaptiveFiltering: false })
        .toBuffer();
    case 'webp':
      return sharpFromCanvas(canvas, opts.opaque)
        .webp({ quality: WEBP_QUALITY, effort: 2, alphaQuality: 100 })
        .toBuffer();
    case 'avif':
      return canvas.encodeSync('avif', { quality: AVIF_QUALITY, speed: 8, threads: 1 });
  }
}
