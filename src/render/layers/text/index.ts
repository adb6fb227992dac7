/**
 * The text layer: `text` with `*emphasis*` markup (and with text_format "markup" rich text), fonts with the bundled fallback stack,
 * wrapping, alignment, auto-fit, max_lines, overflow (clip, ellipsis, visible), RTL/CJK/emoji
 * (see src/render/text/).
 */
import { drawText, layoutText, textDrawOptions } from '../../text/index.ts';
import { defineLayerType } from '../typed-layer.ts';
import { TEXT_PROPS, textBlockOf } from './text-props.ts';
import { addTextLinks } from './text-links.ts';
import {
  warnFontFallbacks,
  warnOverflow,
  warnRestrictedFonts,
  warnSyntheticFaces,
} from './text-warnings.ts';

export { TEXT_DEFAULTS, TEXT_PROPS, textBlockOf, validateTextProps } from './text-props.ts';
export type { TextLayer } from './text-props.ts';

/** The text layer type. */
export const textLayer = defineLayerType({
  type: 'text',
  listedAs: 'text',
  props: TEXT_PROPS,
  editor: {
    label: 'text',
    icon: 'T',
    size: { width: 500, height: 100, widthShare: 0.6, heightShare: 0.2 },
    starter: { text: 'Your text', font_size: 48 },
  },
  assetUrls: () => [],
  draw(ctx, layer, env) {
    const block = textBlockOf(layer, env.resolveFont);
    const layout = layoutText(block);
    warnFontFallbacks(layer, env);
    warnOverflow(layer, block, layout, env);
    warnSyntheticFaces(layer, layout, env);
    warnRestrictedFonts(`layers.${layer.name}`, [layout], env);
    addTextLinks(layer, block, layout, env);
    // Text whose lines stay in the box is never clipped: glyphs may reach a little past tight
    // line boxes.
    if (!layout.overflows || block.overflow !== 'clip') {
      drawText(ctx, layout, textDrawOptions(env));
      return;
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, block.width, block.height);
    ctx.clip();
    drawText(ctx, layout, textDrawOptions(env));
    ctx.restore();
  },
});
