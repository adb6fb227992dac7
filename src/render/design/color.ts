/**
 * Colour values of designs and requests: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`/`rgba()`,
 * `cmyk()`, `spot()`, CSS names and `transparent`. Everything is normalised to lower-case
 * `#rrggbb` (opaque) or `#rrggbbaa`, which Skia understands and which makes "is this
 * transparent?" a string check; cmyk() and spot() colours keep their canonical forms
 * (`cmyk(c,m,y,k)`, `spot("name",c,m,y,k)`) until the render resolves them
 * (output/cmyk-colors.ts).
 */
import { CSS_COLOR_NAMES } from './color-names.ts';
import { parseCmykColor } from './cmyk-color.ts';
import { SPOT_FORMAT, parseSpotColor } from './spot-color.ts';

/** What a colour value may look like, for error messages. */
export const COLOR_FORMATS =
  'a colour like "#RRGGBB", "#RRGGBBAA", "#RGB", "rgba(r, g, b, a)", "cmyk(c, m, y, k)" (ink percentages 0–100), spot("name", c, m, y, k) (a named ink and its CMYK alternate) or a CSS name';

/** What `value` should have looked like: the spot() rules for a bad spot(), else any colour. */
export function colorFormatsFor(value: unknown): string {
  return typeof value === 'string' && /^\s*spot\(/i.test(value) ? SPOT_FORMAT : COLOR_FORMATS;
}

const hex2 = (n: number): string => Math.round(n).toString(16).padStart(2, '0');

/** Parses a colour; returns the normalised `#rrggbb[aa]` form, or undefined when it is not one. */
export function parseColor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // A spot colour's name is the ink's, case and all: parsed before the value is lower-cased.
  if (/^\s*spot\(/i.test(value)) return parseSpotColor(value.trim());
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return '#00000000';
  const named = CSS_COLOR_NAMES[v];
  if (named) return named;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v);
  if (hex) {
    let h = hex[1];
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    return h.length === 8 && h.endsWith('ff') ? `#${h.slice(0, 6)}` : `#${h}`;
  }
  if (v.startsWith('cmyk(')) return parseCmykColor(v);
  const fn = /^rgba?\(\s*([^)]*)\)$/.exec(v);
  if (!fn) return undefined;
  const parts = fn[1].split(/\s*[,/]\s*|\s+/).filter((p) => p !== '');
  if (parts.length !== 3 && parts.length !== 4) return undefined;
  const channels: number[] = [];
  for (const [i, part] of parts.entries()) {
    const m = /^(\d+(?:\.\d+)?|\.\d+)(%)?$/.exec(part);
    if (!m) return undefined;
    const n = Number(m[1]);
    const max = i < 3 ? 255 : 1;
    const scaled = m[2] ? (n / 100) * max : n;
    if (scaled > max) return undefined;
    channels.push(i < 3 ? scaled : scaled * 255);
  }
  const [r, g, b, a = 255] = channels;
  const base = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  return Math.round(a) >= 255 ? base : `${base}${hex2(a)}`;
}

/** True when a normalised colour is fully transparent. */
export function isTransparent(color: string | null | undefined): boolean {
  return color == null || (color.length === 9 && color.endsWith('00'));
}

/** The colour to paint with, or undefined when it paints nothing (none, or fully transparent). */
export function paintColor(color: string | null | undefined): string | undefined {
  return color == null || isTransparent(color) ? undefined : color;
}

/** True when a normalised colour lets anything through (alpha below 1). */
export function hasAlpha(color: string | null | undefined): boolean {
  return color == null || color.length === 9;
}
