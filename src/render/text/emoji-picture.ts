/**
 * Emoji on PDF pages as pictures. Skia writes colour emoji (bitmap or layered glyphs) into a
 * PDF as a Type 3 font, which print workflows reject and preflight flags; drawn as a picture at
 * print resolution they look the same and leave no Type 3 font. Used for PDF pages only: images
 * draw emoji as text.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PlacedPiece } from './layout-text.ts';

/** Resolution of an emoji picture, in pixels per inch of the page. */
export const EMOJI_PPI = 300;

/** Longest side of one emoji picture, in pixels (a run of huge emoji stays bounded). */
const MAX_SIDE = 4096;

/**
 * Draws the emoji run `piece` (its font already set on `ctx`) as a picture whose left edge is at
 * `x` on `baseline`; `pixelsPerUnit` is picture pixels per unit of the context.
 */
export function drawEmojiPicture(
  ctx: SKRSContext2D,
  piece: PlacedPiece,
  x: number,
  text: string,
  baseline: number,
  letterSpacing: number,
  pixelsPerUnit: number,
): void {
  const m = ctx.measureText(text);
  const left = Math.ceil(Math.max(0, m.actualBoundingBoxLeft));
  const ascent = Math.ceil(Math.max(0, m.actualBoundingBoxAscent));
  const width = Math.ceil(Math.max(m.width, m.actualBoundingBoxRight) + left);
  const height = Math.ceil(ascent + Math.max(0, m.actualBoundingBoxDescent));
  if (width <= 0 || height <= 0) return;
  const k = Math.min(pixelsPerUnit, MAX_SIDE / width, MAX_SIDE / height);
  const canvas = createCanvas(Math.ceil(width * k), Math.ceil(height * k));
  const c = canvas.getContext('2d');
  c.scale(k, k);
  c.font = piece.font;
  c.fillStyle = piece.color;
  c.textAlign = 'left';
  c.textBaseline = 'alphabetic';
  c.direction = piece.rtl ? 'rtl' : 'ltr';
  c.letterSpacing = `${letterSpacing}px`;
  c.fillText(text, left, ascent);
  ctx.drawImage(canvas, x - left, baseline - ascent, canvas.width / k, canvas.height / k);
}
