/**
 * Resizing a design to another format (docs/editor.md, "Resize to another format"), without
 * the browser: the editor makes a copy of the template with the result.
 *
 * The rule, per layer and per axis:
 * - Everything is scaled uniformly by the smaller of the two ratios (new width / old width,
 *   new height / old height), so nothing is stretched and everything still fits: sizes, font
 *   sizes, border widths, radii, dash lengths and table column widths.
 * - A layer that covers the page along an axis (a background) keeps covering it: it is stretched
 *   to the new page along that axis (its overhang scaled).
 * - Any other layer is anchored to what it is nearest to along the axis: the start edge (its gap
 *   to the left/top edge is the smallest), the end edge (right/bottom) or the page centre (the
 *   distance from its centre to the page's centre). Its gap to that edge, or its centre's offset
 *   from the page centre, is scaled like everything else.
 * A target in another unit (a px card to an A4 page in pt) first converts the design to it.
 */
import type { Design, Layer } from '../api.ts';

/** The new page: its size in `unit` (absent: the design's own unit). */
export interface ResizeTarget {
  width: number;
  height: number;
  unit?: 'px' | 'pt' | 'mm' | 'in';
}

/** The names of a layer type's lengths besides x/y/width/height (its `px` properties). */
export type LengthsOf = (type: string) => readonly string[];

/** Which part of the page a layer keeps its distance to along one axis. */
export type Anchor = 'start' | 'centre' | 'end' | 'stretch';

/** Painter pixels per unit, as the renderer counts them (96 per inch). */
const PX_PER_UNIT = { px: 1, pt: 96 / 72, mm: 96 / 25.4, in: 96 } as const;

/** A covering layer overhangs or meets both edges (within half a percent of the page). */
const COVER_SLACK = 0.005;

/** The anchor of a span [pos, pos + size] on a page of `page` along one axis. */
export function anchorOf(pos: number, size: number, page: number): Anchor {
  const slack = page * COVER_SLACK;
  if (pos <= slack && pos + size >= page - slack) return 'stretch';
  const start = Math.abs(pos);
  const end = Math.abs(page - (pos + size));
  const centre = Math.abs(pos + size / 2 - page / 2);
  if (centre <= start && centre <= end) return 'centre';
  return start <= end ? 'start' : 'end';
}

/** The new [pos, size] of a span on a page resized from `page` to `next`, scaled by `k`. */
export function placeSpan(
  pos: number,
  size: number,
  page: number,
  next: number,
  k: number,
): [number, number] {
  switch (anchorOf(pos, size, page)) {
    case 'stretch': {
      const start = pos * k;
      const end = next + (pos + size - page) * k;
      return [start, end - start];
    }
    case 'start':
      return [pos * k, size * k];
    case 'end':
      return [next - (page - pos - size) * k - size * k, size * k];
    case 'centre':
      return [next / 2 + (pos + size / 2 - page / 2) * k - (size * k) / 2, size * k];
  }
}

/** Lengths inside structured properties: a line's dash, a table's column widths. */
function scaleStructured(layer: Layer, k: number): void {
  if (Array.isArray(layer.dash)) {
    layer.dash = layer.dash.map((n: unknown) => (typeof n === 'number' ? n * k : n));
  }
  if (Array.isArray(layer.columns)) {
    layer.columns = layer.columns.map((c: unknown) =>
      c && typeof c === 'object' && typeof (c as { width?: unknown }).width === 'number'
        ? { ...c, width: (c as { width: number }).width * k }
        : c,
    );
  }
}

/** Rounds to a whole px, or to hundredths in a physical unit. */
const rounder = (unit: string) =>
  unit === 'px' ? (v: number) => Math.round(v) : (v: number) => Math.round(v * 100) / 100;

/** `layer` with every length multiplied by `k` (a new object; geometry included). */
export function scaleLengths(layer: Layer, k: number, lengthsOf: LengthsOf): Layer {
  const out: Layer = { ...layer };
  for (const prop of ['x', 'y', 'width', 'height', ...lengthsOf(layer.type)]) {
    const v = out[prop];
    if (typeof v === 'number') out[prop] = v * k;
  }
  scaleStructured(out, k);
  return out;
}

/** `design` with its unit changed to `unit`, every length converted (sizes kept physically). */
export function convertUnit(design: Design, unit: ResizeTarget['unit'], lengthsOf: LengthsOf) {
  const from = design.unit ?? 'px';
  const to = unit ?? from;
  if (to === from) return design;
  const k = PX_PER_UNIT[from] / PX_PER_UNIT[to];
  const round = rounder(to);
  const out: Design = {
    ...design,
    width: round(design.width * k),
    height: round(design.height * k),
    layers: design.layers.map((l) => scaleLengths(l, k, lengthsOf)),
  };
  // The bleed is a length too (in the unit), kept physically the same.
  if (typeof design.bleed === 'number') out.bleed = Math.round(design.bleed * k * 1000) / 1000;
  if (to === 'px') {
    delete out.unit;
    delete out.dpi;
  } else out.unit = to;
  return out;
}

/** A copy of `design` at the target size, its layers scaled and anchored as the rule says. */
export function resizeDesign(design: Design, target: ResizeTarget, lengthsOf: LengthsOf): Design {
  const src = convertUnit(design, target.unit, lengthsOf);
  const unit = src.unit ?? 'px';
  const round = rounder(unit);
  const W = src.width;
  const H = src.height;
  const W2 = round(target.width);
  const H2 = round(target.height);
  const k = Math.min(W2 / W, H2 / H);
  const layers = src.layers.map((layer) => {
    const [x, width] = placeSpan(layer.x, layer.width, W, W2, k);
    const [y, height] = placeSpan(layer.y, layer.height, H, H2, k);
    const out = scaleLengths(layer, k, lengthsOf);
    out.x = round(x);
    out.y = round(y);
    out.width = round(Math.max(0, width));
    out.height = round(Math.max(0, height));
    for (const prop of lengthsOf(layer.type)) {
      const v = out[prop];
      if (typeof v === 'number') out[prop] = Math.round(v * 100) / 100;
    }
    return out;
  });
  return { ...src, width: W2, height: H2, layers };
}
