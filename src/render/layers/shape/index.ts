/**
 * The shape layer (stored type "rectangle" is a synonym): a rectangle or ellipse with `background_color`,
 * `border_color`, `border_width` and `border_radius`, or an `svg` drawn instead (render/svg/).
 * The border lies inside the box and the fill inside the border, so nothing overlaps and a
 * translucent layer shows no darker seam.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Path2D } from '@napi-rs/canvas';
import { paintColor } from '../../design/color.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import type { LayerOf } from '../../types.ts';
import { RenderInputError } from '../../types.ts';
import { drawSvgFor, loadSvgFor } from '../../svg/index.ts';
import { defineLayerType } from '../typed-layer.ts';

/** The outline variants of a shape. */
export const SHAPE_VARIANTS = ['rectangle', 'ellipse'] as const;

/** The outline of a w×h box inset by `inset` on every side. */
function outline(kind: string, w: number, h: number, radius: number, inset: number): Path2D {
  const p = new Path2D();
  const iw = Math.max(0, w - 2 * inset);
  const ih = Math.max(0, h - 2 * inset);
  if (kind === 'ellipse') p.ellipse(w / 2, h / 2, iw / 2, ih / 2, 0, 0, Math.PI * 2);
  else if (radius > 0)
    p.roundRect(inset, inset, iw, ih, Math.max(0, Math.min(radius - inset, iw / 2, ih / 2)));
  else p.rect(inset, inset, iw, ih);
  return p;
}

/** The shape layer's properties, in the order they are checked. */
const SHAPE_PROPS = propSpecs({
  shape: { kind: 'enum', values: SHAPE_VARIANTS, def: 'rectangle', description: 'Outline.' },
  background_color: {
    kind: 'color',
    def: '#000000',
    nullable: true,
    description: 'Fill colour; null or "" for none.',
  },
  border_color: { kind: 'color', def: null, description: 'Border colour.' },
  border_width: { kind: 'px', def: 0, min: 0, max: 10_000, description: 'Border width.' },
  border_radius: {
    kind: 'px',
    def: 0,
    min: 0,
    max: 100_000,
    description: 'Corner radius of a rectangle.',
  },
  svg: {
    kind: 'url',
    description: 'An SVG drawn instead of the outline; `background_color` is its default fill.',
  },
});

/** Draws the rectangle/ellipse with its inner border. */
function drawOutlineShape(ctx: SKRSContext2D, layer: LayerOf<typeof SHAPE_PROPS>): void {
  const { width: w, height: h } = layer;
  const kind = layer.shape;
  const radius = Math.min(layer.border_radius, w / 2, h / 2);
  const bw = Math.min(layer.border_width, w / 2, h / 2);
  const border = bw > 0 ? paintColor(layer.border_color) : undefined;
  const fill = paintColor(layer.background_color);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill(outline(kind, w, h, radius, border ? bw : 0));
  }
  if (border) {
    const ring = outline(kind, w, h, radius, 0);
    ring.addPath(outline(kind, w, h, radius, bw));
    ctx.fillStyle = border;
    ctx.fill(ring, 'evenodd');
  }
}

/** The shape layer type. */
export const shapeLayer = defineLayerType({
  type: 'shape',
  listedAs: 'shape',
  props: SHAPE_PROPS,
  editor: {
    label: 'shape',
    icon: '■',
    size: { width: 300, height: 200, widthShare: 0.5, heightShare: 0.5 },
    starter: { background_color: '#3b82f6' },
  },
  assetField: 'svg',
  assetUrls: (layer) => (typeof layer.svg === 'string' ? [layer.svg] : []),
  async draw(ctx, layer, env) {
    if (layer.width <= 0 || layer.height <= 0) return;
    if (typeof layer.svg === 'string') {
      const path = `layers.${layer.name}.svg`;
      const bytes = env.files.get(layer.svg);
      if (!bytes) {
        throw new RenderInputError([{ path, message: `the SVG ${layer.svg} was not fetched` }]);
      }
      const color = layer.background_color ?? '#000000';
      const svg = await loadSvgFor(bytes, layer.svg, path, color);
      const box = { x: 0, y: 0, width: layer.width, height: layer.height };
      drawSvgFor(ctx, env, svg, box, box, layer.svg, path);
      return;
    }
    drawOutlineShape(ctx, layer);
  },
});
