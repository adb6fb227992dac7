/**
 * Picture decoding with sharp at the size it is drawn (JPEG shrink-on-load, SVG rasterised at the
 * needed density, EXIF orientation applied, first frame of animations), cached across renders.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { DrawEnv } from '../types.ts';
import { RenderInputError } from '../types.ts';
import { cacheGet, cachePut, digestMemo, infoMemo } from './picture-cache.ts';
import type { DecodedPicture } from './picture-cache.ts';

/** Formats the picture layers accept, for messages. */
export const PICTURE_FORMATS = 'jpg, png, webp, gif, avif or svg';

/** Size and kind of a source picture, after EXIF orientation. */
export interface PictureInfo {
  digest: string;
  width: number;
  height: number;
  format: string;
  /** The EXIF orientation (1–8) the header gives; absent: 1. */
  orientation?: number;
}

const pending = new Map<string, Promise<DecodedPicture>>();

/** A content digest of the bytes, computed once per Buffer object. */
function digestOf(bytes: Buffer): string {
  let d = digestMemo().get(bytes);
  if (!d) {
    d = createHash('sha1').update(bytes).digest('hex');
    digestMemo().set(bytes, d);
  }
  return d;
}

/**
 * Output pixels per design px a picture needs: the raster scale, or 1 for PDFs, whose page dpi
 * maps one design px to one dot (so a 96/150/300 dpi PDF embeds images at that resolution).
 */
export function pictureScale(env: Pick<DrawEnv, 'target' | 'scale'>): number {
  return env.target === 'pdf' ? 1 : env.scale;
}

/** An SVG declaring entities, which Imprint refuses rather than expands. */
class SvgEntitiesError extends Error {
  constructor() {
    super('SVG entity declarations are not supported');
  }
}

/** Reads the picture's size (header only); throws undecodable input as a plain Error. */
export async function pictureInfo(bytes: Buffer): Promise<PictureInfo> {
  const digest = digestOf(bytes);
  const infos = infoMemo();
  const known = infos.get(digest) as PictureInfo | undefined;
  if (known) return known;
  const meta = await sharp(bytes).metadata();
  // librsvg expands entities: a 1 KB SVG can declare thousands of characters of text whose
  // layout keeps a render busy for minutes (found by the picture fuzz suite).
  if (meta.format === 'svg' && bytes.includes('<!ENTITY')) throw new SvgEntitiesError();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('picture has no size');
  const info: PictureInfo = { digest, width, height, format: meta.format ?? 'unknown' };
  if (meta.orientation) info.orientation = meta.orientation;
  infos.set(digest, info);
  return info;
}

/** Decodes the picture to exactly width×height pixels (cached). */
export async function decodePicture(
  bytes: Buffer,
  info: PictureInfo,
  width: number,
  height: number,
): Promise<DecodedPicture> {
  const key = `${info.digest}|${width}x${height}`;
  const cached = cacheGet(key);
  if (cached) return cached;
  let job = pending.get(key);
  if (!job) {
    job = decodeUncached(bytes, info, width, height).finally(() => pending.delete(key));
    pending.set(key, job);
  }
  const picture = await job;
  cachePut(key, picture);
  return picture;
}

async function decodeUncached(
  bytes: Buffer,
  info: PictureInfo,
  width: number,
  height: number,
): Promise<DecodedPicture> {
  // Vector sources are rasterised at the density that yields the target size directly.
  const density =
    info.format === 'svg'
      ? Math.min(2400, Math.max(1, 72 * Math.max(width / info.width, height / info.height)))
      : undefined;
  const { data, info: out } = await sharp(bytes, density ? { density } : {})
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const canvas = createCanvas(out.width, out.height);
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  canvas.getContext('2d').putImageData(new ImageData(pixels, out.width, out.height), 0, 0);
  return { canvas, width: out.width, height: out.height };
}

/**
 * The bytes of a layer's picture URL, or a RenderInputError naming `<path>` and the URL when the
 * caller did not fetch it.
 */
export function pictureBytes(env: Pick<DrawEnv, 'files'>, url: string, path: string): Buffer {
  const bytes = env.files.get(url);
  if (!bytes || bytes.length === 0)
    throw new RenderInputError([
      { path, message: `the picture ${url} was not fetched or is empty` },
    ]);
  return bytes;
}

/** pictureInfo that reports undecodable bytes as a RenderInputError naming `<path>` and the URL. */
export async function pictureInfoFor(
  bytes: Buffer,
  url: string,
  path: string,
): Promise<PictureInfo> {
  try {
    return await pictureInfo(bytes);
  } catch (err) {
    // libvips refuses to even read the header of a picture over its pixel limit (16383² px).
    const tooLarge = err instanceof Error && /exceeds pixel limit/i.test(err.message);
    let message = `${url} is not a picture Imprint can decode (${PICTURE_FORMATS})`;
    if (tooLarge) message = `${url} is a picture too large to decode (more than 268 megapixels)`;
    if (err instanceof SvgEntitiesError)
      message = `${url} is an SVG that declares entities (<!ENTITY>), which Imprint does not expand`;
    throw new RenderInputError([{ path, message }]);
  }
}

/** decodePicture that reports decoding failures as a RenderInputError naming `<path>` and the URL. */
export async function decodePictureFor(
  bytes: Buffer,
  info: PictureInfo,
  size: { width: number; height: number },
  url: string,
  path: string,
): Promise<DecodedPicture> {
  try {
    return await decodePicture(bytes, info, size.width, size.height);
  } catch {
    throw new RenderInputError([
      { path, message: `${url} could not be decoded as a picture (${PICTURE_FORMATS})` },
    ]);
  }
}
