/**
 * Paints a laid-out text block: one fillText per piece, left-aligned at its x, in its own
 * direction (Skia shapes each piece), and the underline or strike-through of rich-text pieces.
 * The context's state is saved and restored.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { PlacedPiece, TextLayout } from './layout-text.ts';
import { drawEmojiPicture, EMOJI_PPI } from './emoji-picture.ts';
import { measureWidth } from './measure.ts';
import { fillTextMarked } from './pdf-text-marks.ts';
import { syntheticBoldOf } from './synthetic-bold.ts';

/** The text options of a draw target: PDF pages draw emoji as pictures (emoji-picture.ts). */
export function textDrawOptions(env: { target: 'raster' | 'pdf'; scale: number }): TextDrawOptions {
  return env.target === 'pdf' ? { emojiPixelsPerUnit: (env.scale * EMOJI_PPI) / 72 } : {};
}

/** How text is drawn on its target. */
export interface TextDrawOptions {
  /** PDF pages: emoji as pictures with this many pixels per unit of the context. */
  emojiPixelsPerUnit?: number;
}

/** Draws `layout` with (0,0) at the text box's top-left corner. */
export function drawText(
  ctx: SKRSContext2D,
  layout: TextLayout,
  options: TextDrawOptions = {},
): void {
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
      drawPiece(ctx, piece, line.baseline, line.wordSpacing, layout.letterSpacing, options);
      if (piece.underline || piece.strike) decorate(ctx, piece, line.baseline, layout.fontSize);
    }
  }
  ctx.restore();
}

/**
 * One fillText (marked with its source text on PDF pages, pdf-text-marks.ts). Skia stretches no space of a text that starts with a space (measured: " A B"
 * gets no word spacing at all), so on a justified line a piece's leading spaces are skipped and
 * the rest is drawn where it starts.
 */
function drawPiece(
  ctx: SKRSContext2D,
  piece: PlacedPiece,
  baseline: number,
  wordSpacing: number,
  letterSpacing: number,
  options: TextDrawOptions,
): void {
  let { text, x } = piece;
  const lead = wordSpacing !== 0 && !piece.rtl ? (/^[ \u00a0]+/.exec(text)?.[0] ?? '') : '';
  if (lead !== '') {
    x += measureWidth(piece.font, letterSpacing, lead) + lead.length * wordSpacing;
    text = text.slice(lead.length);
  }
  if (piece.emoji && options.emojiPixelsPerUnit) {
    drawEmojiPicture(ctx, piece, x, text, baseline, letterSpacing, options.emojiPixelsPerUnit);
    return;
  }
  fillTextMarked(ctx, text, x, baseline, {
    rtl: piece.rtl,
    bold: syntheticBoldOf(piece.font),
    style: `${piece.font}|${letterSpacing}`,
  });
}

/** Offsets and thickness of text decorations, in em (typical of the post and OS/2 tables). */
const UNDERLINE_OFFSET = 0.1;
const STRIKE_OFFSET = -0.3;
const DECORATION_THICKNESS = 0.06;

/** Draws a piece's underline and strike-through as filled rectangles (vector in PDFs). */
function decorate(ctx: SKRSContext2D, piece: PlacedPiece, baseline: number, size: number): void {
  const thickness = Math.max(0.5, size * DECORATION_THICKNESS);
  const width = Math.max(0, piece.width);
  for (const [on, offset] of [
    [piece.underline, UNDERLINE_OFFSET],
    [piece.strike, STRIKE_OFFSET],
  ] as const) {
    if (on) ctx.fillRect(piece.x, baseline + offset * size - thickness / 2, width, thickness);
  }
}
