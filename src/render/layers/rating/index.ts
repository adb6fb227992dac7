/**
 * The rating layer: `value` out of `max` (5 or 10) stars in a row, filled with `color` up to the
 * value (a fraction fills part of a star) and `empty_color` beyond it. Filled and empty parts are
 * clipped halves of the same star, so translucent layers show no overlap.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Path2D } from '@napi-rs/canvas';
import { isTransparent } from '../../design/color.ts';
import { addProblem, type PropContext } from '../../design/props.ts';
import { numberSchema, propSpecs, withNull } from '../../design/prop-specs.ts';
import { defineLayerType } from '../typed-layer.ts';

/** Star counts a rating may use. */
export const RATING_MAXES = [5, 10] as const;
type RatingMax = (typeof RATING_MAXES)[number];

const isRatingMax = (v: unknown): v is RatingMax => v === 5 || v === 10;
const isStars = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 10;

const SIN72 = Math.sin((72 * Math.PI) / 180);
const COS36 = Math.cos((36 * Math.PI) / 180);
/** Inner/outer radius of a regular five-pointed star. */
const INNER = 0.382;

/** A five-pointed star, point up, fitted and centred in a d×d square at (x, y). */
function starPath(x: number, y: number, d: number): { path: Path2D; left: number; width: number } {
  const r = d / (2 * SIN72);
  const cx = x + d / 2;
  const cy = y + (d - r * (1 + COS36)) / 2 + r;
  const path = new Path2D();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * INNER;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const px = cx + radius * Math.cos(a);
    const py = cy + radius * Math.sin(a);
    if (i === 0) path.moveTo(px, py);
    else path.lineTo(px, py);
  }
  path.closePath();
  return { path, left: cx - r * SIN72, width: 2 * r * SIN72 };
}

/** Fills `path` with `color` inside the vertical band [from, to). */
function fillBand(
  ctx: SKRSContext2D,
  path: Path2D,
  color: string,
  from: number,
  to: number,
  h: number,
): void {
  if (to <= from || isTransparent(color)) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(from, 0, to - from, h);
  ctx.clip();
  ctx.fillStyle = color;
  ctx.fill(path);
  ctx.restore();
}

/** `max`: 5 or 10 stars. */
function checkMax({ layer, path, problems }: PropContext): void {
  if (layer.max === undefined || layer.max === null) layer.max = 5;
  else if (!isRatingMax(layer.max)) {
    addProblem(problems, path, 'max', '5 or 10', layer.max);
    layer.max = 5;
  }
}

/** `value`: from 0 to the (already checked) max. */
function checkValue({ layer, path, problems }: PropContext): void {
  const max = isRatingMax(layer.max) ? layer.max : 5;
  const v = layer.value;
  if (v === undefined || v === null) layer.value = 0;
  else if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) {
    addProblem(problems, path, 'value', `a number from 0 to ${max} (decimals allowed)`, v);
    layer.value = 0;
  }
}

/** The rating layer type. */
export const ratingLayer = defineLayerType({
  type: 'rating',
  listedAs: 'rating',
  props: propSpecs({
    max: {
      kind: 'custom',
      check: checkMax,
      is: isRatingMax,
      scalar: 'number',
      schema: (mode) => ({
        enum: [...RATING_MAXES, ...(mode === 'request' ? RATING_MAXES.map(String) : []), null],
      }),
      description: 'Number of stars: 5 or 10. Default 5.',
    },
    value: {
      kind: 'custom',
      check: checkValue,
      is: isStars,
      scalar: 'number',
      schema: (mode) => withNull(numberSchema({ min: 0, max: 10 }, mode)),
      description: 'Stars filled, from 0 to max (decimals fill part of a star). Default 0.',
    },
    color: { kind: 'color', def: '#f59e0b', description: 'Colour of filled stars.' },
    empty_color: {
      kind: 'color',
      def: '#d1d5db',
      nullable: true,
      description: 'Colour of empty stars; null or "" for none.',
    },
  }),
  editor: {
    label: 'rating',
    icon: '★',
    size: { width: 250, height: 50, widthShare: 1, heightShare: 1 },
    starter: { value: 4 },
  },
  assetUrls: () => [],
  draw(ctx, layer) {
    const { width: w, height: h, max, value } = layer;
    if (w <= 0 || h <= 0) return;
    const cell = w / max;
    const d = Math.min(cell * 0.9, h);
    for (let i = 0; i < max; i++) {
      const star = starPath(i * cell + (cell - d) / 2, (h - d) / 2, d);
      const filled = Math.min(1, Math.max(0, value - i));
      // Whole stars use bands past the edges so no antialiased sliver of the other colour shows.
      const [from, to] = [star.left - 1, star.left + star.width + 1];
      const split = filled >= 1 ? to : filled <= 0 ? from : star.left + star.width * filled;
      fillBand(ctx, star.path, layer.color, from, split, h);
      if (layer.empty_color) fillBand(ctx, star.path, layer.empty_color, split, to, h);
    }
  },
});
