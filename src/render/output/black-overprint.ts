/**
 * Black overprint in CMYK PDFs. K-only black text and thin strokes set to knock out leave
 * text-shaped holes in the other plates, and the slightest misregistration shows them as white
 * halos; a print shop's preflight asks for them to overprint. Before each painting operator of
 * a content stream (written with DeviceCMYK inks already, cmyk-colors.ts), this sets overprint on
 * (`/OP true /op true /OPM 1`: the zero inks of `0 0 0 1 k` leave the plates below untouched)
 * when it paints K-only black text or a K-only black stroke up to THIN_STROKE_PT wide, and off
 * for everything else (fills, wider strokes, pictures, shadings), only where the state changes.
 * Large black areas keep knocking out: overprinted, they would show what lies below.
 */
import { contentOps } from './content-ops.ts';

/** Resource names of the two graphics states the content switches between. */
export const OVERPRINT_ON = 'ImprintOP1';
export const OVERPRINT_OFF = 'ImprintOP0';
/** The widest stroke (pt) that overprints: hairlines, rules and table lines, not bold frames. */
export const THIN_STROKE_PT = 2;

type Mode = 'on' | 'off' | 'unknown';
type Matrix = [number, number, number, number, number, number];

/** What decides overprint at a painting operator; saved and restored with q/Q. */
interface State {
  fillK: boolean;
  strokeK: boolean;
  /** Line width in user space. */
  lineWidth: number;
  ctm: Matrix;
  /** Text rendering mode (Tr). */
  textMode: number;
  /** Overprint as the content has set it so far (unknown at the start of a form). */
  mode: Mode;
}

const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);
const STROKING = new Set(['S', 's']);
const OTHER_PAINTING = new Set(['f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'sh', 'Do']);
/** Operators of a path object, which a gs may not interrupt (PDF 32000-1 8.2, figure 9). */
const PATH_BUILDING = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're', 'W', 'W*']);
const FILL_COLOR = new Set(['rg', 'g', 'cs', 'sc', 'scn']);
const STROKE_COLOR = new Set(['RG', 'G', 'CS', 'SC', 'SCN']);

/** True when `c m y k` operands are 0 0 0 1. */
const kOnly = (o: string[]): boolean =>
  o.length === 4 && o.slice(0, 3).every((v) => Number(v) === 0) && Number(o[3]) === 1;

/** m × ctm (PDF's row-vector order). */
function concat(m: number[], t: Matrix): Matrix {
  return [
    m[0] * t[0] + m[1] * t[2],
    m[0] * t[1] + m[1] * t[3],
    m[2] * t[0] + m[3] * t[2],
    m[2] * t[1] + m[3] * t[3],
    m[4] * t[0] + m[5] * t[2] + t[4],
    m[4] * t[1] + m[5] * t[3] + t[5],
  ];
}

/** Whether the operator paints something that should overprint; undefined when it paints nothing. */
function wantsOverprint(op: string, s: State): boolean | undefined {
  if (TEXT_SHOWING.has(op)) {
    const mode = s.textMode % 4;
    if (mode === 3) return undefined; // invisible text
    if (mode === 0) return s.fillK;
    if (mode === 1) return s.strokeK;
    return s.fillK && s.strokeK;
  }
  if (STROKING.has(op)) {
    const scale = Math.sqrt(Math.abs(s.ctm[0] * s.ctm[3] - s.ctm[1] * s.ctm[2]));
    return s.strokeK && s.lineWidth * scale <= THIN_STROKE_PT + 1e-9;
  }
  return OTHER_PAINTING.has(op) ? false : undefined;
}

/**
 * The content with overprint switched on for K-only black text and thin strokes and off for the
 * rest; undefined when nothing changes. `lineWidths` are the LW of the stream's ExtGState
 * resources by name (Skia sets line widths with `gs`). A form starts with its overprint unknown.
 */
export function overprintContent(
  content: string,
  lineWidths: ReadonlyMap<string, number>,
): string | undefined {
  const ops = contentOps(content);
  if (!ops) return undefined;
  let s: State = {
    fillK: false,
    strokeK: false,
    lineWidth: 1,
    ctm: [1, 0, 0, 1, 0, 0],
    textMode: 0,
    mode: 'unknown',
  };
  const saved: State[] = [];
  const inserts: Array<{ at: number; on: boolean }> = [];
  // Where the open path object began: its painting operator's switch goes before it.
  let pathStart: number | undefined;
  for (const { op, operands, start } of ops) {
    if (PATH_BUILDING.has(op)) pathStart ??= start;
    else if (op === 'q') saved.push({ ...s });
    else if (op === 'Q') s = saved.pop() ?? s;
    else if (op === 'cm' && operands.length === 6) s.ctm = concat(operands.map(Number), s.ctm);
    else if (op === 'w') s.lineWidth = Number(operands[0]);
    else if (op === 'gs') s.lineWidth = lineWidths.get(operands[0]?.slice(1)) ?? s.lineWidth;
    else if (op === 'Tr') s.textMode = Number(operands[0]);
    else if (op === 'k') s.fillK = kOnly(operands);
    else if (op === 'K') s.strokeK = kOnly(operands);
    else if (FILL_COLOR.has(op)) s.fillK = false;
    else if (STROKE_COLOR.has(op)) s.strokeK = false;
    else {
      const at = pathStart ?? start;
      pathStart = undefined; // a painting operator (or n) ends the path object
      const want = wantsOverprint(op, s);
      if (want === undefined || s.mode === (want ? 'on' : 'off')) continue;
      inserts.push({ at, on: want });
      s.mode = want ? 'on' : 'off';
    }
  }
  if (!inserts.some((i) => i.on)) return undefined; // no black to overprint: as it was
  let out = '';
  let at = 0;
  for (const i of inserts) {
    out += `${content.slice(at, i.at)}/${i.on ? OVERPRINT_ON : OVERPRINT_OFF} gs\n`;
    at = i.at;
  }
  return out + content.slice(at);
}
