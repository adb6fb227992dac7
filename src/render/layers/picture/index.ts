/**
 * The picture layer: `image` (URL) drawn with `object_fit` cover/contain/fill, a focal point
 * `object_position` and rounded corners `border_radius`. `video` is placed by the video composer
 * (src/video/); images and PDFs draw the `image` only.
 */
import { checkString, addProblem } from '../../design/props.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import type { PropContext } from '../../design/props.ts';
import { drawPicture } from '../../images/draw-picture.ts';
import { parseObjectPosition } from '../../images/fit-picture.ts';
import type { ObjectFit } from '../../images/fit-picture.ts';
import type { LayerOf, LayerSpec } from '../../types.ts';
import { defineLayerType, readProps } from '../typed-layer.ts';
import { pictureAssetKey } from '../../images/screenshot-key.ts';
import { SCREENSHOT_PROPS } from './screenshot-props.ts';

/** The fit modes, default first. */
export const OBJECT_FITS: readonly ObjectFit[] = ['cover', 'contain', 'fill'];

/** `object_position`: a focal point string of at most 40 characters. */
function checkObjectPosition(c: PropContext): void {
  checkString(c, 'object_position', { def: 'center', max: 40 });
  const pos = c.layer.object_position;
  if (typeof pos !== 'string' || !parseObjectPosition(pos)) {
    addProblem(
      c.problems,
      c.path,
      'object_position',
      'a focal point like "50% 50%", "left top", "center" or "right 25%"',
      pos,
    );
    c.layer.object_position = 'center';
  }
}

/** A focal point the check keeps: a string parseObjectPosition reads. */
const isFocalPoint = (v: unknown): v is string =>
  typeof v === 'string' && parseObjectPosition(v) !== undefined;

/** object_fit and object_position (shared with the browser frame). */
export const FIT_PROPS = propSpecs({
  object_fit: {
    kind: 'enum',
    values: OBJECT_FITS,
    def: 'cover',
    description: 'How the picture fills the box.',
  },
  object_position: {
    kind: 'custom',
    check: checkObjectPosition,
    is: isFocalPoint,
    schema: () => ({ type: ['string', 'number', 'null'], maxLength: 40 }),
    description:
      'The focal point kept in view: "50% 50%", "left top", "center", "right 25%". Default "center".',
  },
});

/** The focal point of a layer with the fit props. */
export function focalPoint(layer: LayerOf<typeof FIT_PROPS>): { x: number; y: number } {
  return parseObjectPosition(layer.object_position) ?? { x: 0.5, y: 0.5 };
}

/**
 * What a layer with `image` and the screenshot options asks the fetch stage for (the URL, or the
 * URL with its screenshot options: images/screenshot-key.ts); drawing looks the file up by it.
 */
export function imageAssetUrls(layer: LayerSpec): string[] {
  if (typeof layer.image !== 'string') return [];
  return [pictureAssetKey(layer.image, readProps(SCREENSHOT_PROPS, layer))];
}

/** The picture layer type. */
export const pictureLayer = defineLayerType({
  type: 'picture',
  listedAs: 'picture',
  props: propSpecs({
    image: {
      kind: 'url',
      description:
        'The picture (PNG, JPEG, WebP, GIF, SVG…), or a web page to show as a screenshot.',
    },
    video: {
      kind: 'url',
      description:
        'Videos only: an MP4, WebM or MOV shown in the box (object_fit, border_radius and rotation apply). Images and PDFs ignore it.',
    },
    ...FIT_PROPS,
    ...SCREENSHOT_PROPS,
    border_radius: { kind: 'px', def: 0, min: 0, max: 100_000, description: 'Corner radius.' },
  }),
  editor: {
    label: 'picture',
    icon: '▣',
    size: { width: 300, height: 200, widthShare: 0.5, heightShare: 0.5 },
    starter: {},
  },
  assetField: 'image',
  assetUrls: imageAssetUrls,
  async draw(ctx, layer, env) {
    if (typeof layer.image !== 'string') return;
    await drawPicture(ctx, env, {
      url: pictureAssetKey(layer.image, layer),
      path: `layers.${layer.name}.image`,
      box: { x: 0, y: 0, width: layer.width, height: layer.height },
      fit: layer.object_fit,
      focal: focalPoint(layer),
      radius: layer.border_radius,
    });
  },
});
