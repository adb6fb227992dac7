/**
 * Text measurement on one private canvas, shared by every render: the same numbers for raster
 * and PDF output (so both lay out identically) and a cache, because auto-fit and repeated
 * renders of a template measure the same words again and again.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';

const MAX_ENTRIES = 50_000;
const widths = new Map<string, number>();
const metrics = new Map<string, { ascent: number; descent: number }>();
let ctx: SKRSContext2D | undefined;
let ctxFont = '';
let ctxSpacing = '';

function context(): SKRSContext2D {
  if (!ctx) {
    ctx = createCanvas(1, 1).getContext('2d');
    ctx.lang = 'en';
    ctx.textAlign = 'left';
  }
  return ctx;
}

function use(font: string, letterSpacing: number): SKRSContext2D {
  const c = context();
  if (ctxFont !== font) {
    c.font = font;
    ctxFont = font;
  }
  const spacing = `${letterSpacing}px`;
  if (ctxSpacing !== spacing) {
    c.letterSpacing = spacing;
    ctxSpacing = spacing;
  }
  return c;
}

/** Advance width of `text` in the CSS font `font` with `letterSpacing` px after each character. */
export function measureWidth(font: string, letterSpacing: number, text: string): number {
  if (text === '') return 0;
  const key = `${font}\u0000${letterSpacing}\u0000${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = use(font, letterSpacing).measureText(text).width;
    if (widths.size >= MAX_ENTRIES) widths.clear();
    widths.set(key, w);
  }
  return w;
}

/**
 * Ascent and descent of a font (its first family) per px of font size. Measured once at 1000 px
 * because Skia reports font-box metrics rounded to whole pixels.
 */
export function fontMetrics(fontAt1000: string): { ascent: number; descent: number } {
  let m = metrics.get(fontAt1000);
  if (!m) {
    const tm = use(fontAt1000, 0).measureText('Hg');
    m = { ascent: tm.fontBoundingBoxAscent / 1000, descent: tm.fontBoundingBoxDescent / 1000 };
    metrics.set(fontAt1000, m);
  }
  return m;
}

/** Drops cached measurements (tests; after fonts change under the same name). */
export function clearMeasureCache(): void {
  widths.clear();
  metrics.clear();
}
