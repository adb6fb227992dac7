/**
 * Finds the text markers (text/pdf-text-marks.ts) in a content stream as Skia writes it, and the
 * glyph runs between each text's pair. Most of a page is no text of interest, so the markers are
 * found by a byte search for their size operands with the `rg` that sets their colour just before
 * (only `gs` may come between), and only the few operators between a pair are tokenised. A stream
 * where a marker is written any other way is tokenised whole.
 */
import { contentOps, type ContentOp } from './content-ops.ts';
import { MARK_SIZE_OPERANDS, markCode } from '../text/pdf-text-marks.ts';

/** One marker: its `x y w h re f` in the content and its code. */
export interface Mark {
  at: number;
  length: number;
  code: number;
}

/** One glyph run (a Tj) between a text's markers; offsets are the stream's. */
export interface Show {
  start: number;
  end: number;
  /** The Tj's string operand as written. */
  string: string;
  font: string;
}

/** A marked text found in a stream: its markers and the glyph runs between them. */
export interface FoundText {
  n: number;
  start: Mark;
  end: Mark;
  shows: Show[];
  /** Text shown other than by a Tj with a known font: only a whole span fits. */
  other: boolean;
  /** The markers are at the same q/Q depth and nothing between closes it: a whole span fits. */
  balanced: boolean;
}

/** The markers of a stream and the texts whose both markers it holds. */
export interface StreamMarks {
  marks: Mark[];
  texts: FoundText[];
}

const SIZE = ` ${MARK_SIZE_OPERANDS.join(' ')} re\nf`;
const TEXT_SHOWING = new Set(["'", '"', 'TJ']);
const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)';
const XY = new RegExp(`^${NUMBER} ${NUMBER}$`);
const RG_LINE = new RegExp(`(?:^|.* )(${NUMBER}) (${NUMBER}) (${NUMBER}) rg$`);
const GS_LINE = /^\/\w+ gs$/;

/** A 0–1 colour operand as 0–255, as Skia rounded it. */
const channel = (v: string): number => Math.round(Number(v) * 255);

function codeOf(fill: readonly string[], count: number): number | undefined {
  if (fill.length !== 3) return undefined;
  const code = markCode(channel(fill[0]), channel(fill[1]), channel(fill[2]));
  return code !== undefined && code >> 1 < count ? code : undefined;
}

/**
 * The operands of the `rg` on the lines just before `line`, with only `gs` lines between (as Skia
 * writes a fill); [] when there is none.
 */
function fillBefore(content: string, line: number): string[] {
  let end = line - 1;
  for (let lines = 0; end > 0 && lines < 8; lines++) {
    const start = content.lastIndexOf('\n', end - 1) + 1;
    const text = content.slice(start, end);
    const rg = RG_LINE.exec(text);
    if (rg) return [rg[1], rg[2], rg[3]];
    if (!GS_LINE.test(text)) return [];
    end = start - 1;
  }
  return [];
}

/** The markers found by the byte search; undefined when one is not written as expected. */
function quickMarks(content: string, count: number): Mark[] | undefined {
  const marks: Mark[] = [];
  for (let p = content.indexOf(SIZE); p >= 0; p = content.indexOf(SIZE, p + SIZE.length)) {
    const end = p + SIZE.length;
    if (end < content.length && !/\s/.test(content[end])) return undefined;
    const line = content.lastIndexOf('\n', p) + 1;
    if (line === 0 || !XY.test(content.slice(line, p))) return undefined;
    const code = codeOf(fillBefore(content, line), count);
    if (code === undefined) return undefined;
    marks.push({ at: line, length: end - line, code });
  }
  return marks;
}

/** The markers found by tokenising the whole stream (its fill colour tracked through q/Q). */
function tokenisedMarks(ops: ContentOp[], count: number): Mark[] {
  const marks: Mark[] = [];
  let fill: string[] = [];
  const saved: string[][] = [];
  for (let k = 0; k < ops.length; k++) {
    const { op, operands } = ops[k];
    if (op === 'q') saved.push(fill);
    else if (op === 'Q') fill = saved.pop() ?? [];
    else if (op === 'rg') fill = operands;
    else if (
      op === 're' &&
      operands[2] === MARK_SIZE_OPERANDS[0] &&
      operands[3] === MARK_SIZE_OPERANDS[1] &&
      ops[k + 1]?.op === 'f'
    ) {
      const code = codeOf(fill, count);
      if (code === undefined) continue;
      marks.push({ at: ops[k].start, length: ops[k + 1].end - ops[k].start, code });
      k++;
    }
  }
  return marks;
}

/** Builds a FoundText from the operators of interest between two markers, in order. */
class Between {
  readonly found: FoundText;
  private depth = 0;
  private font: string | undefined;
  constructor(n: number, start: Mark, end: Mark) {
    this.found = { n, start, end, shows: [], other: false, balanced: true };
  }
  op(op: string, operands: readonly string[], start: number, end: number): void {
    if (op === 'q') this.depth++;
    else if (op === 'Q' && --this.depth < 0) this.found.balanced = false;
    else if (op === 'Tf') this.font = operands[0];
    else if (op === 'Tj' && this.font !== undefined && operands.length === 1) {
      this.found.shows.push({ start, end, string: operands[0], font: this.font });
    } else if (op === 'Tj' || TEXT_SHOWING.has(op)) this.found.other = true;
  }
  done(): FoundText {
    if (this.depth !== 0) this.found.balanced = false;
    return this.found;
  }
}

/**
 * What matters between two markers as Skia writes it (`BT /F4 28 Tf … <0041> Tj ET`, `q`/`Q`),
 * read by a regular expression; undefined when anything else could hide an operator (a literal
 * string, an array, a comment, an inline image): then the operators are tokenised.
 */
const OF_INTEREST =
  /(<[0-9A-Fa-f]*>)\s*Tj(?=\s|$)|(\/[^\s/<>[\]()%{}]+)\s+[-+\d.]+\s+Tf(?=\s|$)|(?:^|\s)(q|Q|Tj|TJ|'|"|BI)(?=\s|$)|[([%]/g;

function quickBetween(content: string, from: number, to: number, b: Between): boolean {
  OF_INTEREST.lastIndex = from;
  for (let m = OF_INTEREST.exec(content); m && m.index < to; m = OF_INTEREST.exec(content)) {
    if (OF_INTEREST.lastIndex > to) return false;
    if (m[1] !== undefined) b.op('Tj', [m[1]], m.index, OF_INTEREST.lastIndex);
    else if (m[2] !== undefined) b.op('Tf', [m[2]], m.index, OF_INTEREST.lastIndex);
    else if (m[3] === undefined || m[3] === 'BI') return false;
    else b.op(m[3], m[3] === 'Tj' ? [] : ['?'], m.index, OF_INTEREST.lastIndex);
  }
  return true;
}

/** The glyph runs and depth between two markers. */
function between(content: string, ops: ContentOp[] | undefined, a: Mark, b: Mark): FoundText {
  const from = a.at + a.length;
  const quick = new Between(a.code >> 1, a, b);
  if (!ops && quickBetween(content, from, b.at, quick)) return quick.done();
  const found = new Between(a.code >> 1, a, b);
  const base = ops ? 0 : from;
  const inside =
    ops?.filter((o) => o.start >= from && o.end <= b.at) ?? contentOps(content.slice(from, b.at));
  // An inline image between the markers: its text cannot be read, nor its depth.
  if (!inside) return { ...found.done(), other: true, balanced: false };
  for (const o of inside) found.op(o.op, o.operands, base + o.start, base + o.end);
  return found.done();
}

/**
 * The markers of `content` (codes below 2 × `count`) and the texts between pairs; undefined when
 * the stream holds an inline image, which cannot be tokenised.
 */
export function scanMarks(content: string, count: number): StreamMarks | undefined {
  if (!content.includes(SIZE)) return { marks: [], texts: [] };
  let marks = quickMarks(content, count);
  let all: ContentOp[] | undefined;
  if (!marks) {
    all = contentOps(content);
    if (!all) return undefined;
    marks = tokenisedMarks(all, count);
  }
  const texts: FoundText[] = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    const [a, b] = [marks[i], marks[i + 1]];
    if (a.code % 2 !== 0 || b.code !== a.code + 1) continue;
    texts.push(between(content, all, a, b));
    i++;
  }
  return { marks, texts };
}
