/**
 * The emphasis markup of text layers: `*like this*` marks an emphasised span, drawn with the
 * layer's `alt_text_color` and `alt_font`. As in Markdown, an opening `*` must be followed by a
 * non-space character and a closing `*` preceded by one, so "5 * 3" needs no escaping; a `*`
 * without a partner stays literal. `\*` is a literal asterisk and `\\` a literal backslash; any
 * other backslash stays as it is. Emphasis may span line feeds.
 */
import { parseRichMarkup, type RichStyle } from './rich-markup.ts';

/** A piece of text and whether it is emphasised. */
export interface MarkupSpan {
  text: string;
  alt: boolean;
  /** Rich-text style (text_format "markup"); absent for plain text. */
  style?: RichStyle;
}

/** The characters left after reading emphasis: each with its source offset and emphasis. */
export interface EmphasisUnits {
  /** The text without markers and escapes, one entry per UTF-16 unit. */
  chars: string[];
  /** Offset in the source of each entry of chars. */
  from: number[];
  alt: boolean[];
}

interface Marker {
  at: number;
  canOpen: boolean;
  canClose: boolean;
}

const isBlank = (ch: string | undefined): boolean => ch === undefined || /\s/.test(ch);

/** Reads `*emphasis*` markup: the characters that remain, where each came from, which are emphasised. */
export function emphasisUnits(source: string): EmphasisUnits {
  // First pass: literal characters, and where the unescaped asterisks are.
  const chars: string[] = [];
  const from: number[] = [];
  const markers: Marker[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === '\\' && (next === '*' || next === '\\')) {
      chars.push(next);
      from.push(i + 1);
      i++;
    } else {
      if (ch === '*') {
        markers.push({
          at: chars.length,
          canOpen: !isBlank(next),
          canClose: !isBlank(source[i - 1]),
        });
      }
      chars.push(ch);
      from.push(i);
    }
  }
  // Second pass: pair openers with the next closer; unpaired asterisks stay literal.
  const toggles = new Set<number>();
  let open: Marker | undefined;
  for (const m of markers) {
    if (open && m.canClose) {
      toggles.add(open.at).add(m.at);
      open = undefined;
    } else if (!open && m.canOpen) open = m;
  }
  const out: EmphasisUnits = { chars: [], from: [], alt: [] };
  let alt = false;
  chars.forEach((ch, i) => {
    if (toggles.has(i)) alt = !alt;
    else {
      out.chars.push(ch);
      out.from.push(from[i]);
      out.alt.push(alt);
    }
  });
  return out;
}

/** Splits text with `*emphasis*` markup into plain and emphasised spans (empty spans dropped). */
export function parseEmphasis(source: string): MarkupSpan[] {
  const { chars, alt } = emphasisUnits(source);
  const spans: MarkupSpan[] = [];
  chars.forEach((ch, i) => {
    const last = spans[spans.length - 1];
    // "a**b" toggles twice around nothing: keep one plain span.
    if (last && last.alt === alt[i]) last.text += ch;
    else spans.push({ text: ch, alt: alt[i] });
  });
  return spans;
}

/**
 * Reads rich-text markup (rich-markup.ts) and `*emphasis*` together: the tags first, then
 * emphasis over the text they leave, so emphasis may span tags. `mapText` changes each styled
 * piece's text after parsing (text_transform: so it never touches tag names or link targets).
 */
export function parseRichText(source: string, mapText?: (text: string) => string): MarkupSpan[] {
  const segments = parseRichMarkup(source).map((s) => ({
    text: mapText ? mapText(s.text) : s.text,
    style: s.style,
  }));
  const styleAt: RichStyle[] = [];
  for (const seg of segments) for (let i = 0; i < seg.text.length; i++) styleAt.push(seg.style);
  const joined = segments.map((s) => s.text).join('');
  const { chars, from, alt } = emphasisUnits(joined);
  const spans: MarkupSpan[] = [];
  chars.forEach((ch, i) => {
    const style = styleAt[from[i]];
    const last = spans[spans.length - 1];
    if (last && last.alt === alt[i] && last.style === style) last.text += ch;
    else spans.push({ text: ch, alt: alt[i], style });
  });
  // Plain pieces carry no style object, as parseEmphasis's do.
  return spans.map((s) =>
    s.style && Object.keys(s.style).length > 0 ? s : { text: s.text, alt: s.alt },
  );
}

/** Escapes text so that it shows literally (no emphasis): the inverse of parseEmphasis. */
export function escapeEmphasis(text: string): string {
  return text.replace(/[\\*]/g, (c) => `\\${c}`);
}
