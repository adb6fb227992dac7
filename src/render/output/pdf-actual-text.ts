/**
 * After Skia has written a PDF, reads the glyphs between each text's markers
 * (text/pdf-text-marks.ts, found by pdf-text-scan.ts) through the font's ToUnicode and matches
 * them with the source text (actual-text-align.ts). In an RGB PDF it removes every marker and
 * gives each marked text whose glyphs do not map back to it an ActualText span (PDF 32000-1
 * 14.9.4) with the source text:
 * - per glyph where the glyphs line up with the text (alignGlyphs): a ligature, an Arabic
 *   contextual form, a precomposed letter. Right-to-left text always needs this: extractors
 *   (poppler) lay a span's text out left to right and then read the line right to left, so a
 *   span of several letters over a right-to-left word would come out reversed;
 * - else one span around the whole text, from its start marker to its end marker (Devanagari's
 *   reordered vowel signs), when those sit at the same q/Q depth; otherwise it gets none.
 * The markers are removed in every stream, whatever else happens. Text whose glyphs map back to
 * it as they are (most Latin text) costs a string comparison.
 * A CMYK PDF keeps its markers, as DeviceCMYK fills, through Ghostscript, which rewrites the
 * fonts: prepareCmykText returns what each text's glyphs should say, and cmyk-actual-text.ts
 * writes the spans into Ghostscript's PDF.
 */
import { objects, readXref, rewriteObjects } from './pdf-objects.ts';
import { pdfText } from './skia-pdf-edit.ts';
import { alignGlyphs, type GlyphSegment } from './actual-text-align.ts';
import { parseToUnicode } from './to-unicode.ts';
import { strokeEdits } from './pdf-text-stroke.ts';
import { scanMarks, type FoundText, type Mark } from './pdf-text-scan.ts';
import { contentNumbers, decodeStream, streamObject, withContent } from './pdf-stream-object.ts';
import { MARK_SIZE_OPERANDS, markCmyk, type PdfTextSink } from '../text/pdf-text-marks.ts';
import { notePlainText } from '../text/pdf-plain-texts.ts';

/** Code → text of a font resource; `undefined` when its glyphs cannot be read (not Type0). */
type FontMaps = (resource: string) => Map<string, string> | undefined;

/**
 * Skia names a font resource after its object (`/F12` is object 12): the ToUnicode of a Type0
 * font with two-byte Identity-H codes, read once per font.
 */
function fontMaps(object: (num: number) => Buffer | undefined): FontMaps {
  const cache = new Map<string, Map<string, string> | undefined>();
  return (resource) => {
    if (cache.has(resource)) return cache.get(resource);
    let map: Map<string, string> | undefined;
    const num = /^\/F(\d+)$/.exec(resource)?.[1];
    const font = num === undefined ? undefined : object(Number(num))?.toString('latin1', 0, 2048);
    const cmapRef = font && /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
    if (font && cmapRef && /\/Subtype \/Type0/.test(font) && /\/Identity-H/.test(font)) {
      const s = object(Number(cmapRef));
      const cmap = s && streamObject(s);
      const text = cmap && decodeStream(cmap);
      if (text) map = parseToUnicode(text);
    }
    cache.set(resource, map);
    return map;
  };
}

/** One glyph between a text's markers, in content order: its Tj, code and ToUnicode text. */
interface Glyph {
  show: number;
  code: string;
  mapped: string;
}

/** The glyphs of a found text; undefined when they cannot all be read. */
function readGlyphs(f: FoundText, fonts: FontMaps): Glyph[] | undefined {
  if (f.other || f.shows.length === 0) return undefined;
  const glyphs: Glyph[] = [];
  for (const [s, show] of f.shows.entries()) {
    const map = fonts(show.font);
    const hex = /^<([0-9A-Fa-f]*)>$/.exec(show.string)?.[1];
    if (!map || hex === undefined || hex.length % 4 !== 0) return undefined;
    for (let i = 0; i < hex.length; i += 4) {
      const code = hex.slice(i, i + 4).toLowerCase();
      glyphs.push({ show: s, code, mapped: map.get(code) ?? '' });
    }
  }
  return glyphs;
}

/** The glyphs' ToUnicode texts (in logical order) make up `text`: no span is needed. */
function showsText(glyphs: Glyph[], text: string, rtl: boolean): boolean {
  let at = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const mapped = glyphs[rtl ? glyphs.length - 1 - i : i].mapped;
    if (mapped === '' || !text.startsWith(mapped, at)) return false;
    at += mapped.length;
  }
  return at === text.length;
}

/**
 * Segments of the glyphs (content order) with the source text each shows, covering all glyphs;
 * undefined when the glyphs do not line up with the text.
 */
function segmentsOf(glyphs: Glyph[], text: string, rtl: boolean): GlyphSegment[] | undefined {
  const logical = rtl ? [...glyphs].reverse() : glyphs;
  if (showsText(glyphs, text, rtl)) {
    return glyphs.map((g, i) => ({ from: i, to: i, text: g.mapped, span: false }));
  }
  const segments = alignGlyphs(
    logical.map((g) => g.mapped),
    text,
  );
  const last = glyphs.length - 1;
  return rtl ? segments?.map((s) => ({ ...s, from: last - s.to, to: last - s.from })) : segments;
}

interface Edit {
  at: number;
  length: number;
  text: string;
}

/** An ActualText span's opening operator. */
export const span = (text: string): string => `/Span <</ActualText ${pdfText(text)}>> BDC\n`;

/**
 * The Tj edits of the segments that need a span (each Tj split around them); undefined when a
 * span would cross Tj operators (text objects).
 */
function glyphEdits(f: FoundText, glyphs: Glyph[], segments: GlyphSegment[]): Edit[] | undefined {
  const perShow = new Map<number, Array<{ from: number; to: number; text: string }>>();
  const firstOf = new Map<number, number>();
  glyphs.forEach((g, i) => {
    if (!firstOf.has(g.show)) firstOf.set(g.show, i);
  });
  for (const seg of segments) {
    if (!seg.span) continue;
    if (glyphs[seg.from].show !== glyphs[seg.to].show) return undefined;
    const s = glyphs[seg.from].show;
    const base = firstOf.get(s)!;
    const list = perShow.get(s) ?? [];
    list.push({ from: seg.from - base, to: seg.to - base, text: seg.text });
    perShow.set(s, list);
  }
  const edits: Edit[] = [];
  for (const [s, list] of perShow) {
    const show = f.shows[s];
    const codes = glyphs.filter((g) => g.show === s).map((g) => g.code);
    list.sort((x, y) => x.from - y.from);
    const parts: string[] = [];
    let at = 0;
    const tj = (from: number, to: number) => {
      if (to > from) parts.push(`<${codes.slice(from, to).join('')}> Tj\n`);
    };
    for (const piece of list) {
      tj(at, piece.from);
      parts.push(span(piece.text));
      tj(piece.from, piece.to + 1);
      parts.push('EMC\n');
      at = piece.to + 1;
    }
    tj(at, codes.length);
    edits.push({ at: show.start, length: show.end - show.start, text: parts.join('').trimEnd() });
  }
  return edits;
}

/** `content` with `edits` (sorted here) made. */
export function applyEdits(content: string, edits: Edit[]): string {
  edits.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  let at = 0;
  for (const e of edits) {
    out.push(content.slice(at, e.at), e.text);
    at = e.at + e.length;
  }
  out.push(content.slice(at));
  return out.join('');
}

/** The edits that stroke a synthesised-bold text's glyphs, between its markers. */
const strokeOf = (content: string, f: FoundText, width: number): Edit[] =>
  strokeEdits(content, f.start.at + f.start.length, f.end.at, width);

/** A content stream with its markers removed and spans added; undefined when it has no marker. */
export function markContent(
  content: string,
  sink: PdfTextSink,
  fonts: FontMaps,
): string | undefined {
  const scanned = scanMarks(content, sink.texts.length);
  if (!scanned) return removeMarks(content);
  if (scanned.marks.length === 0) return undefined;
  const byMark = new Map<Mark, Edit>();
  const edits: Edit[] = scanned.marks.map((m) => {
    const edit = { at: m.at, length: m.length, text: '' };
    byMark.set(m, edit);
    return edit;
  });
  for (const f of scanned.texts) {
    const { text, rtl, stroke, plainKey } = sink.texts[f.n];
    if (stroke) edits.push(...strokeOf(content, f, stroke));
    const glyphs = readGlyphs(f, fonts);
    if (glyphs && showsText(glyphs, text, rtl)) {
      if (plainKey !== undefined) notePlainText(plainKey);
      continue;
    }
    const segments = glyphs && segmentsOf(glyphs, text, rtl);
    const perGlyph = glyphs && segments && glyphEdits(f, glyphs, segments);
    if (perGlyph) edits.push(...perGlyph);
    else if (f.balanced) {
      byMark.get(f.start)!.text = span(text);
      byMark.get(f.end)!.text = 'EMC';
    }
  }
  return applyEdits(content, edits);
}

/** Markers removed by their size alone, for a stream the tokenizer cannot read. */
function removeMarks(content: string): string | undefined {
  const [w, h] = MARK_SIZE_OPERANDS.map((v) => v.replace('.', '\\.'));
  const marker = new RegExp(`(^|\\s)[-\\d.]+ [-\\d.]+ ${w} ${h} re\\s+f(?=\\s|$)`, 'g');
  const out = content.replace(marker, '$1');
  return out === content ? undefined : out;
}

/** What one marked text's glyphs show: per glyph segment, or (no segments) the whole text. */
export interface TextPlan {
  text: string;
  /** How many glyphs Skia drew between the markers; undefined when they could not be read. */
  glyphs?: number;
  segments?: GlyphSegment[];
}

/** The marked texts of a CMYK PDF before Ghostscript, by number, and how many markers it has. */
export interface CmykTextPlans {
  texts: Map<number, TextPlan>;
  marks: number;
}

/** A CMYK content stream: markers as DeviceCMYK fills (in q/Q), the texts' plans recorded. */
function planContent(
  content: string,
  sink: PdfTextSink,
  fonts: FontMaps,
  plans: CmykTextPlans,
): string | undefined {
  const scanned = scanMarks(content, sink.texts.length);
  // Markers Ghostscript could not be told about are removed (their texts get no span).
  if (!scanned) return removeMarks(content);
  if (scanned.marks.length === 0) return undefined;
  plans.marks += scanned.marks.length;
  const edits = scanned.marks.map((m) => {
    const inks = markCmyk(m.code)
      .map((v) => v.toFixed(6))
      .join(' ');
    const marker = content.slice(m.at, m.at + m.length);
    return { at: m.at, length: m.length, text: `q\n${inks} k\n${marker}\nQ` };
  });
  for (const f of scanned.texts) {
    const { text, rtl, stroke } = sink.texts[f.n];
    if (stroke) edits.push(...strokeOf(content, f, stroke));
    const glyphs = readGlyphs(f, fonts);
    const segments = glyphs && segmentsOf(glyphs, text, rtl);
    plans.texts.set(f.n, { text, glyphs: glyphs?.length, ...(segments ? { segments } : {}) });
  }
  return applyEdits(content, edits);
}

/** Applies `edit` to every page content stream and form of a PDF as Skia writes it. */
function editContents(
  pdf: Buffer,
  edit: (content: string, fonts: FontMaps) => string | undefined,
): Buffer {
  const xref = readXref(pdf);
  // Markers must never stay in a PDF: a file this cannot edit is an error, not a page with dots.
  if (!xref) throw new Error('PDF text: the PDF has no cross-reference table to edit');
  const all = new Map<number, Buffer>();
  for (const { num, bytes } of objects(pdf, xref)) all.set(num, bytes);
  const fonts = fontMaps((num) => all.get(num));
  const replaced = new Map<number, Buffer>();
  for (const num of contentNumbers(all)) {
    const bytes = all.get(num);
    const s = bytes && streamObject(bytes, (n) => all.get(n));
    const content = s && decodeStream(s);
    if (!s || content === undefined) continue;
    const out = edit(content, fonts);
    if (out !== undefined) replaced.set(num, withContent(s, out));
  }
  return replaced.size === 0 ? pdf : rewriteObjects(pdf, xref, replaced, []);
}

/**
 * Returns `pdf` (as Skia wrote it) without the markers of `sink`'s texts and with their
 * ActualText spans. A PDF without marked texts is returned as it is.
 */
export function addActualText(pdf: Buffer, sink: PdfTextSink): Buffer {
  if (sink.texts.length === 0) return pdf;
  return editContents(pdf, (content, fonts) => markContent(content, sink, fonts));
}

/**
 * For a CMYK PDF: `pdf` with its markers as DeviceCMYK fills that Ghostscript keeps, and what the
 * glyphs of each marked text should say, for addCmykActualText after Ghostscript.
 */
export function prepareCmykText(
  pdf: Buffer,
  sink: PdfTextSink,
): { pdf: Buffer; plans: CmykTextPlans } {
  const plans: CmykTextPlans = { texts: new Map(), marks: 0 };
  if (sink.texts.length === 0) return { pdf, plans };
  const out = editContents(pdf, (content, fonts) => planContent(content, sink, fonts, plans));
  return { pdf: out, plans };
}
