/**
 * The text layer: `text` with `*emphasis*` markup, fonts with the bundled fallback stack,
 * wrapping, alignment, auto-fit, max_lines, RTL/CJK/emoji (see src/render/text/).
 */
import type { LayerType } from '../../types.ts';
import { drawText, layoutText } from '../../text/index.ts';
import { textBlockOf, validateTextProps } from './text-props.ts';

export { TEXT_DEFAULTS, textBlockOf, validateTextProps } from './text-props.ts';

/** The text layer type. */
export const textLayer: LayerType = {
  type: 'text',
  listedAs: 'text',
  validate: validateTextProps,
  assetUrls: () => [],
  draw(ctx, layer, env) {
    const layout = layoutText(textBlockOf(layer, env.resolveFont));
    drawText(ctx, layout);
  },
};
