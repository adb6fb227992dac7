/**
 * Paints a laid-out text block: one fillText per piece, left-aligned at its x, in its own
 * direction (Skia shapes each piece). The context's state is saved and restored.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { TextLayout } from './layout-text.ts';

/** Draws `layout` with (0,0) at the text box's top-left corner. */
export function drawText(ctx: SKRSContext2D, layout: TextLayout): void {
  ctx.save();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  // A fixed language: the default follows the host's locale, which could change glyph choices.
  ctx.lang = 'en';
  ctx.letterSpacing = `${layout.letterSpacing}px`;
  for (const line of layout.lines) {
    ctx.wordSpacing = `${line.wordSpacing}px`;
    for (const piece of line.pieces) {
      ctx.font = piece.font;
      ctx.fillStyle = piece.color;
      ctx.direction = piece.rtl ? 'rtl' : 'ltr';
      ctx.fillText(piece.text, piece.x, line.baseline);
    }
  }
  ctx.restore();
}
