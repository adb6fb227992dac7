/**
 * Validation of a stored design (what `PUT /templates/{uuid}/design` and the CLI accept): the
 * canvas, then every layer's common and type properties against the layer registry. Returns a
 * normalised copy (defaults filled in, colours and lengths canonical) and every problem found,
 * with paths like `layers.2.font_size`.
 */
import { checkTypeProps, getLayerType, layerTypeNames } from '../layers/index.ts';
import type { Design, LayerSpec, RenderProblem } from '../types.ts';
import { colorFormatsFor, isTransparent, parseColor } from './color.ts';
import { checkCommonProps } from './common-props.ts';
import { addProblem, describeValue } from './props.ts';
import { DESIGN_UNITS, PX_PER_UNIT } from './units.ts';
import { extraPropsProblem } from './extra-props.ts';
import { bleedProblem } from '../output/bleed.ts';
import { checkGuides } from './design-guides.ts';

/** Largest canvas side in px (Placid's largest size class). */
export const MAX_CANVAS_SIDE = 16_000;
/** Bounds of a design's own raster `dpi`. */
const MIN_DPI = 36;
const MAX_DPI = 1200;
/** Most layers one design may have. */
export const MAX_LAYERS = 500;
/** Longest layer name. */
export const MAX_NAME_LENGTH = 200;

/** Type spellings accepted on input and what they mean ("rectangle": older listings named shapes so). */
export const TYPE_ALIASES: Record<string, { type: string; props?: Record<string, unknown> }> = {
  rectangle: { type: 'shape', props: { shape: 'rectangle' } },
  ellipse: { type: 'shape', props: { shape: 'ellipse' } },
  qrcode: { type: 'barcode', props: { format: 'qrcode' } },
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A problem with a top-level design property (paths are relative to the design object). */
function topProblem(
  problems: RenderProblem[],
  prop: string,
  allowed: string,
  value: unknown,
): void {
  problems.push({ path: prop, message: `must be ${allowed}; received ${describeValue(value)}` });
}

/** Checks the canvas size and background; writes them into `out`. */
function checkCanvas(input: Record<string, unknown>, out: Design, problems: RenderProblem[]): void {
  const unit = input.unit ?? 'px';
  if (!(DESIGN_UNITS as readonly unknown[]).includes(unit)) {
    topProblem(problems, 'unit', `one of ${DESIGN_UNITS.map((u) => `"${u}"`).join(', ')}`, unit);
  } else if (unit !== 'px') out.unit = unit as Design['unit'];
  const k = PX_PER_UNIT[out.unit ?? 'px'];
  for (const side of ['width', 'height'] as const) {
    const v = input[side];
    if (!out.unit) {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_CANVAS_SIDE) {
        topProblem(problems, side, `an integer from 1 to ${MAX_CANVAS_SIDE} (px)`, v);
      } else out[side] = v;
    } else if (typeof v !== 'number' || !(v > 0) || v * k > MAX_CANVAS_SIDE) {
      // A physical size is bounded by the same canvas in pixels (96 per inch).
      const max = Math.floor((MAX_CANVAS_SIDE / k) * 100) / 100;
      topProblem(problems, side, `a number above 0 and at most ${max} (${out.unit})`, v);
    } else out[side] = v;
  }
  const dpi = input.dpi;
  if (dpi !== undefined && dpi !== null) {
    if (typeof dpi !== 'number' || !Number.isInteger(dpi) || dpi < MIN_DPI || dpi > MAX_DPI) {
      topProblem(problems, 'dpi', `an integer from ${MIN_DPI} to ${MAX_DPI}`, dpi);
    } else out.dpi = dpi;
  }
  const bleed = input.bleed;
  if (bleed !== undefined && bleed !== null && bleed !== 0) {
    const problem =
      typeof bleed === 'number' && Number.isFinite(bleed) && bleed > 0
        ? bleedProblem(out, bleed, 96, 'bleed')
        : {
            path: 'bleed',
            message: `must be a number of 0 or more in the design's unit; received ${describeValue(bleed)}`,
          };
    if (problem) problems.push(problem);
    else out.bleed = bleed as number;
  }
  const bg = input.background;
  if (bg === undefined) out.background = '#ffffff';
  else if (bg === null || bg === '') out.background = null;
  else {
    const color = parseColor(bg);
    if (color === undefined)
      topProblem(problems, 'background', `${colorFormatsFor(bg)}, or null for transparent`, bg);
    else out.background = isTransparent(color) ? null : color;
  }
}

/** Checks one layer (name, type, common and type props); returns the normalised copy. */
function checkLayer(
  raw: unknown,
  path: string,
  seen: Set<string>,
  problems: RenderProblem[],
  unit: Design['unit'],
): LayerSpec | undefined {
  if (!isObject(raw)) {
    problems.push({ path, message: `must be a layer object; received ${JSON.stringify(raw)}` });
    return undefined;
  }
  // Before anything copies the layer: a layer may carry a few properties its type does not know.
  const typeName = typeof raw.type === 'string' ? (TYPE_ALIASES[raw.type]?.type ?? raw.type) : '';
  if (getLayerType(typeName)) {
    const extra = extraPropsProblem(raw, typeName, path);
    if (extra) {
      problems.push(extra);
      return undefined;
    }
  }
  const layer = structuredClone(raw) as LayerSpec;
  const name = layer.name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
    addProblem(
      problems,
      path,
      'name',
      `a non-empty string of at most ${MAX_NAME_LENGTH} characters`,
      name,
    );
  } else if (seen.has(name)) {
    problems.push({
      path: `${path}.name`,
      message: `must be unique; "${name}" is used by another layer`,
    });
  } else seen.add(name);
  const alias = typeof layer.type === 'string' ? TYPE_ALIASES[layer.type] : undefined;
  if (alias) {
    layer.type = alias.type;
    for (const [k, v] of Object.entries(alias.props ?? {})) layer[k] ??= v;
  }
  const type = typeof layer.type === 'string' ? getLayerType(layer.type) : undefined;
  if (!type) {
    const allowed = [...layerTypeNames(), ...Object.keys(TYPE_ALIASES)].map((t) => `"${t}"`);
    addProblem(problems, path, 'type', `one of ${allowed.join(', ')}`, layer.type);
    return undefined;
  }
  const lengthUnit = unit === 'px' ? undefined : unit;
  checkCommonProps(layer, path, problems, lengthUnit);
  // `dynamic` (default true): whether requests may change the layer; kept only when false.
  if (layer.dynamic === true || layer.dynamic === undefined) delete layer.dynamic;
  else if (layer.dynamic !== false)
    addProblem(problems, path, 'dynamic', 'true or false', layer.dynamic);
  checkTypeProps(type, layer, path, problems, lengthUnit);
  return layer;
}

/** Validates a design; `design` is set only when there are no problems. */
export function validateDesign(input: unknown): { design?: Design; problems: RenderProblem[] } {
  const problems: RenderProblem[] = [];
  if (!isObject(input)) {
    problems.push({
      path: 'design',
      message: 'must be an object with width, height, background and layers',
    });
    return { problems };
  }
  const out: Design = { width: 0, height: 0, background: null, layers: [] };
  checkCanvas(input, out, problems);
  checkGuides(input, out, problems);
  const layers = input.layers ?? [];
  if (!Array.isArray(layers) || layers.length > MAX_LAYERS) {
    topProblem(problems, 'layers', `an array of at most ${MAX_LAYERS} layers`, layers);
  } else {
    const seen = new Set<string>();
    layers.forEach((raw, i) => {
      const layer = checkLayer(raw, `layers.${i}`, seen, problems, out.unit);
      if (layer) out.layers.push(layer);
    });
  }
  return problems.length ? { problems } : { design: out, problems };
}
