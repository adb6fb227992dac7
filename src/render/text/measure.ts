/**
 * Text measurement on one private canvas, shared by every render: the same numbers for raster
 * and PDF output (so both lay out identically) and a cache, because auto-fit and repeated
 * renders of a template measure the same words again and again.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import {
  lruFigures,
  RENDER_CACHE_BYTES,
  stringBytes,
  type RenderCacheFigures,
} from '../cache-budgets.ts';
import { clearPlainTexts, PLAIN_TEXTS_BYTES, plainTextFigures } from './pdf-plain-texts.ts';

/** Bytes of an entry besides its key: the number or metrics object and the LRU's bookkeeping. */
const ENTRY_OVERHEAD = 64;
/** Font metrics are a few per font: a small slice of the budget, the rest for widths. */
const METRICS_BYTES = 256 * 1024;

/** Widths by font, spacing and text: by bytes, since the key holds the text (up to 10,000 characters). */
const widths = new LRUCache<string, number>({
  maxSize: RENDER_CACHE_BYTES.thread_text_measures - METRICS_BYTES - PLAIN_TEXTS_BYTES,
  sizeCalculation: (_w, key) => stringBytes(key) + ENTRY_OVERHEAD,
});
const metrics = new LRUCache<string, { ascent: number; descent: number }>({
  maxSize: METRICS_BYTES,
  sizeCalculation: (_m, key) => stringBytes(key) + ENTRY_OVERHEAD,
});
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
  clearPlainTexts();
}

/** Entries and bytes of the measurement caches together (GET /metrics through the render pool). */
export function measureCacheFigures(): RenderCacheFigures {
  const parts = [lruFigures(widths), lruFigures(metrics), plainTextFigures()];
  const sum = (k: keyof RenderCacheFigures) => parts.reduce((n, p) => n + p[k], 0);
  return { entries: sum('entries'), bytes: sum('bytes'), maxBytes: sum('maxBytes') };
}
