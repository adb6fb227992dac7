/**
 * After Skia has written a PDF, removes the text markers (text/pdf-text-marks.ts) from the page
 * and form content streams and gives each marked text whose glyphs do not map back to it through
 * the font's ToUnicode an ActualText span (PDF 32000-1 14.9.4) with the source text:
 * - per glyph where the glyphs line up with the text (alignGlyphs): a ligature, an Arabic
 *   contextual form, a precomposed letter. Right-to-left text always needs this: extractors
 *   (poppler) lay a span's text out left to right and then read the line right to left, so a
 *   span of several letters over a right-to-left word would come out reversed;
 * - else one span around the whole text, from its start marker to its end marker (Devanagari's
 *   reordered vowel signs), when those sit at the same q/Q depth; otherwise it gets none.
 * The markers are removed in every stream, whatever else happens.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { contentOps, type ContentOp } from './content-ops.ts';
import { objects, readXref, rewriteObjects } from './pdf-objects.ts';
import { pdfText } from './skia-pdf-edit.ts';
import { alignGlyphs } from './actual-text-align.ts';
import { parseToUnicode } from './to-unicode.ts';
import { MARK_SIZE_OPERANDS, markCode, type PdfTextSink } from '../text/pdf-text-marks.ts';

/** A stream object's dictionary and (undecoded) data. */
interface StreamObject {
  dict: string;
  data: Buffer;
}

function streamObject(bytes: Buffer): StreamObject | undefined {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 4096));
  const m = /^\d+ 0 obj\s*(<<[^]*?>>)\s*stream\r?\n/.exec(head);
  const length = m && /\/Length (\d+)(?!\s+\d+\s+R)/.exec(m[1]);
  if (!m || !length) return undefined;
  return { dict: m[1], data: bytes.subarray(m[0].length, m[0].length + Number(length[1])) };
}

const flated = (dict: string): boolean => /\/Filter\s*\/FlateDecode/.test(dict);
/** A stream's decoded content; undefined for filters other than Flate. */
function decode(s: StreamObject): string | undefined {
  if (flated(s.dict)) return inflateSync(s.data).toString('latin1');
  return /\/Filter/.test(s.dict) ? undefined : s.data.toString('latin1');
}

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
      const text = cmap && decode(cmap);
      if (text) map = parseToUnicode(text);
    }
    cache.set(resource, map);
    return map;
  };
}

/** One glyph run (a Tj) between a text's markers. */
interface Show {
  op: ContentOp;
  font: string;
}

/** A marked text found in a stream: where its markers are and the glyph runs between them. */
interface Found {
  n: number;
  startEdit: Edit;
  depth: number;
  minDepth: number;
  shows: Show[];
  /** Text shown other than by a hex Tj: only a whole span fits. */
  other: boolean;
}

interface Edit {
  at: number;
  length: number;
  text: string;
}

const span = (text: string): string => `/Span <</ActualText ${pdfText(text)}>> BDC\n`;
const TEXT_SHOWING = new Set(["'", '"', 'TJ']);

/** A 0–1 colour operand as 0–255, as Skia rounded it. */
const channel = (v: string): number => Math.round(Number(v) * 255);

/**
 * The per-glyph edits of a found text (Tj strings split around the glyphs that need a span), [] when
 * its glyphs map to it already, undefined when it needs a whole span.
 */
function glyphEdits(f: Found, text: string, rtl: boolean, fonts: FontMaps): Edit[] | undefined {
  if (f.other || f.shows.length === 0) return undefined;
  const glyphs: Array<{ show: number; code: string; mapped: string }> = [];
  for (const [s, show] of f.shows.entries()) {
    const map = fonts(show.font);
    const hex = /^<([0-9A-Fa-f]*)>$/.exec(show.op.operands[0] ?? '')?.[1];
    if (!map || hex === undefined || hex.length % 4 !== 0) return undefined;
    for (let i = 0; i < hex.length; i += 4) {
      const code = hex.slice(i, i + 4).toLowerCase();
      glyphs.push({ show: s, code, mapped: map.get(code) ?? '' });
    }
  }
  const logical = rtl ? [...glyphs].reverse() : glyphs;
  const segments = alignGlyphs(
    logical.map((g) => g.mapped),
    text,
  );
  if (!segments) return undefined;
  // Spans per Tj, by the content-order index of their glyphs within the Tj.
  const perShow = new Map<number, Array<{ from: number; to: number; text: string }>>();
  const firstOf = new Map<number, number>();
  glyphs.forEach((g, i) => {
    if (!firstOf.has(g.show)) firstOf.set(g.show, i);
  });
  for (const seg of segments) {
    if (!seg.span) continue;
    let [a, b] = [seg.from, seg.to];
    if (rtl) [a, b] = [glyphs.length - 1 - b, glyphs.length - 1 - a];
    if (glyphs[a].show !== glyphs[b].show) return undefined; // a span may not cross text objects
    const s = glyphs[a].show;
    const base = firstOf.get(s)!;
    const list = perShow.get(s) ?? [];
    list.push({ from: a - base, to: b - base, text: seg.text });
    perShow.set(s, list);
  }
  const edits: Edit[] = [];
  for (const [s, list] of perShow) {
    const op = f.shows[s].op;
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
    edits.push({ at: op.start, length: op.end - op.start, text: parts.join('').trimEnd() });
  }
  return edits;
}

/** A marker's `re` (with its `f` next): the mark's code, or undefined for any other op. */
function markAt(ops: ContentOp[], k: number, fill: string[], count: number): number | undefined {
  const { op, operands } = ops[k];
  if (op !== 're' || operands[2] !== MARK_SIZE_OPERANDS[0] || operands[3] !== MARK_SIZE_OPERANDS[1])
    return undefined;
  if (ops[k + 1]?.op !== 'f' || fill.length !== 3) return undefined;
  const code = markCode(channel(fill[0]), channel(fill[1]), channel(fill[2]));
  return code !== undefined && code >> 1 < count ? code : undefined;
}

/** A content stream with its markers removed and spans added; undefined when it has no marker. */
export function markContent(
  content: string,
  sink: PdfTextSink,
  fonts: FontMaps,
): string | undefined {
  const ops = contentOps(content);
  if (!ops) return removeMarks(content);
  const edits: Edit[] = [];
  let depth = 0;
  let fill: string[] = [];
  let font = '';
  let open: Found | undefined;
  for (let k = 0; k < ops.length; k++) {
    const { op, operands } = ops[k];
    if (op === 'q') depth++;
    else if (op === 'Q') {
      depth--;
      if (open) open.minDepth = Math.min(open.minDepth, depth);
    } else if (op === 'rg') fill = operands;
    else if (op === 'Tf') font = operands[0] ?? '';
    else if (op === 'Tj') open?.shows.push({ op: ops[k], font });
    else if (TEXT_SHOWING.has(op) && open) open.other = true;
    const code = markAt(ops, k, fill, sink.texts.length);
    if (code === undefined) continue;
    const edit = { at: ops[k].start, length: ops[k + 1].end - ops[k].start, text: '' };
    edits.push(edit);
    k++;
    const n = code >> 1;
    if (code % 2 === 0) {
      open = { n, startEdit: edit, depth, minDepth: depth, shows: [], other: false };
      continue;
    }
    if (open?.n !== n) continue;
    const { text, rtl } = sink.texts[n];
    const perGlyph = glyphEdits(open, text, rtl, fonts);
    if (perGlyph) edits.push(...perGlyph);
    else if (open.depth === depth && open.minDepth >= depth) {
      open.startEdit.text = span(text);
      edit.text = 'EMC';
    }
    open = undefined;
  }
  if (edits.length === 0) return undefined;
  edits.sort((a, b) => a.at - b.at);
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += content.slice(at, e.at) + e.text;
    at = e.at + e.length;
  }
  return out + content.slice(at);
}

/** Markers removed by their size alone, for a stream the tokenizer cannot read. */
function removeMarks(content: string): string | undefined {
  const [w, h] = MARK_SIZE_OPERANDS.map((v) => v.replace('.', '\\.'));
  const marker = new RegExp(`(^|\\s)[-\\d.]+ [-\\d.]+ ${w} ${h} re\\s+f(?=\\s|$)`, 'g');
  const out = content.replace(marker, '$1');
  return out === content ? undefined : out;
}

/** The numbers of the page content streams and form XObjects of the PDF. */
function contentNumbers(all: Map<number, Buffer>): number[] {
  const found = new Set<number>();
  for (const [num, bytes] of all) {
    const head = bytes.toString('latin1', 0, Math.min(bytes.length, 4096));
    if (/\/Type\s*\/Page(?![s\w])/.test(head)) {
      const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+0\s+R)/.exec(head)?.[1] ?? '';
      for (const ref of contents.matchAll(/(\d+)\s+0\s+R/g)) found.add(Number(ref[1]));
    } else if (/\/Subtype\s*\/Form/.test(head.slice(0, head.indexOf('stream') + 1 || undefined))) {
      found.add(num);
    }
  }
  return [...found];
}

/**
 * Returns `pdf` (as Skia wrote it) without the markers of `sink`'s texts and with their
 * ActualText spans. A PDF without marked texts is returned as it is.
 */
export function addActualText(pdf: Buffer, sink: PdfTextSink): Buffer {
  if (sink.texts.length === 0) return pdf;
  const xref = readXref(pdf);
  // Markers must never stay in a PDF: a file this cannot edit is an error, not a page with dots.
  if (!xref) throw new Error('PDF text: the PDF has no cross-reference table to edit');
  const all = new Map<number, Buffer>();
  for (const { num, bytes } of objects(pdf, xref)) all.set(num, bytes);
  const fonts = fontMaps((num) => all.get(num));
  const replaced = new Map<number, Buffer>();
  for (const num of contentNumbers(all)) {
    const bytes = all.get(num);
    const s = bytes && streamObject(bytes);
    const content = s && decode(s);
    if (!s || content === undefined) continue;
    const out = markContent(content, sink, fonts);
    if (out === undefined) continue;
    const raw = Buffer.from(out, 'latin1');
    const data = flated(s.dict) ? deflateSync(raw) : raw;
    const dict = s.dict.replace(/\/Length \d+(?!\s+\d+\s+R)/, `/Length ${data.length}`);
    replaced.set(
      num,
      Buffer.concat([Buffer.from(`${dict}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream')]),
    );
  }
  if (replaced.size === 0) return pdf;
  return rewriteObjects(pdf, xref, replaced, []);
}
