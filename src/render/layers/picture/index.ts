/**
 * The picture layer: `image` (URL) drawn with `object_fit` cover/contain/fill, a focal point
 * `object_position` and rounded corners `border_radius`.
 */
import { checkString, addProblem } from '../../design/props.ts';
import type { PropSpecs } from '../../design/prop-specs.ts';
import type { PropContext } from '../../design/props.ts';
import { drawPicture } from '../../images/draw-picture.ts';
import { parseObjectPosition } from '../../images/fit-picture.ts';
import type { ObjectFit } from '../../images/fit-picture.ts';
import type { LayerSpec, LayerType } from '../../types.ts';

/** The fit modes, default first. */
export const OBJECT_FITS: readonly ObjectFit[] = ['cover', 'contain', 'fill'];

/** `object_position`: a focal point string of at most 40 characters. */
function checkObjectPosition(c: PropContext): void {
  checkString(c, 'object_position', { def: 'center', max: 40 });
  const pos = c.layer.object_position as string;
  if (!parseObjectPosition(pos)) {
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

/** object_fit and object_position (shared with the browser frame). */
export const FIT_PROPS: PropSpecs = {
  object_fit: {
    kind: 'enum',
    values: OBJECT_FITS,
    def: 'cover',
    description: 'How the picture fills the box.',
  },
  object_position: {
    kind: 'custom',
    check: checkObjectPosition,
    schema: () => ({ type: ['string', 'number', 'null'], maxLength: 40 }),
    description:
      'The focal point kept in view: "50% 50%", "left top", "center", "right 25%". Default "center".',
  },
};

/** The focal point of a validated layer. */
export function focalPoint(layer: LayerSpec): { x: number; y: number } {
  return parseObjectPosition(String(layer.object_position ?? 'center')) ?? { x: 0.5, y: 0.5 };
}

/** The picture layer type. */
export const pictureLayer: LayerType = {
  type: 'picture',
  listedAs: 'picture',
  props: {
    image: { kind: 'url', description: 'The picture (PNG, JPEG, WebP, GIF, SVG…).' },
    ...FIT_PROPS,
    border_radius: { kind: 'px', def: 0, min: 0, max: 100_000, description: 'Corner radius.' },
  },
  assetField: 'image',
  assetUrls: (layer) => (typeof layer.image === 'string' ? [layer.image] : []),
  async draw(ctx, layer, env) {
    if (typeof layer.image !== 'string') return;
    await drawPicture(ctx, env, {
      url: layer.image,
      path: `layers.${layer.name}.image`,
      box: { x: 0, y: 0, width: layer.width, height: layer.height },
      fit: layer.object_fit as ObjectFit,
      focal: focalPoint(layer),
      radius: layer.border_radius as number,
    });
  },
};
