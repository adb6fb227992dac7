/**
 * The text layer: `text` with `*emphasis*` markup, fonts with the bundled fallback stack,
 * wrapping, alignment, auto-fit, max_lines, RTL/CJK/emoji (see src/render/text/).
 */
import type { LayerType } from '../../types.ts';
import { drawText, layoutText } from '../../text/index.ts';
import { TEXT_PROPS, textBlockOf } from './text-props.ts';
import { warnFontFallbacks, warnOverflow } from './text-warnings.ts';

export { TEXT_DEFAULTS, TEXT_PROPS, textBlockOf, validateTextProps } from './text-props.ts';

/** The text layer type. */
export const textLayer: LayerType = {
  type: 'text',
  listedAs: 'text',
  props: TEXT_PROPS,
  assetUrls: () => [],
  draw(ctx, layer, env) {
    const layout = layoutText(textBlockOf(layer, env.resolveFont));
    warnFontFallbacks(layer, env);
    warnOverflow(layer, layout, env);
    drawText(ctx, layout);
  },
};
