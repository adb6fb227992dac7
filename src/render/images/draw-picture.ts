/** Draws a picture URL into a box with a fit mode, focal point and rounded corners. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawSvgFor, isSvgBytes, loadSvgFor } from '../svg/index.ts';
import type { DrawEnv, Rect } from '../types.ts';
import { decodePictureFor, pictureBytes, pictureInfoFor, pictureScale } from './decode-picture.ts';
import { fitPicture } from './fit-picture.ts';
import { pictureResolutionWarning } from './picture-resolution.ts';
import { drawPdfPicture, pdfPictureSink } from './pdf-picture.ts';
import type { ObjectFit } from './fit-picture.ts';

/** What to draw where: the box is in the context's current (layer) coordinates. */
export interface PictureDraw {
  url: string;
  /** JSON path named by errors, e.g. `layers.photo.image`. */
  path: string;
  box: { x: number; y: number; width: number; height: number };
  fit: ObjectFit;
  focal: { x: number; y: number };
  radius: number;
}

/** Decodes (or reuses) the picture at the needed size and draws it, clipped to the box. */
export async function drawPicture(ctx: SKRSContext2D, env: DrawEnv, p: PictureDraw): Promise<void> {
  if (p.box.width <= 0 || p.box.height <= 0) return;
  const bytes = pictureBytes(env, p.url, p.path);
  if (isSvgBytes(bytes)) {
    await drawSvgPicture(ctx, env, p, bytes);
    return;
  }
  const info = await pictureInfoFor(bytes, p.url, p.path);
  // On a PDF page the picture is planned in source pixels and embedded after the page is written.
  const sink = pdfPictureSink(ctx);
  const plan = fitPicture(p.box, info, p.fit, p.focal, sink ? Infinity : pictureScale(env));
  ctx.save();
  const { x, y, width, height } = p.box;
  // Contain leaves the box partly empty, so the corners to round are those of the drawn image.
  const clip =
    p.fit === 'contain'
      ? { x: x + plan.dx, y: y + plan.dy, width: plan.dw, height: plan.dh }
      : { x, y, width, height };
  ctx.beginPath();
  if (p.radius > 0) ctx.roundRect(clip.x, clip.y, clip.width, clip.height, p.radius);
  else ctx.rect(clip.x, clip.y, clip.width, clip.height);
  ctx.clip();
  try {
    if (sink) {
      const low = pictureResolutionWarning(
        p.path,
        { x: plan.sw, y: plan.sh },
        { x: plan.dw * env.scale, y: plan.dh * env.scale },
      );
      if (low) env.warn(low);
      await drawPdfPicture(ctx, sink, { bytes, info, box: p.box, plan, url: p.url, path: p.path });
      return;
    }
    const picture = await decodePictureFor(
      bytes,
      info,
      { width: plan.decodeWidth, height: plan.decodeHeight },
      p.url,
      p.path,
    );
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(
      picture.canvas,
      plan.sx,
      plan.sy,
      plan.sw,
      plan.sh,
      x + plan.dx,
      y + plan.dy,
      plan.dw,
      plan.dh,
    );
  } finally {
    ctx.restore();
  }
}

/** The rectangle a w×h picture takes for cover/contain (focal point as alignment) or fill. */
export function fittedRect(p: PictureDraw, natural: { width: number; height: number }): Rect {
  const { x, y, width: bw, height: bh } = p.box;
  if (p.fit === 'fill') return p.box;
  const k =
    p.fit === 'cover'
      ? Math.max(bw / natural.width, bh / natural.height)
      : Math.min(bw / natural.width, bh / natural.height);
  const [w, h] = [natural.width * k, natural.height * k];
  return { x: x + (bw - w) * p.focal.x, y: y + (bh - h) * p.focal.y, width: w, height: h };
}

/**
 * An SVG picture: its intrinsic size is fitted like a bitmap's, then the SVG is drawn into that
 * rectangle as its viewport (so, as in browsers, its preserveAspectRatio applies inside it).
 */
async function drawSvgPicture(
  ctx: SKRSContext2D,
  env: DrawEnv,
  p: PictureDraw,
  bytes: Buffer,
): Promise<void> {
  const svg = await loadSvgFor(bytes, p.url, p.path);
  const rect = fittedRect(p, svg);
  const clip = p.fit === 'contain' ? rect : p.box;
  ctx.save();
  ctx.beginPath();
  if (p.radius > 0) ctx.roundRect(clip.x, clip.y, clip.width, clip.height, p.radius);
  else ctx.rect(clip.x, clip.y, clip.width, clip.height);
  ctx.clip();
  drawSvgFor(ctx, env, svg, rect, clip, p.url, p.path);
  ctx.restore();
}
