/**
 * The line layer: a straight stroke across its box, beside the shape layer's rectangles and
 * ellipses. `direction` picks the box's middle line (horizontal, vertical) or a diagonal (down:
 * top-left to bottom-right; up: bottom-left to top-right); `stroke_width`, `line_cap` and `dash`
 * shape the stroke. Round and square caps reach half the stroke past an end, so the ends are drawn
 * that much inside the box: a line of any cap stays within its box along its length.
 */
import { paintColor } from '../../design/color.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import { addProblem, parseLengthIn } from '../../design/props.ts';
import type { LayerSpec, PropContext } from '../../types.ts';
import { defineLayerType } from '../typed-layer.ts';

/** The directions a line takes across its box. */
export const LINE_DIRECTIONS = ['horizontal', 'vertical', 'down', 'up'] as const;
/** The ends of a line (canvas lineCap). */
export const LINE_CAPS = ['butt', 'round', 'square'] as const;
/** Most entries of a dash pattern. */
export const MAX_DASH_ENTRIES = 16;
/** Largest dash or gap, in px. */
const MAX_DASH = 10_000;

const DASH_ALLOWED = `null for a solid line, or dash and gap lengths (at most ${MAX_DASH_ENTRIES}, each from 0 to ${MAX_DASH}, not all 0) as an array like [12, 6] or a string like "12 6"`;

/** The entries of a dash value: an array, or a string of numbers split by spaces or commas. */
function dashEntries(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return v.trim().split(/[\s,]+/);
  return undefined;
}

/** `dash`: null/""/[] for solid; else lengths in the design's unit, stored as an array of numbers. */
function checkDash(c: PropContext, prop: string): void {
  const v = c.layer[prop];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    c.layer[prop] = null;
    return;
  }
  const entries = dashEntries(v);
  const k = c.unit ? { pt: 96 / 72, mm: 96 / 25.4, in: 96 }[c.unit] : 1;
  const lengths = entries?.map((e) => parseLengthIn(e, c.unit));
  const ok =
    lengths !== undefined &&
    lengths.length <= MAX_DASH_ENTRIES &&
    lengths.every((n) => n !== undefined && n >= 0 && n * k <= MAX_DASH) &&
    (lengths.length === 0 || lengths.some((n) => (n ?? 0) > 0));
  if (!ok) {
    addProblem(c.problems, c.path, prop, DASH_ALLOWED, v);
    c.layer[prop] = null;
    return;
  }
  c.layer[prop] = lengths.length === 0 ? null : (lengths as number[]);
}

const isDash = (v: unknown): v is number[] | null =>
  v === null || (Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isFinite(n)));

/** The line layer's properties, in the order they are checked. */
const LINE_PROPS = propSpecs({
  direction: {
    kind: 'enum',
    values: LINE_DIRECTIONS,
    def: 'horizontal',
    description:
      'Where the line runs in its box: through the middle (horizontal, vertical) or corner to corner (down: top-left to bottom-right; up: bottom-left to top-right).',
  },
  color: { kind: 'color', def: '#000000', description: 'Stroke colour.' },
  stroke_width: { kind: 'px', def: 4, min: 0, max: 10_000, description: 'Stroke width.' },
  line_cap: {
    kind: 'enum',
    values: LINE_CAPS,
    def: 'butt',
    description: 'Ends: butt (flat at the end), round or square (both half the stroke past it).',
  },
  dash: {
    kind: 'custom',
    check: checkDash,
    is: isDash,
    schema: (mode) => ({
      anyOf: [
        {
          type: 'array',
          maxItems: MAX_DASH_ENTRIES,
          items:
            mode === 'request'
              ? {
                  anyOf: [
                    { type: 'number', minimum: 0 },
                    { type: 'string', maxLength: 32 },
                  ],
                }
              : { type: 'number', minimum: 0 },
        },
        { type: 'string', maxLength: 400 },
        { type: 'null' },
      ],
    }),
    description:
      'Dash pattern: lengths of dash, gap, dash, gap… in the design unit, as an array ([12, 6]) or a string ("12 6"); an odd list repeats. null or "" for a solid line. With round caps, a dash of 0 draws dots.',
  },
});

/** The two ends of a line of `direction` in a w×h box, pulled in by `inset` along the line. */
export function lineEnds(
  direction: (typeof LINE_DIRECTIONS)[number],
  w: number,
  h: number,
  inset: number,
): [number, number, number, number] {
  const [x0, y0, x1, y1] =
    direction === 'vertical'
      ? [w / 2, 0, w / 2, h]
      : direction === 'down'
        ? [0, 0, w, h]
        : direction === 'up'
          ? [0, h, w, 0]
          : [0, h / 2, w, h / 2];
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return [x0, y0, x1, y1];
  // Never past the middle: a line shorter than its caps becomes a dot there.
  const d = Math.min(inset, len / 2) / len;
  return [x0 + (x1 - x0) * d, y0 + (y1 - y0) * d, x1 - (x1 - x0) * d, y1 - (y1 - y0) * d];
}

/** The line layer type. */
export const lineLayer = defineLayerType({
  type: 'line',
  listedAs: 'shape',
  props: LINE_PROPS,
  editor: {
    label: 'line',
    icon: '╱',
    size: { width: 400, height: 24, widthShare: 0.6, heightShare: 0.2 },
    starter: { color: '#0f172a', stroke_width: 4 },
  },
  assetUrls: () => [],
  scaleLengths(layer: LayerSpec, k: number) {
    if (Array.isArray(layer.dash)) {
      layer.dash = layer.dash.map((n: unknown) => (typeof n === 'number' ? n * k : n));
    }
  },
  draw(ctx, layer) {
    const sw = layer.stroke_width;
    const color = paintColor(layer.color);
    if (sw <= 0 || !color) return;
    const cap = layer.line_cap;
    const [x0, y0, x1, y1] = lineEnds(
      layer.direction,
      layer.width,
      layer.height,
      cap === 'butt' ? 0 : sw / 2,
    );
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = sw;
    ctx.lineCap = cap;
    ctx.setLineDash(layer.dash ?? []);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    ctx.restore();
  },
});
