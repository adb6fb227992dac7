/**
 * The subtitle layer (Placid's `subtitle`): `srt`, the URL of a SubRip file, and the style of a
 * text layer. In videos the composer draws one still per cue, with the cue's words as `text`,
 * shown during the cue (src/video/). Images and PDFs have no time: they draw the layer's `text`
 * as a text layer would (a sample line a template can hold, empty by default).
 */
import { textLayer } from '../text/index.ts';
import { TEXT_PROPS } from '../text/text-props.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import { defineLayerType } from '../typed-layer.ts';

/** The subtitle layer type. */
export const subtitleLayer = defineLayerType({
  type: 'subtitle',
  listedAs: 'subtitle',
  props: propSpecs({
    ...TEXT_PROPS,
    srt: {
      kind: 'url',
      description:
        'Videos only: a SubRip (.srt) file; each cue is shown during its time. Images and PDFs draw `text` instead.',
    },
  }),
  editor: {
    label: 'subtitles',
    icon: '💬',
    size: { width: 800, height: 120, widthShare: 0.9, heightShare: 0.2 },
    starter: { text: 'Subtitles appear here', font_size: 40, align: 'center' },
  },
  assetUrls: () => [],
  draw(ctx, layer, env) {
    return textLayer.draw(ctx, layer, env);
  },
});
