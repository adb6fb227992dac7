/**
 * Encodes a drawn canvas, using the fastest encoder per format measured on the reference card
 * (docs/benchmarks.md): sharp (libjpeg-turbo, libvips) for JPEG, PNG and WebP, Skia for AVIF. The
 * density (dpi) goes into the file where the format has a field for it (JPEG JFIF, PNG pHYs).
 */
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { DEFAULT_CMYK_PROFILE } from './icc-profiles.ts';
import { iccProfilePath } from './icc-profile-files.ts';
import { encodeOpaquePng } from './encode-png.ts';
import { rgbaToRgb } from './rgba-to-rgb.ts';

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

/**
 * How each `png_compression` encodes (sizes and times on the reference card: docs/benchmarks.md,
 * "PNG size"). `fast` Sub-filters the rows itself and compresses them at a low zlib level
 * (./encode-png.ts): close to Chromium's size at about the cost of libspng's unfiltered encode.
 * A canvas with transparency goes through libspng without filtering instead (its pixels are
 * premultiplied, which sharp undoes). `balanced` and `small` let libspng choose a filter per row,
 * whose trials cost more than the compression itself, and compress harder.
 */
export const PNG_COMPRESSION = {
  fast: { compressionLevel: 3, adaptiveFiltering: false },
  balanced: { compressionLevel: 6, adaptiveFiltering: true },
  small: { compressionLevel: 9, adaptiveFiltering: true },
} as const;

/** zlib level of `fast` on an opaque canvas, after the Sub filter. */
const FAST_SUB_LEVEL = 2;

/** RGB buffers larger than this are not kept for the next encode (4 megapixels). */
const MAX_SPARE_RGB = 4096 * 1024 * 3;
/**
 * The RGB buffer of the last opaque encode, kept for the next one: a new 2.3 MB buffer per card
 * is paged in by the kernel anew each time. An encode takes it only while no other encode of the
 * thread holds it.
 */
let spareRgb: Buffer | null = null;

/**
 * Runs `encode` on the canvas pixels as a sharp input, and resolves to its result: straight RGB
 * when opaque (the alpha byte dropped before sharp, which is cheaper than libvips' removeAlpha:
 * see ./rgba-to-rgb.ts), premultiplied RGBA otherwise.
 */
async function encodeCanvas(
  canvas: Canvas,
  opaque: boolean,
  encode: (img: sharp.Sharp) => Promise<Buffer>,
): Promise<Buffer> {
  const { width, height } = canvas;
  if (!opaque) {
    return encode(
      sharp(canvas.data(), { raw: { width, height, channels: 4, premultiplied: true } }),
    );
  }
  const size = width * height * 3;
  const spare = spareRgb && spareRgb.length >= size ? spareRgb : null;
  if (spare) spareRgb = null;
  const rgb = rgbaToRgb(canvas.data(), spare ?? undefined);
  try {
    // sharp reads the input until the encode has finished.
    return await encode(sharp(rgb, { raw: { width, height, channels: 3 } }));
  } finally {
    const whole = spare ?? rgb;
    if (whole.length <= MAX_SPARE_RGB && (!spareRgb || spareRgb.length < whole.length)) {
      spareRgb = whole;
    }
  }
}

/**
 * Puts `dpi` into the JPEG's JFIF header (APP0), adding one after the start marker when the
 * encoder wrote none (libvips does not): units 1 (dots per inch), then the horizontal and
 * vertical density as 16-bit big-endian.
 */
export function setJfifDensity(jpeg: Buffer, dpi: number): Buffer {
  const hasJfif =
    jpeg[2] === 0xff && jpeg[3] === 0xe0 && jpeg.toString('latin1', 6, 11) === 'JFIF\0';
  if (hasJfif) {
    jpeg[13] = 1;
    jpeg.writeUInt16BE(dpi, 14);
    jpeg.writeUInt16BE(dpi, 16);
    return jpeg;
  }
  const app0 = Buffer.from([
    0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0,
  ]);
  app0.writeUInt16BE(dpi, 12);
  app0.writeUInt16BE(dpi, 14);
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

/**
 * Puts `dpi` into the PNG's pHYs chunk (pixels per metre), rewriting the one libvips writes (it
 * says 1 pixel per mm for raw input) or adding one after IHDR. sharp's withMetadata({ density })
 * would also attach an sRGB ICC profile and convert every pixel to it: the same pixels, for
 * a conversion that costs more than the encode (docs/benchmarks.md).
 */
export function setPngDensity(png: Buffer, dpi: number): Buffer {
  const body = Buffer.alloc(13);
  body.write('pHYs', 0, 'latin1');
  const perMetre = Math.round(dpi / 0.0254);
  body.writeUInt32BE(perMetre, 4);
  body.writeUInt32BE(perMetre, 8);
  body[12] = 1; // the unit is the metre
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), 17);
  // Chunks after the 8-byte signature: length, type, data, CRC. pHYs must come before IDAT.
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs' && length === 9) {
      chunk.copy(png, at);
      return png;
    }
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  const afterHeader = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** Encodes the canvas in `format`; `opaque` says every pixel has alpha 255 (skips the alpha channel). */
export async function encodeRaster(
  canvas: Canvas,
  format: RasterFormat,
  opts: {
    density: number;
    opaque: boolean;
    cmyk?: boolean;
    pngCompression?: keyof typeof PNG_COMPRESSION;
  },
): Promise<Buffer> {
  const density = opts.density;
  if (opts.cmyk) {
    // withMetadata first: called after withIccProfile it would put the sRGB profile back.
    return encodeCanvas(canvas, true, (img) =>
      img
        .withMetadata({ density })
        .toColourspace('cmyk')
        .withIccProfile(iccProfilePath(DEFAULT_CMYK_PROFILE.file!))
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer(),
    );
  }
  switch (format) {
    case 'jpg':
      // libjpeg-turbo with the quantisation and 4:2:0 chroma of Skia's encoder (the same pixels)
      // but without Huffman optimisation, whose pass costs more time than its few percent of
      // bytes are worth (docs/benchmarks.md). The density goes into a JFIF header directly:
      // sharp's withMetadata would also add an ICC profile and EXIF.
      return setJfifDensity(
        await encodeCanvas(canvas, true, (img) =>
          img
            .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:2:0', optimiseCoding: false })
            .toBuffer(),
        ),
        density,
      );
    case 'png': {
      // Skia's PNG encoder is several times slower than either of these.
      const compression = opts.pngCompression ?? 'fast';
      const { width, height } = canvas;
      if (compression === 'fast' && opts.opaque) {
        return encodeOpaquePng(canvas.data(), width, height, {
          dpi: density,
          level: FAST_SUB_LEVEL,
        });
      }
      return setPngDensity(
        await encodeCanvas(canvas, opts.opaque, (img) =>
          img.png(PNG_COMPRESSION[compression]).toBuffer(),
        ),
        density,
      );
    }
    case 'webp':
      return encodeCanvas(canvas, opts.opaque, (img) =>
        img.webp({ quality: WEBP_QUALITY, effort: 2, alphaQuality: 100 }).toBuffer(),
      );
    case 'avif':
      return canvas.encodeSync('avif', { quality: AVIF_QUALITY, speed: 8, threads: 1 });
  }
}
