/**
 * Bleed and crop marks of print PDFs. With `bleed`, a page grows by the bleed on every side: the
 * background and every unrotated shape or picture layer touching an edge of the canvas extend
 * into it, so trimming a little off never leaves a white hairline. Text and barcodes stay as
 * they are (growing their box would move or resize them). With crop marks the page grows again
 * by a margin holding thin lines at the trim edges, outside the bleed (black in RGB PDFs,
 * registration colour on every plate in CMYK ones). The PDF gets
 * TrimBox (the design) and BleedBox (design plus bleed).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Design, LayerSpec, RenderProblem } from '../types.ts';
import { PX_PER_UNIT, designUnit, isPhysical, PHYSICAL_PX_PER_INCH } from '../design/units.ts';
import type { PageBoxes } from './skia-pdf-edit.ts';

/** Largest bleed, in points (one inch; print shops ask for 3 mm or 1/8 in). */
export const MAX_BLEED_PT = 72;
/** Crop marks: the gap between the bleed edge and a mark, the mark's length and its width (pt). */
export const MARK_GAP_PT = 3;
export const MARK_LENGTH_PT = 18;
export const MARK_WIDTH_PT = 0.25;
/** The margin the marks need outside the bleed (pt). */
export const MARK_MARGIN_PT = MARK_GAP_PT + MARK_LENGTH_PT + 3;

/** Layer types whose box may grow into the bleed without changing what they show. */
const EXTENDABLE = new Set(['shape', 'picture']);

/** Points per design unit of a stored design, as the PDF draws it at `dpi`. */
function ptPerUnit(design: Design, dpi: number): number {
  return isPhysical(design)
    ? (PX_PER_UNIT[designUnit(design)] * 72) / PHYSICAL_PX_PER_INCH
    : 72 / dpi;
}

/** A problem when `bleed` (in the design's unit) is more than MAX_BLEED_PT on this design. */
export function bleedProblem(
  design: Design,
  bleed: number | undefined,
  dpi: number,
  path: string,
): RenderProblem | undefined {
  if (!bleed) return undefined;
  const pt = bleed * ptPerUnit(design, dpi);
  if (pt <= MAX_BLEED_PT + 1e-9) return undefined;
  const unit = designUnit(design);
  const max = Math.floor((MAX_BLEED_PT / ptPerUnit(design, dpi)) * 1000) / 1000;
  return {
    path,
    message: `must be at most ${max} ${unit} (1 inch) for this design (its unit is ${unit}); received ${bleed}`,
  };
}

/** One layer grown by `b` on each side where it touches the canvas edge. */
function extendLayer(layer: LayerSpec, b: number, width: number, height: number): LayerSpec {
  if (!EXTENDABLE.has(layer.type) || (layer.rotation ?? 0) % 360 !== 0) return layer;
  const out = { ...layer };
  const eps = 1e-6;
  if (layer.x <= eps) {
    out.x -= b;
    out.width += b;
  }
  if (layer.y <= eps) {
    out.y -= b;
    out.height += b;
  }
  if (layer.x + layer.width >= width - eps) out.width += b;
  if (layer.y + layer.height >= height - eps) out.height += b;
  return out;
}

/** The design (in painter pixels) with its edge layers grown into a bleed of `b` px. */
export function withBleed(design: Design, b: number): Design {
  if (b <= 0) return design;
  return {
    ...design,
    layers: design.layers.map((l) => extendLayer(l, b, design.width, design.height)),
  };
}

/** Where a page's parts are, in painter pixels: bleed `b`, mark margin `m`, trim offset `b + m`. */
export interface PageLayout {
  bleed: number;
  margin: number;
  /** Offset of the design's top-left corner on the page. */
  offset: number;
  pageWidth: number;
  pageHeight: number;
}

/** The page layout of a design (painter pixels) for a bleed in the design's unit. */
export function pageLayout(
  design: Design,
  bleedUnits: number,
  cropMarks: boolean,
  pt: number,
): PageLayout {
  // The prepared design is in painter pixels: a physical unit's pixels per unit, px as is.
  const bleed = bleedUnits * (isPhysical(design) ? PX_PER_UNIT[designUnit(design)] : 1);
  const margin = cropMarks ? MARK_MARGIN_PT / pt : 0;
  const offset = bleed + margin;
  return {
    bleed,
    margin,
    offset,
    pageWidth: design.width + 2 * offset,
    pageHeight: design.height + 2 * offset,
  };
}

/** The PDF boxes of a page in points; only sizes when there is neither bleed nor marks. */
export function pageBoxes(design: Design, layout: PageLayout, pt: number): PageBoxes {
  const page = { width: layout.pageWidth * pt, height: layout.pageHeight * pt };
  if (layout.offset === 0) return page;
  return {
    ...page,
    trim: {
      x: layout.offset * pt,
      y: layout.offset * pt,
      width: design.width * pt,
      height: design.height * pt,
    },
    bleed: {
      x: layout.margin * pt,
      y: layout.margin * pt,
      width: (design.width + 2 * layout.bleed) * pt,
      height: (design.height + 2 * layout.bleed) * pt,
    },
  };
}

/** Fills the bleed area with the canvas background (the context in page pixels). */
export function fillBleed(ctx: SKRSContext2D, design: Design, layout: PageLayout): void {
  if (!design.background || layout.bleed <= 0) return;
  ctx.save();
  ctx.fillStyle = design.background;
  ctx.fillRect(
    layout.margin,
    layout.margin,
    design.width + 2 * layout.bleed,
    design.height + 2 * layout.bleed,
  );
  ctx.restore();
}

/**
 * Draws the eight crop marks (context in page pixels): at each corner, a horizontal and a
 * vertical line on the trim edges' lines, from MARK_GAP_PT outside the bleed outwards, in
 * `color` (black, or in a CMYK PDF the sentinel written as registration colour).
 */
export function drawCropMarks(
  ctx: SKRSContext2D,
  design: Design,
  layout: PageLayout,
  pt: number,
  color = '#000000',
): void {
  const { offset, bleed } = layout;
  const gap = MARK_GAP_PT / pt;
  const len = MARK_LENGTH_PT / pt;
  const left = offset;
  const top = offset;
  const right = offset + design.width;
  const bottom = offset + design.height;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = MARK_WIDTH_PT / pt;
  ctx.beginPath();
  for (const y of [top, bottom]) {
    // Horizontal marks, left and right of the page.
    ctx.moveTo(left - bleed - gap, y);
    ctx.lineTo(left - bleed - gap - len, y);
    ctx.moveTo(right + bleed + gap, y);
    ctx.lineTo(right + bleed + gap + len, y);
  }
  for (const x of [left, right]) {
    // Vertical marks, above and below the page.
    ctx.moveTo(x, top - bleed - gap);
    ctx.lineTo(x, top - bleed - gap - len);
    ctx.moveTo(x, bottom + bleed + gap);
    ctx.lineTo(x, bottom + bleed + gap + len);
  }
  ctx.stroke();
  ctx.restore();
}
