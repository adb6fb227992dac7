/** Draws a picture URL into a box with a fit mode, focal point and rounded corners. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { DrawEnv } from '../types.ts';
import { decodePictureFor, pictureBytes, pictureInfoFor, pictureScale } from './decode-picture.ts';
import { fitPicture } from './fit-picture.ts';
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
  const info = await pictureInfoFor(bytes, p.url, p.path);
  const plan = fitPicture(p.box, info, p.fit, p.focal, pictureScale(env));
  const picture = await decodePictureFor(
    bytes,
    info,
    { width: plan.decodeWidth, height: plan.decodeHeight },
    p.url,
    p.path,
  );
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
  ctx.restore();
}
