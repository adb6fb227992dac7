/**
 * The request-time position/size grammar of Placid (placid-notes §1.1), resolved against a
 * stored layer: `position_x_absolute: "10px"`, `position_x_relative: "+10px"`, the older
 * `position_x` (a sign means relative), and `width`/`height` as "10px", "+10px", "-10px" or "50%"
 * of the stored size. Bare numbers mean px.
 */

/**
 * A parsed length: `sign` is set when the value was written with a leading + or -; `unit` is
 * `px` for a length in the design's unit (whatever that is), `%` for a percentage.
 */
export interface Length {
  value: number;
  sign?: '+' | '-';
  unit: 'px' | '%';
}

/** A design's unit for the request grammar: px (the default), pt, mm or in. */
export type GrammarUnit = 'px' | 'pt' | 'mm' | 'in';

/**
 * Parses "10", "10px", "+10px", "-2.5px", "50%" or a JSON number; undefined when it is none. In
 * a design of another unit the suffix is that unit ("10mm"): "10px" there is refused, not read
 * as 10 mm.
 */
export function parseLength(raw: unknown, designUnit: GrammarUnit = 'px'): Length | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { value: raw, unit: 'px' } : undefined;
  if (typeof raw !== 'string') return undefined;
  const m = /^\s*([+-])?\s*(\d+(?:\.\d+)?|\.\d+)\s*(px|pt|mm|in|%)?\s*$/i.exec(raw);
  if (!m) return undefined;
  const suffix = m[3]?.toLowerCase();
  if (suffix !== undefined && suffix !== '%' && suffix !== designUnit) return undefined;
  const sign = m[1] as '+' | '-' | undefined;
  const magnitude = Number(m[2]);
  const unit = suffix === '%' ? '%' : 'px';
  return { value: sign === '-' ? -magnitude : magnitude, unit, ...(sign ? { sign } : {}) };
}

/** The result of resolving one geometry value: the new number, or what is allowed. */
export type Resolved = { ok: true; value: number } | { ok: false; allowed: string };

/** The position keys of the grammar and how each reads its value. */
export type PositionMode = 'absolute' | 'relative' | 'signed';

const POSITION_ALLOWED: Record<PositionMode, string> = {
  absolute: 'a position in px like "10px", "-10px" or a number',
  relative: 'an offset in px like "+10px", "-10px" or a number',
  signed:
    'a position like "10px" (absolute) or an offset like "+10px"/"-10px" (relative), or a number',
};

/** A message about px lengths, said in the design's unit. */
function inUnit(message: string, unit: GrammarUnit): string {
  return unit === 'px'
    ? message
    : message.replace(/(\d)px/g, `$1${unit}`).replace(/ in px/g, ` in ${unit}`);
}

/**
 * Resolves a position value against the current coordinate. `signed` (position_x/position_y):
 * a leading sign shifts, a bare value (or JSON number) sets.
 */
export function resolvePosition(
  raw: unknown,
  current: number,
  mode: PositionMode,
  unit: GrammarUnit = 'px',
): Resolved {
  const len = parseLength(raw, unit);
  if (!len || len.unit !== 'px')
    return { ok: false, allowed: inUnit(POSITION_ALLOWED[mode], unit) };
  const relative = mode === 'relative' || (mode === 'signed' && len.sign !== undefined);
  return { ok: true, value: relative ? current + len.value : len.value };
}

/**
 * Resolves a width/height value: "10px"/10 sets, "+10px"/"-10px" shifts from the stored size,
 * "50%" takes a percentage of the stored size. The result must not be negative.
 */
export function resolveSize(raw: unknown, stored: number, unit: GrammarUnit = 'px'): Resolved {
  const allowed = inUnit(
    'a size like "200px", "+10px", "-10px", "50%" (of the template size) or a number ≥ 0',
    unit,
  );
  const len = parseLength(raw, unit);
  if (!len) return { ok: false, allowed };
  let value: number;
  if (len.unit === '%') {
    if (len.sign) return { ok: false, allowed };
    value = (stored * len.value) / 100;
  } else value = len.sign ? stored + len.value : len.value;
  if (value < 0 || value > 100_000)
    return { ok: false, allowed: `${allowed} (the result, ${value} ${unit}, is out of range)` };
  return { ok: true, value };
}
