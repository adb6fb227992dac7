/**
 * What a text layer reports when it cannot be drawn as asked: a font reference that resolves to
 * no font (it fell back to the default family), and text that does not fit its box (at the
 * minimum font size when auto_fit shrinks it).
 */
import { DEFAULT_FAMILY, findBundledFamily } from '../../fonts/index.ts';
import type { TextLayout } from '../../text/index.ts';
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
    env.warn(
      `layers.${layer.name}`,
      `${prop === 'font' ? 'font' : 'alt_font'} "${ref}" is not available; ${DEFAULT_FAMILY.name} was used`,
    );
  }
}

/** Warns when the laid-out text does not fit its box. */
export function warnOverflow(layer: LayerSpec, layout: TextLayout, env: DrawEnv): void {
  if (layout.fits || (layer.text ?? '') === '') return;
  const size = Math.round(layout.fontSize * 100) / 100;
  const message = layer.auto_fit
    ? `the text does not fit its box at the minimum font size ${size}`
    : `the text does not fit its box at font size ${size} (auto_fit can shrink it)`;
  env.warn(`layers.${layer.name}`, message);
}
