/**
 * Checkers for layer properties, shared by every layer type's validate(). Each one reads
 * `layer[prop]`, writes back the normalised value (or the default when absent or bad) and, when
 * the value is bad, records a problem at `<path>.<prop>` saying what is allowed and what was
 * received. Writing the default after a problem keeps drawing code free of defensive checks.
 */
import type { PropContext, RenderProblem } from '../types.ts';
import { colorFormatsFor, parseColor } from './color.ts';

/** A short rendering of a received value for messages (JSON, truncated). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON.stringify writes these as null; JSON's 1e309 arrives as Infinity.
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return Number.isNaN(value) ? 'NaN' : 'a number too large to represent';
  }
  let text: string;
  try {
    // Only the start is shown: a long string is cut before it is quoted and split into characters,
    // which for a whole multi-megabyte string held the main thread for long.
    const shown = typeof value === 'string' && value.length > 200 ? value.slice(0, 200) : value;
    text = JSON.stringify(shown) ?? String(shown);
  } catch {
    text = String(value);
  }
  if (text.length <= 80) return text;
  // Cut at a character, not inside a surrogate pair (half an emoji is invalid in strict JSON).
  return `${Array.from(text.slice(0, 160)).slice(0, 77).join('')}...`;
}

/** Records "must be <allowed>; received <value>" at `<path>.<prop>`. */
export function addProblem(
  problems: RenderProblem[],
  path: string,
  prop: string,
  allowed: string,
  value: unknown,
): void {
  problems.push({
    path: `${path}.${prop}`,
    message: `must be ${allowed}; received ${describeValue(value)}`,
  });
}

/** Parses a pixel length: a number, or a string like "12", "12px", "-3.5px". */
export function parsePx(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(-?(?:\d+(?:\.\d+)?|\.\d+))\s*(?:px)?\s*$/i.exec(value);
  return m ? Number(m[1]) : undefined;
}

/** Pixels per unit of the physical design units (96 px per inch, as design/units.ts). */
const UNIT_PX = { pt: 96 / 72, mm: 96 / 25.4, in: 96 } as const;

/**
 * Parses a length of a design in `unit`: as parsePx for px; else a number, or a string like
 * "12" or "12mm" whose suffix, if any, is the design's unit (a "12px" there is refused rather
 * than read as 12 mm).
 */
export function parseLengthIn(value: unknown, unit: PropContext['unit']): number | undefined {
  if (!unit) return parsePx(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(-?(?:\d+(?:\.\d+)?|\.\d+))\s*([a-z]*)\s*$/i.exec(value);
  return m && (m[2] === '' || m[2].toLowerCase() === unit) ? Number(m[1]) : undefined;
}

/** A bound given in px, in the design's unit, rounded for messages. */
function boundIn(px: number, unit: PropContext['unit']): number {
  return unit ? Math.round((px / UNIT_PX[unit]) * 1000) / 1000 : px;
}

/**
 * Checks a length against bounds given in px (a physical design's value is converted first) and
 * returns it, or records "must be a length in <unit> from <min> to <max>" and returns undefined.
 */
export function checkLengthIn(
  c: PropContext,
  prop: string,
  min: number,
  max: number,
  withExample = true,
): number | undefined {
  const v = c.layer[prop];
  const n = parseLengthIn(v, c.unit);
  const k = c.unit ? UNIT_PX[c.unit] : 1;
  if (n !== undefined && n * k >= min && n * k <= max) return n;
  const unit = c.unit ?? 'px';
  const example = c.unit ? `"12${c.unit}"` : '"12px"';
  addProblem(
    c.problems,
    c.path,
    prop,
    `a length in ${unit} from ${boundIn(min, c.unit)} to ${boundIn(max, c.unit)}${withExample ? ` (a number or ${example})` : ''}`,
    v,
  );
  return undefined;
}

/** True when the string contains an ASCII control character. */
function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++)
    if (s.charCodeAt(i) < 0x20 || s.charCodeAt(i) === 0x7f) return true;
  return false;
}

export type { PropContext } from '../types.ts';

/**
 * A colour (normalised to #rrggbb[aa]); `def` when absent. With `nullable` (the default when
 * `def` is null), null or "" mean "none".
 */
export function checkColor(
  c: PropContext,
  prop: string,
  def: string | null,
  nullable = def === null,
): void {
  const v = c.layer[prop];
  if (v === undefined) {
    c.layer[prop] = def;
    return;
  }
  if (nullable && (v === null || v === '')) {
    c.layer[prop] = null;
    return;
  }
  const color = parseColor(v);
  if (color === undefined) {
    const formats = colorFormatsFor(v);
    addProblem(c.problems, c.path, prop, nullable ? `${formats}, or null` : formats, v);
    c.layer[prop] = def;
  } else c.layer[prop] = color;
}

/** A pixel length within [min, max]: a number or "12px". */
export function checkPx(
  c: PropContext,
  prop: string,
  opts: { def: number; min?: number; max?: number },
): void {
  const v = c.layer[prop];
  if (v === undefined || v === null) {
    c.layer[prop] = opts.def;
    return;
  }
  const n = checkLengthIn(c, prop, opts.min ?? 0, opts.max ?? 100_000);
  c.layer[prop] = n ?? opts.def;
}

/** A JSON number within [min, max] (optionally an integer). */
export function checkNumber(
  c: PropContext,
  prop: string,
  opts: { def: number; min: number; max: number; integer?: boolean },
): void {
  const v = c.layer[prop];
  if (v === undefined || v === null) {
    c.layer[prop] = opts.def;
    return;
  }
  const ok =
    typeof v === 'number' &&
    Number.isFinite(v) &&
    v >= opts.min &&
    v <= opts.max &&
    (!opts.integer || Number.isInteger(v));
  if (!ok) {
    const kind = opts.integer ? 'an integer' : 'a number';
    addProblem(c.problems, c.path, prop, `${kind} from ${opts.min} to ${opts.max}`, v);
    c.layer[prop] = opts.def;
  }
}

/** One of a fixed list of strings (case-insensitive; stored lower-case unless `keepCase`). */
export function checkEnum<T extends string>(
  c: PropContext,
  prop: string,
  allowed: readonly T[],
  def: T,
): void {
  const v = c.layer[prop];
  if (v === undefined || v === null) {
    c.layer[prop] = def;
    return;
  }
  const found =
    typeof v === 'string'
      ? allowed.find((a) => a.toLowerCase() === v.trim().toLowerCase())
      : undefined;
  if (found === undefined) {
    addProblem(c.problems, c.path, prop, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`, v);
    c.layer[prop] = def;
  } else c.layer[prop] = found;
}

/** A JSON boolean. */
export function checkBoolean(c: PropContext, prop: string, def: boolean): void {
  const v = c.layer[prop];
  if (v === undefined || v === null) c.layer[prop] = def;
  else if (typeof v !== 'boolean') {
    addProblem(c.problems, c.path, prop, 'true or false', v);
    c.layer[prop] = def;
  }
}

/** A string of at most `max` characters (numbers are accepted and turned into strings). */
export function checkString(
  c: PropContext,
  prop: string,
  opts: { def: string; max: number },
): void {
  const v = c.layer[prop];
  if (v === undefined || v === null) c.layer[prop] = opts.def;
  else if (typeof v === 'number' && Number.isFinite(v)) c.layer[prop] = String(v);
  else if (typeof v !== 'string' || characterCount(v, opts.max) > opts.max) {
    addProblem(c.problems, c.path, prop, `a string of at most ${opts.max} characters`, v);
    c.layer[prop] = opts.def;
  }
}

/**
 * Characters (code points, as every limit of the API counts them: an emoji is one), counted only
 * past `upTo` UTF-16 units: below that the string cannot have more characters than units.
 */
function characterCount(s: string, upTo: number): number {
  if (s.length <= upTo) return s.length;
  // A character is at most two units: past twice the bound, the count is past it too.
  if (s.length > 2 * upTo) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A resource reference (picture or SVG URL) or null for "none". Any absolute URL or path without
 * spaces is accepted here: which schemes may be fetched is the fetcher's decision (the server
 * fetches http(s) only, the offline CLI also reads files).
 */
export function checkUrl(c: PropContext, prop: string): void {
  const v = c.layer[prop];
  if (v === undefined || v === null || v === '') {
    c.layer[prop] = null;
    return;
  }
  if (typeof v !== 'string' || v.length > 8192 || /\s/.test(v.trim()) || hasControlChar(v)) {
    addProblem(c.problems, c.path, prop, 'a URL (at most 8192 characters, no spaces) or null', v);
    c.layer[prop] = null;
  } else {
    // Spaces only mean "none", as "" does (the render would fail on an empty URL otherwise).
    const url = v.trim();
    c.layer[prop] = url === '' ? null : url;
  }
}
