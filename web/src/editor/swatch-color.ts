/**
 * What a swatch paints for a colour field's value: the value itself when CSS reads it, and an RGB
 * for the values CSS cannot paint, `cmyk(c, m, y, k)` and `spot("name", c, m, y, k)` (its CMYK
 * alternate). The editor has no ICC profile, so this is the
 * plain formula (each channel `(1 − ink) × (1 − k)`), close enough to pick by eye; the canvas,
 * drawn by the renderer, shows the colour converted through the CMYK profile.
 */

const INK = String.raw`(\d+(?:\.\d+)?|\.\d+)%?`;
const INKS = `\\s*${INK}\\s*[,\\s]\\s*${INK}\\s*[,\\s]\\s*${INK}\\s*[,\\s]\\s*${INK}\\s*`;
const CMYK = new RegExp(`^cmyk\\(${INKS}\\)$`, 'i');
const SPOT = new RegExp(`^spot\\(\\s*(?:"[^"]+"|'[^']+')\\s*,?${INKS}\\)$`, 'i');

/** `rgb(r, g, b)` for a cmyk() or spot() value, or undefined for anything else. */
export function inkSwatch(value: string): string | undefined {
  const v = value.trim();
  const m = CMYK.exec(v) ?? SPOT.exec(v);
  if (!m) return undefined;
  const [c, mg, y, k] = m.slice(1, 5).map((p) => Number(p) / 100);
  if ([c, mg, y, k].some((n) => n > 1)) return undefined;
  const channel = (ink: number) => Math.round(255 * (1 - ink) * (1 - k));
  return `rgb(${channel(c)}, ${channel(mg)}, ${channel(y)})`;
}

/** The CSS colour check of the browser; absent outside one (unit tests). */
const css = (globalThis as { CSS?: { supports(property: string, value: string): boolean } }).CSS;

/**
 * The colour as CSS can paint it; transparent for `none`, empty or what CSS does not read;
 * cmyk() and spot() colours as their RGB.
 */
export function paintable(color: string): string {
  const c = color.trim();
  if (!c || c.toLowerCase() === 'none') return 'transparent';
  return inkSwatch(c) ?? (css?.supports('color', c) ? c : 'transparent');
}
