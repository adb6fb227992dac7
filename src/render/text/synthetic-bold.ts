/**
 * Synthesised bold on PDF pages. Skia emboldens the glyphs of a face that has no bold (a family
 * uploaded without its bold face, used bold) by stroking their outlines, and its PDF backend
 * writes such glyphs as an unnamed Type 3 font: outlines that print, but are no font (preflight's
 * `type3_font`, and some print workflows reject them). PDF pages instead draw the face itself and
 * have the text stroked as well as filled (text rendering mode 2, as PDF writers make synthetic
 * bold), with the same stroke width as Skia's emboldening: the same font, embedded, searchable.
 * Layout measures with the bold font string; the advances are the face's own either way.
 */

/** Skia's emboldening: a stroke of size × 1/24 up to 9 px, × 1/32 from 36 px, linear between. */
export function syntheticBoldStroke(size: number): number {
  const [k0, k1, v0, v1] = [9, 36, 1 / 24, 1 / 32];
  const scale = size <= k0 ? v0 : size >= k1 ? v1 : v0 + ((v1 - v0) * (size - k0)) / (k1 - k0);
  return size * scale;
}

/** The face to draw a synthesised-bold font string with, and the stroke to add. */
export interface SyntheticBold {
  font: string;
  stroke: number;
}

const fonts = new Map<string, SyntheticBold>();

/** Records that `font` (a CSS font string) is synthesised bold of `faceFont` at `size` px. */
export function noteSyntheticBold(font: string, faceFont: string, size: number): void {
  if (fonts.has(font)) return;
  if (fonts.size >= 10_000) fonts.clear();
  fonts.set(font, { font: faceFont, stroke: syntheticBoldStroke(size) });
}

/** How to draw `font` on a PDF page when it is synthesised bold; undefined otherwise. */
export function syntheticBoldOf(font: string): SyntheticBold | undefined {
  return fonts.get(font);
}
