/**
 * The source text of the text drawn on PDF pages. Skia's PDF backend writes glyphs with a
 * ToUnicode map made from the fonts' cmaps only, so shaped text extracts wrong: Arabic as
 * presentation forms, Devanagari conjuncts and reordered vowel signs as nothing or in visual
 * order, ligatures as U+FB00…. On a PDF page each fillText is therefore bracketed by two marker
 * rectangles, 1/64 × 1/128 unit in a colour that encodes the text's number; after Skia has
 * written the PDF, output/pdf-actual-text.ts removes every marker and, where the glyphs between
 * a pair do not map back to the text, wraps them in an ActualText span with the source text. In
 * CMYK PDFs the markers go through Ghostscript as DeviceCMYK fills (markCmyk) and the spans are
 * written after it (output/cmyk-actual-text.ts).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { SyntheticBold } from './synthetic-bold.ts';
import { isPlainText, plainTextKey } from './pdf-plain-texts.ts';

/** The marker rectangle's size, exact in float32 so Skia writes it as these decimals. */
export const MARK_WIDTH = 1 / 64;
export const MARK_HEIGHT = 1 / 128;
/** How Skia writes the size in `x y w h re`. */
export const MARK_SIZE_OPERANDS = ['.015625', '.0078125'] as const;
/** Markers' red channel is at least this; the other 23 bits of the colour are the mark's code. */
export const MARK_RED_BASE = 128;
/** Most texts per document: a mark's code (2 per text) fits in 23 bits. */
export const MAX_MARKED_TEXTS = 1 << 22;

/** One marked text: what was drawn and in which direction. */
export interface MarkedText {
  text: string;
  rtl: boolean;
  /** Synthesised bold: the text is also stroked this wide (text/synthetic-bold.ts). */
  stroke?: number;
  /** Its key in pdf-plain-texts.ts, noted there when its glyphs map back to it as they are. */
  plainKey?: string;
}

/** The texts drawn on one PDF document's pages, by number. */
export interface PdfTextSink {
  texts: MarkedText[];
  /** Texts known to map back as they are are drawn without markers (RGB PDFs). */
  skipPlain: boolean;
}

const sinks = new WeakMap<object, PdfTextSink>();

/** A sink for one document's texts (shared by its pages). */
export function createPdfTextSink(opts: { skipPlain: boolean }): PdfTextSink {
  return { texts: [], skipPlain: opts.skipPlain };
}

/** Text drawn with fillTextMarked on `ctx` (a PDF page) is marked into `sink`. */
export function attachPdfText(ctx: object, sink: PdfTextSink): void {
  sinks.set(ctx, sink);
}

/** The colour of a mark's code: start of text `n` is 2n, its end 2n + 1. */
export function markColor(code: number): string {
  const rgb = [MARK_RED_BASE + (code >> 16), (code >> 8) & 255, code & 255];
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The code of a colour given as 0–255 channels; undefined when it is no mark's colour. */
export function markCode(r: number, g: number, b: number): number | undefined {
  return r >= MARK_RED_BASE ? ((r - MARK_RED_BASE) << 16) | (g << 8) | b : undefined;
}

/**
 * The DeviceCMYK fill of a mark's code in a CMYK PDF, where markers go through Ghostscript:
 * cyan, magenta and yellow as the RGB channels of markColor, black a check of the code (a
 * colour of the design is not taken for a marker by chance). Ghostscript keeps DeviceCMYK as it
 * is, to about 1e-5.
 */
export function markCmyk(code: number): [number, number, number, number] {
  const rgb = [MARK_RED_BASE + (code >> 16), (code >> 8) & 255, code & 255];
  return [...rgb, 1 + (code % 251)].map((v) => v / 255) as [number, number, number, number];
}

/** The code of a DeviceCMYK colour given as 0–1 inks; undefined when it is no mark's colour. */
export function cmykMarkCode(c: number, m: number, y: number, k: number): number | undefined {
  const [r, g, b, check] = [c, m, y, k].map((v) => Math.round(v * 255));
  const code = markCode(r, g, b);
  return code !== undefined && check === 1 + (code % 251) ? code : undefined;
}

/**
 * Draws one marker at (x, y), leaving the fill style as it was. Nothing of render/ sets shadows
 * or filters on a page context (they would make Skia rasterise the marker); saving and restoring
 * the whole state for each marker cost more than the text it marks.
 */
function drawMark(ctx: SKRSContext2D, code: number, x: number, y: number): void {
  const fill = ctx.fillStyle;
  ctx.fillStyle = markColor(code);
  ctx.fillRect(x, y, MARK_WIDTH, MARK_HEIGHT);
  ctx.fillStyle = fill;
}

/**
 * `ctx.fillText(text, x, y)`; on a PDF page with a sink attached, bracketed by the markers of the
 * text, unless the text is known to map back as it is (pdf-plain-texts.ts).
 */
export function fillTextMarked(
  ctx: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  opts: {
    /** The text is one right-to-left run (Skia draws its glyphs in visual order). */
    rtl?: boolean;
    /** Synthesised bold: draw this face, stroked (text/synthetic-bold.ts). */
    bold?: SyntheticBold | undefined;
    /** The font and letter spacing as set on `ctx`, when the caller has them (cheaper). */
    style?: string;
  } = {},
): void {
  const { rtl = false, bold } = opts;
  const sink = sinks.get(ctx);
  if (!sink || text.trim() === '' || sink.texts.length >= MAX_MARKED_TEXTS) {
    ctx.fillText(text, x, y);
    return;
  }
  const plainKey =
    sink.skipPlain && !bold
      ? plainTextKey(opts.style ?? `${ctx.font}|${ctx.letterSpacing}`, rtl, text)
      : undefined;
  if (plainKey !== undefined && isPlainText(plainKey)) {
    ctx.fillText(text, x, y);
    return;
  }
  const n = sink.texts.length;
  sink.texts.push({
    text,
    rtl,
    ...(bold ? { stroke: bold.stroke } : {}),
    ...(plainKey !== undefined ? { plainKey } : {}),
  });
  drawMark(ctx, 2 * n, x, y);
  if (bold) {
    // The face itself, stroked after painting (pdf-actual-text.ts): Skia would write its
    // emboldened glyphs as a Type 3 font.
    const font = ctx.font;
    ctx.font = bold.font;
    ctx.fillText(text, x, y);
    ctx.font = font;
  } else ctx.fillText(text, x, y);
  drawMark(ctx, 2 * n + 1, x, y);
}
