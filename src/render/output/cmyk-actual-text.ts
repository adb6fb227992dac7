/**
 * ActualText spans in CMYK PDFs. Ghostscript's pdfwrite drops marked content and rewrites the
 * fonts and their ToUnicode maps (Hebrew comes back as other letters), so the spans are written
 * after it: the text markers went through it as DeviceCMYK fills (pdf-actual-text.ts
 * prepareCmykText), and here each pair is found again in Ghostscript's content (its own
 * operators, font names and TJ arrays), removed, and the glyphs between the pair get the source
 * text recorded before Ghostscript, by their order: every glyph segment whose text Ghostscript's
 * ToUnicode does not give exactly gets a span, or the whole text one span where the glyphs did not
 * line up. Returns undefined when a marker could stay visible (a marker painted other than by a
 * fill, a stream that cannot be tokenised): the caller then converts the PDF without markers.
 */
import { contentOps, type ContentOp } from './content-ops.ts';
import { objects, readXref, rewriteObjects } from './pdf-objects.ts';
import { contentNumbers, decodeStream, streamObject, withContent } from './pdf-stream-object.ts';
import { contentFonts, type ContentFont } from './pdf-font-resources.ts';
import { hexOf, stringBytes } from './pdf-string-bytes.ts';
import { applyEdits, span, type CmykTextPlans, type TextPlan } from './pdf-actual-text.ts';
import { cmykMarkCode } from '../text/pdf-text-marks.ts';

interface Edit {
  at: number;
  length: number;
  text: string;
}

/** One glyph run (Tj or TJ) between a pair: its op and the glyph codes with TJ adjustments. */
interface Run {
  op: ContentOp;
  font?: ContentFont;
  /** Codes (hex) and the TJ numbers after them, in order. */
  items: Array<{ code: string } | { adjust: string }>;
}

interface Marker {
  code: number;
  edit: Edit;
  /** q depth at the marker. */
  depth: number;
  /** Operator index of the marker's fill. */
  index: number;
}

const PATH = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const FILLS = new Set(['f', 'F', 'f*']);
/** Painting with the fill colour other than a fill (strokes, pictures and shadings ignore it). */
const OTHER_PAINT = new Set(['B', 'B*', 'b', 'b*']);
const SHOWS = new Set(['Tj', 'TJ', "'", '"']);

/** The glyph codes of a show operator's strings; undefined when the font is unknown. */
function runOf(op: ContentOp, font: ContentFont | undefined): Run | undefined {
  if (!font || (op.op !== 'Tj' && op.op !== 'TJ')) return undefined;
  const tokens = op.op === 'Tj' ? op.operands : op.operands.slice(1, -1);
  const items: Run['items'] = [];
  for (const t of tokens) {
    const bytes = stringBytes(t);
    if (!bytes) {
      items.push({ adjust: t });
      continue;
    }
    for (let i = 0; i + font.width <= bytes.length; i += font.width) {
      items.push({ code: hexOf(bytes.slice(i, i + font.width)) });
    }
  }
  return { op, font, items };
}

/** The run rewritten with spans over glyph ranges (indices within the run). */
function splitRun(run: Run, spans: Array<{ from: number; to: number; text: string }>): string {
  const out: string[] = [];
  let chunk: string[] = [];
  const flush = () => {
    if (chunk.length > 0) out.push(`[${chunk.join(' ')}] TJ`);
    chunk = [];
  };
  let glyph = 0;
  let next = 0;
  for (const item of run.items) {
    if (!('code' in item)) {
      chunk.push(item.adjust);
      continue;
    }
    const s = spans[next];
    if (s && glyph === s.from) {
      flush();
      out.push(span(s.text).trimEnd());
    }
    chunk.push(`<${item.code}>`);
    if (s && glyph === s.to) {
      flush();
      out.push('EMC');
      next++;
    }
    glyph++;
  }
  flush();
  return out.join('\n');
}

/** The edits giving one text's glyphs (in `runs`) their spans; undefined when they cannot. */
function glyphEdits(runs: Run[], plan: TextPlan): Edit[] | undefined {
  const glyphs: Array<{ run: number; index: number; code: string }> = [];
  runs.forEach((r, run) => {
    let index = 0;
    for (const item of r.items)
      if ('code' in item) glyphs.push({ run, index: index++, code: item.code });
  });
  if (!plan.segments || glyphs.length !== plan.glyphs) return undefined;
  const perRun = new Map<number, Array<{ from: number; to: number; text: string }>>();
  for (const seg of plan.segments) {
    const [a, b] = [glyphs[seg.from], glyphs[seg.to]];
    if (a.run !== b.run) return undefined;
    const font = runs[a.run].font!;
    const shown = glyphs
      .slice(seg.from, seg.to + 1)
      .map((g) => font.map.get(g.code) ?? '')
      .join('');
    if (seg.from === seg.to && shown === seg.text) continue;
    const list = perRun.get(a.run) ?? [];
    list.push({ from: a.index, to: b.index, text: seg.text });
    perRun.set(a.run, list);
  }
  return [...perRun].map(([r, list]) => ({
    at: runs[r].op.start,
    length: runs[r].op.end - runs[r].op.start,
    text: splitRun(
      runs[r],
      list.sort((x, y) => x.from - y.from),
    ),
  }));
}

/** The markers removed and spans added to one content stream; undefined when it fails. */
function editStream(
  ops: ContentOp[],
  plans: CmykTextPlans,
  fontOf: (resource: string) => ContentFont | undefined,
  found: { marks: number },
): Edit[] | undefined {
  const edits: Edit[] = [];
  const saved: Array<number | undefined>[] = [];
  let fill: number | undefined; // the marker code of the fill colour
  let font: ContentFont | undefined;
  let pathStart: number | undefined;
  let depth = 0;
  let open: { start: Marker; runs: Run[]; other: boolean; minDepth: number } | undefined;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (PATH.has(op.op)) pathStart ??= op.start;
    else if (op.op === 'q') {
      saved.push([fill]);
      depth++;
    } else if (op.op === 'Q') {
      [fill] = saved.pop() ?? [undefined];
      depth--;
      if (open) open.minDepth = Math.min(open.minDepth, depth);
    } else if (op.op === 'k') {
      const [c, m, y, k] = op.operands.map(Number);
      fill = op.operands.length === 4 ? cmykMarkCode(c, m, y, k) : undefined;
    } else if (op.op === 'g' || op.op === 'rg' || op.op === 'sc' || op.op === 'scn') {
      fill = undefined;
    } else if (op.op === 'Tf') font = fontOf(op.operands[0] ?? '');
    else if (SHOWS.has(op.op) && open) {
      const run = runOf(op, font);
      if (run) open.runs.push(run);
      else open.other = true;
    } else if (fill !== undefined && OTHER_PAINT.has(op.op)) return undefined;
    if (!FILLS.has(op.op) && !PATH.has(op.op)) pathStart = undefined;
    if (!FILLS.has(op.op) || fill === undefined || pathStart === undefined) continue;
    // A marker: its path and fill go; its colour stays (the next paint may rely on it).
    const edit = { at: pathStart, length: op.end - pathStart, text: '' };
    pathStart = undefined;
    edits.push(edit);
    found.marks++;
    const marker: Marker = { code: fill, edit, depth, index: i };
    if (fill % 2 === 0) {
      open = { start: marker, runs: [], other: false, minDepth: depth };
      continue;
    }
    const plan = plans.texts.get(fill >> 1);
    if (!open || open.start.code !== fill - 1 || !plan) {
      open = undefined;
      continue;
    }
    const perGlyph = open.other ? undefined : glyphEdits(open.runs, plan);
    if (perGlyph) edits.push(...perGlyph);
    else if (open.start.depth === depth && open.minDepth >= depth) {
      open.start.edit.text = span(plan.text);
      edit.text = 'EMC';
    }
    open = undefined;
  }
  return edits;
}

/**
 * `pdf` as Ghostscript wrote it with its markers removed and the spans of `plans` written;
 * undefined when a marker could be left.
 */
export function addCmykActualText(pdf: Buffer, plans: CmykTextPlans): Buffer | undefined {
  if (plans.marks === 0) return pdf;
  const xref = readXref(pdf);
  if (!xref) return undefined;
  const all = new Map<number, Buffer>();
  for (const { num, bytes } of objects(pdf, xref)) all.set(num, bytes);
  const object = (num: number) => all.get(num);
  const holders = new Map<number, string>();
  for (const [num, bytes] of all) {
    const text = bytes.toString('latin1', 0, Math.min(bytes.length, 8192));
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+0\s+R)/.exec(text)?.[1] ?? '';
    for (const ref of contents.matchAll(/(\d+)\s+0\s+R/g)) holders.set(Number(ref[1]), text);
    if (!holders.has(num)) holders.set(num, text);
  }
  const cache = new Map<number, ContentFont | undefined>();
  const found = { marks: 0 };
  const replaced = new Map<number, Buffer>();
  for (const num of contentNumbers(all)) {
    const s = streamObject(all.get(num)!, object);
    const content = s && decodeStream(s);
    if (!s || content === undefined) return undefined;
    const ops = contentOps(content);
    if (!ops) return undefined;
    const fontOf = contentFonts(holders.get(num) ?? '', object, cache);
    const edits = editStream(ops, plans, fontOf, found);
    if (!edits) return undefined;
    if (edits.length > 0) replaced.set(num, withContent(s, applyEdits(content, edits)));
  }
  // Markers written some way this does not read would all be missed.
  if (found.marks === 0) return undefined;
  return rewriteObjects(pdf, xref, replaced, []);
}
