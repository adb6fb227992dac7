/**
 * The test-mode watermark: a large diagonal "TEST" across the whole output, drawn last so nothing
 * covers it. Red fill with a white outline, both half transparent, so it stays visible on dark
 * and light designs alike while the design underneath can still be judged. Drawn by the same code
 * on raster canvases and PDF pages.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

/** The watermark's text. */
export const WATERMARK_TEXT = 'TEST';

/** Draws the watermark over a `width`×`height` area of the context's current coordinates. */
export function drawWatermark(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  fontFamily: string,
): void {
  const diagonal = Math.hypot(width, height);
  const angle = -Math.atan2(height, width);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate(angle);
  // Size the word to ~60% of the diagonal, but never taller than the short side allows.
  let size = 100;
  ctx.font = `bold ${size}px ${fontFamily}`;
  const measured = ctx.measureText(WATERMARK_TEXT).width || size * 2.6;
  size = Math.min((size * diagonal * 0.6) / measured, Math.min(width, height) * 0.9);
  ctx.font = `bold ${size}px ${fontFamily}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.globalAlpha = 0.45;
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1, size / 18);
  ctx.strokeStyle = '#ffffff';
  ctx.strokeText(WATERMARK_TEXT, 0, 0);
  ctx.fillStyle = '#dc2626';
  ctx.fillText(WATERMARK_TEXT, 0, 0);
  ctx.restore();
}
