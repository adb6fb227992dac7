/**
 * Texts whose glyphs map back to them through Skia's ToUnicode as they are (most Latin text),
 * learned from the RGB PDFs made in this thread: such a text needs no ActualText span, so later
 * RGB PDFs draw it without markers (pdf-text-marks.ts), which cost about 37 µs a text (two
 * marker fills, and the page content inflated and deflated again). Shaping is a function of the
 * font, its size and style, the letter spacing, the direction and the text, which make the key.
 * CMYK PDFs always mark: Ghostscript rewrites the fonts' character maps.
 */
import { LRUCache } from 'lru-cache';
import { lruFigures, stringBytes, type RenderCacheFigures } from '../cache-budgets.ts';

/** Bytes of the set, within thread_text_measures (measure.ts leaves them out of its own). */
export const PLAIN_TEXTS_BYTES = 1024 * 1024;

const plain = new LRUCache<string, true>({
  maxSize: PLAIN_TEXTS_BYTES,
  sizeCalculation: (_v, key) => stringBytes(key) + 64,
});

/** The key of a text as drawn: its style (font and letter spacing), direction and the text. */
export const plainTextKey = (style: string, rtl: boolean, text: string): string =>
  `${style}\u0000${rtl ? 'r' : 'l'}\u0000${text}`;

/** Whether a text drawn so is known to map back as it is. */
export function isPlainText(key: string): boolean {
  return plain.has(key);
}

/** Records that a text drawn so maps back as it is. */
export function notePlainText(key: string): void {
  if (key.length <= 4096) plain.set(key, true);
}

/** Forgets every text (tests; fonts changed under the same name). */
export function clearPlainTexts(): void {
  plain.clear();
}

/** Entries and bytes of the set. */
export function plainTextFigures(): RenderCacheFigures {
  return lruFigures(plain);
}
