/**
 * A paragraph prepared for line breaking, independent of the font size (so auto-fit reuses it):
 * its text, a style class per UTF-16 unit (emphasis, emoji), grapheme clusters, the places a line
 * may break (UAX #14), and the bidi embedding levels.
 */
import bidiModule from 'bidi-js';
import LineBreaker from 'linebreak';
import type { Bidi } from 'bidi-js';
import { clusterStarts } from './graphemes.ts';
import type { MarkupSpan } from './markup.ts';

// bidi-js is CommonJS typed as an ES default export: at run time the default import is the factory
// itself, for the type checker it is the module; accept both shapes.
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ??
  bidiModule) as unknown as () => Bidi;
const bidi = bidiFactory();

/** Style class bits of a character: emphasised (alt style) and emoji (colour emoji font). */
export const ALT = 1;
/** See ALT. */
export const EMOJI = 2;
/** The bits above these hold the character's rich-text style number (0: none), see RICH_SHIFT. */
export const RICH_SHIFT = 2;
/** Most rich-text styles one text block can have (the class is 16 bits). */
export const MAX_RICH_STYLES = (1 << (16 - RICH_SHIFT)) - 1;

/** A paragraph ready for layout. */
export interface Paragraph {
  text: string;
  /** Style class (ALT | EMOJI bits, rich style number << RICH_SHIFT) of every UTF-16 unit. */
  cls: Uint16Array;
  /** Bidi embedding level of every UTF-16 unit. */
  levels: Uint8Array;
  /** 0 for a left-to-right paragraph, 1 for right-to-left (from its first strong character). */
  baseLevel: number;
  /** Start offsets of grapheme clusters, plus text.length at the end. */
  clusters: number[];
  /**
   * Words: [start, contentEnd, end): content, then trailing spaces; a line may break after each.
   * A word whose content ends with a soft hyphen (U+00AD) shows a hyphen when a line ends there.
   */
  words: Array<{ start: number; contentEnd: number; end: number }>;
}

const EMOJI_CLUSTER = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20e3/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** Spaces that hang at the end of a line (not counted in its width). */
const SPACE = /[ \u3000]/;

/** True when a grapheme cluster should come from the colour emoji font. */
export function isEmojiCluster(cluster: string): boolean {
  if (cluster.charCodeAt(0) < 0x80 && cluster.length === 1) return false; // fast path: ASCII
  if (cluster.includes('\ufe0e')) return false; // explicit text presentation
  if (cluster.includes('\ufe0f') && (PICTOGRAPHIC.test(cluster) || cluster.includes('\u20e3'))) {
    return true;
  }
  return (
    EMOJI_CLUSTER.test(cluster) &&
    (PICTOGRAPHIC.test(cluster) ||
      /\p{Regional_Indicator}/u.test(cluster) ||
      cluster.includes('\u20e3'))
  );
}

const ALNUM = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;

/**
 * Chromium's tailorings of UAX #14 that its users expect, checked against it in the golden
 * tests: no break after a slash followed by a letter or digit (URLs and paths stay whole, as
 * "and/or"), and a break after a hyphen between a letter or digit and a digit (dates such as
 * 2026-01-31, ranges such as 10-20), which UAX #14 keeps together.
 */
function tailoredBreaks(text: string, breaks: number[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const at of breaks) {
    for (let k = from + 2; k < at; k++) {
      if (text[k - 1] === '-' && DIGIT.test(text[k]) && ALNUM.test(text[k - 2])) out.push(k);
    }
    from = at;
    if (at < text.length && text[at - 1] === '/' && ALNUM.test(text[at])) continue;
    out.push(at);
  }
  return out;
}

/**
 * The words of a paragraph: the text between two break opportunities of the Unicode line
 * breaking algorithm (UAX #14, by the linebreak library, with tailoredBreaks), each split into
 * content and the spaces after it. Opportunities inside a grapheme cluster are dropped (they
 * only arise in malformed sequences, and a cluster is never split).
 */
function wordsOf(text: string, clusters: number[]): Paragraph['words'] {
  const boundary = new Set(clusters);
  const breaker = new LineBreaker(text);
  const breaks: number[] = [];
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) breaks.push(bk.position);
  const words: Paragraph['words'] = [];
  let start = 0;
  for (const end of tailoredBreaks(text, breaks)) {
    if (end <= start || (end < text.length && !boundary.has(end))) continue;
    let contentEnd = end;
    while (contentEnd > start && SPACE.test(text[contentEnd - 1])) contentEnd--;
    words.push({ start, contentEnd, end });
    start = end;
  }
  if (start < text.length) words.push({ start, contentEnd: text.length, end: text.length });
  return words;
}

/** Characters that need the bidi algorithm (right-to-left scripts and explicit controls). */
const NEEDS_BIDI =
  /[\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * Prepares one paragraph (no line feeds inside) from styled spans. `direction` forces the base
 * direction (used for a truncated line, which keeps its paragraph's direction).
 */
export function prepareParagraph(
  spans: MarkupSpan[],
  direction: 'auto' | 'ltr' | 'rtl' = 'auto',
  extraClass?: Uint8Array | Uint16Array,
  richNumber?: (span: MarkupSpan) => number,
): Paragraph {
  const text = spans.map((s) => s.text).join('');
  const cls = new Uint16Array(text.length);
  let at = 0;
  for (const span of spans) {
    const rich = span.style && richNumber ? richNumber(span) << RICH_SHIFT : 0;
    const c = (span.alt ? ALT : 0) | rich;
    if (c !== 0) cls.fill(c, at, at + span.text.length);
    at += span.text.length;
  }
  if (extraClass) cls.set(extraClass.subarray(0, text.length));
  const clusters = clusterStarts(text);
  for (let i = 0; i + 1 < clusters.length; i++) {
    if (!isEmojiCluster(text.slice(clusters[i], clusters[i + 1]))) continue;
    for (let j = clusters[i]; j < clusters[i + 1]; j++) cls[j] |= EMOJI;
  }
  const words = wordsOf(text, clusters);
  // Left-to-right text without any RTL character needs no bidi pass (all levels 0).
  if (direction !== 'rtl' && !NEEDS_BIDI.test(text)) {
    return { text, cls, levels: new Uint8Array(text.length), baseLevel: 0, clusters, words };
  }
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const baseLevel =
    direction === 'rtl' ? 1 : direction === 'ltr' ? 0 : (embedding.paragraphs[0]?.level ?? 0);
  return { text, cls, levels: embedding.levels, baseLevel, clusters, words };
}

/** Splits spans (which may contain line feeds) into the spans of each paragraph. */
export function splitParagraphs(spans: MarkupSpan[]): MarkupSpan[][] {
  const paragraphs: MarkupSpan[][] = [[]];
  for (const span of spans) {
    span.text.split('\n').forEach((piece, i) => {
      if (i > 0) paragraphs.push([]);
      if (piece !== '') paragraphs[paragraphs.length - 1].push({ ...span, text: piece });
    });
  }
  return paragraphs;
}
