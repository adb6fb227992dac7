/**
 * What a text layer reports when it cannot be drawn as asked: a font reference that resolves to
 * no font (it fell back to the default family), and text that does not fit its box (at the
 * minimum font size when auto_fit shrinks it) or was cut to max_lines.
 */
import { DEFAULT_FAMILY, embeddingRestricted, findBundledFamily } from '../../fonts/index.ts';
import type { TextBlock, TextLayout } from '../../text/index.ts';
import type { DrawEnv, LayerSpec } from '../../types.ts';

/** Warns about each font or alt_font reference of the layer that fell back to the default. */
export function warnFontFallbacks(layer: LayerSpec, env: DrawEnv): void {
  const fallback = env.resolveFont(null);
  for (const prop of ['font', 'alt_font']) {
    const ref = layer[prop];
    if (typeof ref !== 'string' || ref.trim() === '') continue;
    // The default family named on purpose is no fallback.
    if (findBundledFamily(ref) === DEFAULT_FAMILY) continue;
    if (env.resolveFont(ref) !== fallback) continue;
    env.warn({
      code: 'font_fallback',
      path: `layers.${layer.name}`,
      message: `${prop === 'font' ? 'font' : 'alt_font'} "${ref}" is not available; ${DEFAULT_FAMILY.name} was used`,
    });
  }
}

/** Warns once per family the layer drew with synthesised bold or slant (it has no such face). */
export function warnSyntheticFaces(layer: LayerSpec, layout: TextLayout, env: DrawEnv): void {
  const seen = new Set<string>();
  for (const face of layout.synthetic ?? []) {
    const what = [face.bold ? 'bold' : '', face.oblique ? 'italic' : ''].filter(Boolean);
    const message = `font family "${face.family}" has no ${what.join(' ')} face; ${what.join(' and ')} was synthesised (upload that face to the family to use it)`;
    if (seen.has(message)) continue;
    seen.add(message);
    env.warn({ code: 'font_synthesized', path: `layers.${layer.name}`, message });
  }
}

/**
 * PDFs: warns once per font the layouts (a text layer's, or a table's cells) drew with whose
 * licence forbids embedding it. Skia honours the font's OS/2 fsType and writes its glyphs as
 * outlines, a Type 3 font without the font's name, which print workflows reject; nothing else
 * would tell the user why. `path` names the layer.
 */
export function warnRestrictedFonts(path: string, layouts: TextLayout[], env: DrawEnv): void {
  if (env.target !== 'pdf') return;
  const seen = new Set<string>();
  for (const line of layouts.flatMap((layout) => layout.lines)) {
    for (const piece of line.pieces) {
      if (piece.emoji || piece.text.trim() === '') continue;
      // The face drawn is the first family of the piece's font list.
      const alias = /"([^"]+)"/.exec(piece.font)?.[1];
      const name = alias ? embeddingRestricted(alias) : undefined;
      if (!name || seen.has(name)) continue;
      seen.add(name);
      env.warn({
        code: 'font_not_embeddable',
        path,
        message: `font "${name}" may not be embedded (its licence sets OS/2 fsType "Restricted License embedding"): the PDF holds its glyphs as outlines, an unnamed Type 3 font that print workflows reject; use a font whose licence allows embedding`,
      });
    }
  }
}

/** What each overflow mode did with text that does not fit, for the warning. */
const OVERFLOW_OUTCOME: Record<TextBlock['overflow'], string> = {
  clip: 'it was clipped to the box (overflow "clip")',
  ellipsis: 'it was cut with an ellipsis (overflow "ellipsis")',
  visible: 'it was drawn past the box (overflow "visible")',
};

/**
 * Warns when text is lost or drawn past the box: lines past the box (saying what overflow did
 * with them) or cut off by max_lines. A word broken over lines that all fit loses nothing and
 * answers no warning (auto_fit still shrinks the text to avoid breaking it).
 */
export function warnOverflow(
  layer: LayerSpec,
  block: TextBlock,
  layout: TextLayout,
  env: DrawEnv,
): void {
  if ((layer.text ?? '') === '') return;
  const size = Math.round(layout.fontSize * 100) / 100;
  const atSize = layer.auto_fit
    ? `at the minimum font size ${size}`
    : `at font size ${size} (auto_fit can shrink it)`;
  let message: string;
  if (layout.overflows || layout.truncatedBy === 'box') {
    message = `the text does not fit its box ${atSize}; ${OVERFLOW_OUTCOME[block.overflow]}`;
  } else if (layout.truncatedBy === 'max_lines') {
    const n = block.maxLines;
    message = `the text needs more lines than max_lines ${n} ${atSize}; it was cut after line ${n} with an ellipsis`;
  } else return;
  env.warn({ code: 'text_overflow', path: `layers.${layer.name}`, message });
}
