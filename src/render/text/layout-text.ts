/**
 * Lays out a text block in its box: paragraphs at `\n`, words wrapped at the box width, auto-fit
 * (the largest size from font_size down to min_font_size at which everything fits), max_lines
 * and overflow "ellipsis" with an ellipsis, horizontal and vertical alignment, bidi order per line. The result is a list
 * of positioned pieces that drawText paints with one fillText each; layout does not draw, so it
 * is the same for raster and PDF targets.
 */
import { breakParagraph, type LineRange } from './break-lines.ts';
import { fontMetrics, measureWidth } from './measure.ts';
import {
  EMOJI,
  MAX_RICH_STYLES,
  RICH_SHIFT,
  prepareParagraph,
  splitParagraphs,
  type Paragraph,
} from './paragraph.ts';
import type { MarkupSpan } from './markup.ts';
import type { RichStyle } from './rich-markup.ts';
import type { TextBlock } from './text-block.ts';
import { TextSizer } from './text-sizer.ts';
import { visualRuns } from './visual-order.ts';

export type { RunStyle, TextBlock } from './text-block.ts';

/** One fillText: text drawn at (x, line baseline), left edge at x, in its direction. */
export interface PlacedPiece {
  text: string;
  x: number;
  width: number;
  font: string;
  color: string;
  rtl: boolean;
  /** Rich text (text_format "markup"): a line under or through the piece. */
  underline?: boolean;
  strike?: boolean;
  /** Rich text: the link the piece is part of. */
  href?: string;
  /** A run of emoji (drawn with the colour emoji font). */
  emoji?: boolean;
}

/** One laid-out line. */
export interface PlacedLine {
  baseline: number;
  /** Extra px per space (justified lines), else 0. */
  wordSpacing: number;
  pieces: PlacedPiece[];
}

/** The result of layout. */
export interface TextLayout {
  fontSize: number;
  letterSpacing: number;
  lines: PlacedLine[];
  /** Lines cut off by max_lines or overflow "ellipsis" (the last line then ends with an ellipsis). */
  truncated: boolean;
  /** What cut the lines off when `truncated`: max_lines, or the box's height (overflow "ellipsis"). */
  truncatedBy?: 'max_lines' | 'box';
  /**
   * Whether the text fits the box as auto_fit wants it (no broken words, height and max_lines
   * respected). A word broken over lines that fit still loses nothing: see `overflows`.
   */
  fits: boolean;
  /** Whether the drawn lines reach past the box: taller than it, or a line wider than it. */
  overflows: boolean;
  /** Height of all lines. */
  height: number;
  /** Families drawn with synthesised bold or slant because they lack such a face. */
  synthetic?: SyntheticFace[];
}

/** A family that lacked a face the text asked for: what was synthesised instead. */
export interface SyntheticFace {
  /** The family's name (a project family or bundled family). */
  family: string;
  bold: boolean;
  oblique: boolean;
}

const ELLIPSIS = '\u2026';
/** What a soft hyphen (U+00AD) becomes where a line breaks at it. */
const HYPHEN = '-';
const SIZE_STEP = 0.5;

interface Wrapped {
  lines: Array<{ p: Paragraph; range: LineRange; lastOfParagraph: boolean }>;
  brokeWord: boolean;
}

/** Wraps all paragraphs; stops once more than `lineLimit` lines are known (the rest is moot). */
function wrap(paragraphs: Paragraph[], sizer: TextSizer, lineLimit = Infinity): Wrapped {
  const lines: Wrapped['lines'] = [];
  let brokeWord = false;
  for (const p of paragraphs) {
    if (lines.length > lineLimit) break;
    // Measured widths include the letter spacing after a line's last character; it is not ink.
    const max = sizer.block.width + sizer.block.letterSpacing;
    const res = breakParagraph(
      p,
      max,
      (a, b) => sizer.width(p, a, b),
      lineLimit - lines.length,
      (at) => measureWidth(sizer.font(p.cls[at] & ~EMOJI), sizer.block.letterSpacing, HYPHEN),
    );
    brokeWord ||= res.brokeWord;
    res.lines.forEach((range, i) =>
      lines.push({ p, range, lastOfParagraph: i === res.lines.length - 1 }),
    );
  }
  return { lines, brokeWord };
}

function lineHeightPx(block: TextBlock, size: number): number {
  return size * block.lineHeight;
}

function fits(block: TextBlock, size: number, w: Wrapped): boolean {
  if (w.brokeWord) return false;
  if (block.maxLines > 0 && w.lines.length > block.maxLines) return false;
  return w.lines.length * lineHeightPx(block, size) <= block.height + 0.01;
}

/** The font size to use: font_size, or with auto_fit the largest size that fits (step 0.5 px). */
function chooseSize(
  block: TextBlock,
  paragraphs: Paragraph[],
  rich: RichStyle[],
): { size: number; wrapped: Wrapped } {
  // Lines past max_lines are never drawn; while testing a size, lines past the box height
  // already decide that it does not fit, so wrapping stops there (cheap for long texts).
  const drawLimit = block.maxLines > 0 ? block.maxLines : Infinity;
  const at = (size: number, limit: number) =>
    wrap(paragraphs, new TextSizer(block, size, rich), limit);
  if (!block.autoFit) return { size: block.fontSize, wrapped: at(block.fontSize, drawLimit) };
  const attempt = (size: number) => {
    const limit = Math.min(
      drawLimit,
      Math.floor((block.height + 0.01) / lineHeightPx(block, size)),
    );
    const wrapped = at(size, limit);
    return fits(block, size, wrapped) ? { size, wrapped } : undefined;
  };
  const full = attempt(block.fontSize);
  if (full) return full;
  const min = Math.min(block.minFontSize, block.fontSize);
  const steps = Math.floor((block.fontSize - min) / SIZE_STEP);
  // Binary search over min + k·step for the largest fitting k (fit shrinks monotonically with size).
  let lo = 0;
  let hi = steps - 1;
  let best: { size: number; wrapped: Wrapped } | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const found = attempt(min + mid * SIZE_STEP);
    if (found) {
      best = found;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best ?? { size: min, wrapped: at(min, drawLimit) };
}

/** A line's content [range.start, end) (trailing spaces dropped) followed by `suffix`, as a paragraph. */
function withSuffix(p: Paragraph, range: LineRange, end: number, suffix: string): Paragraph {
  const clsAtEnd = range.end > range.start ? p.cls[range.end - 1] & ~EMOJI : 0;
  let cut = end;
  while (cut > range.start && /\s/.test(p.text[cut - 1])) cut--;
  const body = p.text.slice(range.start, cut);
  const cls = new Uint16Array(body.length + suffix.length);
  cls.set(p.cls.subarray(range.start, cut));
  cls.fill(clsAtEnd, body.length);
  const spans = [{ text: body + suffix, alt: false }];
  return prepareParagraph(spans, p.baseLevel === 1 ? 'rtl' : 'ltr', cls);
}

/** The text that follows offset `end` of paragraph `p`, up to the end of the block. */
function textAfter(paragraphs: Paragraph[], p: Paragraph, end: number): string {
  const rest = paragraphs.slice(paragraphs.indexOf(p) + 1).map((q) => q.text);
  return [p.text.slice(end), ...rest].join('\n');
}

/** A line that ends at a soft hyphen, with the hyphen drawn in its place. */
function hyphenLine(p: Paragraph, range: LineRange): { p: Paragraph; range: LineRange } {
  const q = withSuffix(p, range, range.end - 1, HYPHEN);
  return { p: q, range: { start: 0, end: q.text.length, width: range.width } };
}

/** The last kept line with an ellipsis: content shortened by clusters until it and "…" fit. */
function ellipsisLine(
  p: Paragraph,
  range: LineRange,
  sizer: TextSizer,
): { p: Paragraph; range: LineRange } {
  const build = (end: number): Paragraph => withSuffix(p, range, end, ELLIPSIS);
  const bounds = p.clusters.filter((c) => c > range.start && c <= range.end);
  let candidate = build(range.end);
  for (let i = bounds.length - 1; i >= 0; i--) {
    candidate = build(bounds[i]);
    const fitWidth = sizer.block.width + sizer.block.letterSpacing + 0.01;
    if (sizer.width(candidate, 0, candidate.text.length) <= fitWidth) break;
    if (i === 0) candidate = build(range.start);
  }
  const width = sizer.width(candidate, 0, candidate.text.length);
  return { p: candidate, range: { start: 0, end: candidate.text.length, width } };
}

function placeLine(
  p: Paragraph,
  range: LineRange,
  justify: boolean,
  baseline: number,
  sizer: TextSizer,
): PlacedLine {
  const { block } = sizer;
  const runs = visualRuns(p, range.start, range.end);
  const pieces: PlacedPiece[] = runs.map((r) => {
    const text = p.text.slice(r.start, r.end);
    const font = sizer.font(r.cls);
    const width = measureWidth(font, block.letterSpacing, text);
    const piece: PlacedPiece = {
      text,
      x: 0,
      width,
      font,
      color: sizer.color(r.cls),
      rtl: r.level % 2 === 1,
    };
    const rich = sizer.rich[r.cls >> RICH_SHIFT];
    if (rich?.underline) piece.underline = true;
    if (rich?.strike) piece.strike = true;
    if (rich?.href) piece.href = rich.href;
    if (r.cls & EMOJI) piece.emoji = true;
    return piece;
  });
  // The letter spacing after the last character is not ink: leave it out when aligning.
  const trailing = pieces.length > 0 ? block.letterSpacing : 0;
  let width = pieces.reduce((sum, piece) => sum + piece.width, 0) - trailing;
  let wordSpacing = 0;
  // Skia adds ctx.wordSpacing to U+0020 and U+00A0 (as CSS does), so both are stretched.
  const spaces = (s: string) => s.match(/[ \u00a0]/g)?.length ?? 0;
  if (justify) {
    const count = pieces.reduce((n, piece) => n + spaces(piece.text), 0);
    if (count > 0 && width < block.width) {
      wordSpacing = (block.width - width) / count;
      for (const piece of pieces) piece.width += spaces(piece.text) * wordSpacing;
      width = block.width;
    }
  }
  let align = block.align;
  if (align === 'justify') align = p.baseLevel === 1 ? 'right' : 'left';
  let x =
    align === 'left' ? 0 : align === 'right' ? block.width - width : (block.width - width) / 2;
  for (const piece of pieces) {
    piece.x = x;
    x += piece.width;
  }
  return { baseline, wordSpacing, pieces };
}

/** Lays out a text block (see the module comment). */
export function layoutText(block: TextBlock): TextLayout {
  // Rich-text styles get numbers (1…) in the style class; 0 is the layer's own style.
  const rich: RichStyle[] = [{}];
  const numbers = new Map<RichStyle, number>();
  const richNumber = ({ style }: MarkupSpan): number => {
    if (!style) return 0;
    let n = numbers.get(style);
    if (n === undefined) {
      n = rich.length <= MAX_RICH_STYLES ? rich.push(style) - 1 : 0;
      numbers.set(style, n);
    }
    return n;
  };
  const paragraphs = splitParagraphs(block.spans).map((spans) =>
    prepareParagraph(spans, 'auto', undefined, richNumber),
  );
  const { size, wrapped } = chooseSize(block, paragraphs, rich);
  const sizer = new TextSizer(block, size, rich);
  const fitsBox = fits(block, size, wrapped);
  let lines = wrapped.lines;
  let truncated = false;
  let truncatedBy: TextLayout['truncatedBy'];
  let keep = block.maxLines > 0 ? block.maxLines : Infinity;
  let cutBy: TextLayout['truncatedBy'] = 'max_lines';
  if (block.overflow === 'ellipsis' && !fitsBox) {
    // The lines whose whole height fits the box, at least one so the ellipsis shows.
    const whole = Math.max(1, Math.floor((block.height + 0.01) / lineHeightPx(block, size)));
    if (whole < keep) [keep, cutBy] = [whole, 'box'];
  }
  if (lines.length > keep) {
    const last = lines[keep - 1];
    lines = lines.slice(0, keep);
    // Lines past the limit that are empty (a trailing newline) lose nothing: no ellipsis.
    if (textAfter(paragraphs, last.p, last.range.end).trim() !== '') {
      lines[keep - 1] = { ...ellipsisLine(last.p, last.range, sizer), lastOfParagraph: true };
      truncated = true;
      truncatedBy = cutBy;
    }
  }
  lines = lines.map((line) =>
    line.range.hyphen ? { ...hyphenLine(line.p, line.range), lastOfParagraph: false } : line,
  );
  const lh = lineHeightPx(block, size);
  const height = lines.length * lh;
  const widest = Math.max(0, ...lines.map((line) => line.range.width));
  const overflows =
    height > block.height + 0.01 || widest > block.width + block.letterSpacing + 0.01;
  const top =
    block.verticalAlign === 'top'
      ? 0
      : block.verticalAlign === 'bottom'
        ? block.height - height
        : (block.height - height) / 2;
  // CSS's half-leading model: the glyph box of the main font is centred in each line box.
  const m = fontMetrics(new TextSizer(block, 1000, rich).font(0));
  const baselineOffset = (lh - (m.ascent + m.descent) * size) / 2 + m.ascent * size;
  const placed = lines.map((line, i) =>
    placeLine(
      line.p,
      line.range,
      block.align === 'justify' && !line.lastOfParagraph,
      top + i * lh + baselineOffset,
      sizer,
    ),
  );
  return {
    fontSize: size,
    letterSpacing: block.letterSpacing,
    lines: placed,
    truncated,
    ...(truncatedBy ? { truncatedBy } : {}),
    fits: fitsBox,
    overflows,
    height,
    synthetic: [...sizer.synthetic].map((f) => ({
      family: f.name,
      bold: f.syntheticBold,
      oblique: f.syntheticOblique,
    })),
  };
}
