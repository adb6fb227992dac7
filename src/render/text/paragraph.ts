/**
 * A paragraph prepared for line breaking, independent of the font size (so auto-fit reuses it):
 * its text, a style class per UTF-16 unit (emphasis, emoji), grapheme clusters, the places a line
 * may break, and the bidi embedding levels.
 */
import bidiModule from 'bidi-js';
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

/** A paragraph ready for layout. */
export interface Paragraph {
  text: string;
  /** Style class (ALT | EMOJI bits) of every UTF-16 unit. */
  cls: Uint8Array;
  /** Bidi embedding level of every UTF-16 unit. */
  levels: Uint8Array;
  /** 0 for a left-to-right paragraph, 1 for right-to-left (from its first strong character). */
  baseLevel: number;
  /** Start offsets of grapheme clusters, plus text.length at the end. */
  clusters: number[];
  /** Words: [start, contentEnd, end): content, then trailing spaces; a line may break after each. */
  words: Array<{ start: number; contentEnd: number; end: number }>;
}

const EMOJI_CLUSTER = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20e3/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** Scripts written without spaces, where a line may break between any two characters. */
const IDEOGRAPHIC =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff01-\uff60]/u;
/** Characters a line must not start with (closing punctuation, small kana: Japanese kinsoku). */
const NO_BREAK_BEFORE =
  /^[)\]}»›,.:;!?%、。，．・：；？！ー）」』】〕〉》〙〗〟’”ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥〜]/u;
/** Characters a line must not end with (opening punctuation). */
const NO_BREAK_AFTER = /^[([{«‹（「『【〔〈《〘〖〝‘“]/u;
const SPACE = /^[ \u3000]$/;
const HYPHEN = /^[-\u2010\u2013\u2014]$/;
const LETTER = /^\p{L}/u;

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

/** Line-breaking class of a cluster: space, ideograph-like (break around it) or other. */
const enum Kind {
  Space,
  Ideographic,
  Other,
}

interface ClusterInfo {
  kind: Kind;
  noBreakBefore: boolean;
  noBreakAfter: boolean;
  hyphen: boolean;
  letter: boolean;
  emoji: boolean;
}

function classify(cluster: string): ClusterInfo {
  const c = cluster.charCodeAt(0);
  if (c < 0x80 && cluster.length === 1) {
    // ASCII fast path: no regular expressions for the common case.
    return {
      kind: c === 0x20 ? Kind.Space : Kind.Other,
      noBreakBefore: ')]},.:;!?%'.includes(cluster),
      noBreakAfter: '([{'.includes(cluster),
      hyphen: c === 0x2d,
      letter: (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a),
      emoji: false,
    };
  }
  const emoji = isEmojiCluster(cluster);
  return {
    kind: SPACE.test(cluster)
      ? Kind.Space
      : emoji || IDEOGRAPHIC.test(cluster)
        ? Kind.Ideographic
        : Kind.Other,
    noBreakBefore: NO_BREAK_BEFORE.test(cluster),
    noBreakAfter: NO_BREAK_AFTER.test(cluster),
    hyphen: HYPHEN.test(cluster),
    letter: LETTER.test(cluster),
    emoji,
  };
}

/** Whether a line may break between two adjacent clusters (neither of them a space). */
function mayBreakBetween(
  prev: ClusterInfo,
  next: ClusterInfo,
  beforePrev: ClusterInfo | undefined,
): boolean {
  if (next.noBreakBefore || prev.noBreakAfter) return false;
  if (prev.kind === Kind.Ideographic || next.kind === Kind.Ideographic) return true;
  // After a hyphen inside a word ("state-of-the-art"), as browsers do.
  return prev.hyphen && next.letter && beforePrev !== undefined && beforePrev.letter;
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
  extraClass?: Uint8Array,
): Paragraph {
  const text = spans.map((s) => s.text).join('');
  const cls = new Uint8Array(text.length);
  let at = 0;
  for (const span of spans) {
    if (span.alt) cls.fill(ALT, at, at + span.text.length);
    at += span.text.length;
  }
  if (extraClass) cls.set(extraClass.subarray(0, text.length));
  const clusters = clusterStarts(text);
  const infos: ClusterInfo[] = [];
  for (let i = 0; i + 1 < clusters.length; i++) {
    const info = classify(text.slice(clusters[i], clusters[i + 1]));
    infos.push(info);
    if (info.emoji) for (let j = clusters[i]; j < clusters[i + 1]; j++) cls[j] |= EMOJI;
  }
  const words: Paragraph['words'] = [];
  let start = 0;
  let contentEnd = -1;
  for (let i = 0; i < infos.length; i++) {
    const isSpace = infos[i].kind === Kind.Space;
    if (isSpace && contentEnd < 0) contentEnd = clusters[i];
    const next = infos[i + 1];
    if (next === undefined) break;
    const nextSpace = next.kind === Kind.Space;
    const breakHere = isSpace
      ? !nextSpace
      : !nextSpace && mayBreakBetween(infos[i], next, infos[i - 1]);
    if (breakHere) {
      const end = clusters[i + 1];
      words.push({ start, contentEnd: contentEnd < 0 ? end : contentEnd, end });
      start = end;
      contentEnd = -1;
    }
  }
  if (text.length > 0) {
    words.push({ start, contentEnd: contentEnd < 0 ? text.length : contentEnd, end: text.length });
  }
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
      if (piece !== '') paragraphs[paragraphs.length - 1].push({ text: piece, alt: span.alt });
    });
  }
  return paragraphs;
}
