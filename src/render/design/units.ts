/**
 * Design units. A design may declare `unit`: `px` (the default), `pt`, `mm` or `in`; then its
 * canvas, every layer's x/y/width/height and every length property (font sizes, border widths,
 * radii, letter spacing) are in that unit. The painter works in pixels, so a physical design is
 * turned into pixels at 96 per inch (CSS pixels, 0.75 pt each) before drawing: a PDF page of such
 * a design is its physical size, whatever the PDF `dpi`, and a raster image of it is scaled by
 * the output's dpi over 96.
 */
import { getLayerType } from '../layers/index.ts';
import type { Design, LayerSpec } from '../types.ts';

/** The units a design may declare. */
export const DESIGN_UNITS = ['px', 'pt', 'mm', 'in'] as const;
export type DesignUnit = (typeof DESIGN_UNITS)[number];

/** Pixels of the painter per design unit: 96 px per inch for the physical units. */
export const PX_PER_UNIT: Readonly<Record<DesignUnit, number>> = {
  px: 1,
  pt: 96 / 72,
  mm: 96 / 25.4,
  in: 96,
};

/** Pixels per inch of the painter's pixels in a physical design. */
export const PHYSICAL_PX_PER_INCH = 96;

/** Raster output density of a physical design when neither the request nor the design sets one. */
export const DEFAULT_PRINT_DPI = 150;

/** The design's unit (`px` when absent). */
export function designUnit(design: Pick<Design, 'unit'>): DesignUnit {
  return design.unit ?? 'px';
}

/** True for a design in pt, mm or in. */
export function isPhysical(design: Pick<Design, 'unit'>): boolean {
  return designUnit(design) !== 'px';
}

/** Lengths of a layer: its geometry and its type's `px` properties. */
function lengthProps(layer: LayerSpec): string[] {
  const type = getLayerType(layer.type);
  const own = type
    ? Object.entries(type.props)
        .filter(([, spec]) => spec.kind === 'px')
        .map(([name]) => name)
    : [];
  return ['x', 'y', 'width', 'height', ...own];
}

/** Multiplies every length of a layer by `k` (a new object). */
export function scaleLayer(layer: LayerSpec, k: number): LayerSpec {
  const out: LayerSpec = { ...layer };
  for (const prop of lengthProps(layer)) {
    const v = out[prop];
    if (typeof v === 'number') out[prop] = v * k;
  }
  getLayerType(layer.type)?.scaleLengths?.(out, k);
  return out;
}

/**
 * The design in the painter's pixels. A `px` design is returned as it is; a physical one gets
 * every length multiplied by PX_PER_UNIT and `pixels: true`, which tells the outputs to size it
 * from its unit (and makes a second call a no-op).
 */
export function toPixelDesign(design: Design): Design {
  if (!isPhysical(design) || design.pixels) return design;
  const k = PX_PER_UNIT[designUnit(design)];
  return {
    ...design,
    width: design.width * k,
    height: design.height * k,
    layers: design.layers.map((l) => scaleLayer(l, k)),
    pixels: true,
  };
}

/** The canvas size in painter pixels, for limits, credits and thumbnails. */
export function pixelSize(design: Design): { width: number; height: number } {
  const k = design.pixels ? 1 : PX_PER_UNIT[designUnit(design)];
  return { width: design.width * k, height: design.height * k };
}
