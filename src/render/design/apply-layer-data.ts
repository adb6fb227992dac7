/**
 * Request-time layer data over a stored design: `layers.<name>` is a patch with the stored
 * property names plus the position/size grammar (geometry.ts). Names that match no layer are
 * ignored, because one request may be sent to several templates, and so is data for a static
 * layer (`dynamic: false`); request-warnings.ts reports both. Number and boolean properties
 * sent as strings are read first (scalars.ts), `visibility` becomes `hide`, and the patched layers
 * are checked again, so a bad value is reported at `layers.<name>.<prop>`.
 */
import { checkTypeProps, getLayerType } from '../layers/index.ts';
import type { Design, LayerData, LayerSpec, PropContext, RenderProblem } from '../types.ts';
import { checkCommonProps } from './common-props.ts';
import { isDynamic } from './dynamic-layers.ts';
import { layerScalarKinds } from './coerce-layer-values.ts';
import { resolvePosition, resolveSize } from './geometry.ts';
import type { PositionMode, Resolved } from './geometry.ts';
import { describeValue } from './props.ts';
import { coerceScalars } from './scalars.ts';
import { requestPropsOf } from './request-warnings.ts';

/** Geometry keys in the order they apply: set first, then shift. */
const POSITION_KEYS: Array<[key: string, axis: 'x' | 'y', mode: PositionMode]> = [
  ['x', 'x', 'absolute'],
  ['y', 'y', 'absolute'],
  ['position_x_absolute', 'x', 'absolute'],
  ['position_y_absolute', 'y', 'absolute'],
  ['position_x', 'x', 'signed'],
  ['position_y', 'y', 'signed'],
  ['position_x_relative', 'x', 'relative'],
  ['position_y_relative', 'y', 'relative'],
];
const GEOMETRY_KEYS = new Set([...POSITION_KEYS.map(([k]) => k), 'width', 'height']);
/** Properties a request may not change: they identify the layer. */
const FIXED_KEYS = new Set(['name', 'type']);
/** Properties of the design a request cannot set (ignored, with a warning from request-warnings). */
const DESIGN_ONLY_KEYS = new Set(['dynamic']);
/** `visibility` (Placid's n8n node sends it for every layer type) → the `hide` it means. */
const VISIBILITY: Readonly<Record<string, boolean>> = { visible: false, hidden: true };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Turns `visibility: "visible" | "hidden"` into `hide` (an explicit `hide` wins) and removes it,
 * so it never reaches the stored-layer checks; any other value is a problem at its path.
 */
function readVisibility(
  patch: Record<string, unknown>,
  path: string,
  problems: RenderProblem[],
): void {
  const v = patch.visibility;
  delete patch.visibility;
  if (v === undefined || v === null || v === '') return;
  const hide = typeof v === 'string' ? VISIBILITY[v.trim().toLowerCase()] : undefined;
  if (hide === undefined) {
    problems.push({
      path: `${path}.visibility`,
      message: `must be "visible" or "hidden"; received ${describeValue(v)}`,
    });
  } else if (patch.hide === undefined || patch.hide === null) patch.hide = hide;
}

/**
 * The properties of a patch that a layer of `type` takes in a request. The others change nothing
 * (request-warnings.ts names them), so they are not copied into the layer the render gets.
 */
function knownProps(sent: Record<string, unknown>, type: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Looks up the few known names rather than walking what was sent, which may be 400,000 keys.
  for (const key of requestPropsOf(type)) {
    if (Object.prototype.hasOwnProperty.call(sent, key)) out[key] = sent[key];
  }
  return out;
}

/** Applies one layer's patch; returns the patched copy. */
function patchLayer(
  stored: LayerSpec,
  sent: Record<string, unknown>,
  path: string,
  problems: RenderProblem[],
  unit: PropContext['unit'],
): LayerSpec {
  const patch = coerceScalars(knownProps(sent, stored.type), layerScalarKinds(stored.type));
  readVisibility(patch, path, problems);
  const layer: LayerSpec = { ...stored };
  // The request key that set each geometry value (position_x_absolute sets x…), so a range
  // problem found below at `x` is reported under the key the client sent.
  const setBy: Partial<Record<'x' | 'y' | 'width' | 'height', string>> = {};
  const apply = (
    prop: string,
    raw: unknown,
    result: Resolved,
    target: 'x' | 'y' | 'width' | 'height',
  ) => {
    if (result.ok) {
      layer[target] = result.value;
      setBy[target] = prop;
    } else
      problems.push({
        path: `${path}.${prop}`,
        message: `must be ${result.allowed}; received ${describeValue(raw)}`,
      });
  };
  for (const [key, axis, mode] of POSITION_KEYS) {
    if (patch[key] !== undefined)
      apply(key, patch[key], resolvePosition(patch[key], layer[axis], mode, unit ?? 'px'), axis);
  }
  for (const side of ['width', 'height'] as const) {
    if (patch[side] !== undefined)
      apply(side, patch[side], resolveSize(patch[side], stored[side], unit ?? 'px'), side);
  }
  for (const [key, value] of Object.entries(patch)) {
    if (GEOMETRY_KEYS.has(key) || DESIGN_ONLY_KEYS.has(key) || value === undefined) continue;
    if (FIXED_KEYS.has(key)) {
      if (value !== stored[key])
        problems.push({
          path: `${path}.${key}`,
          message: `cannot be changed in a request; received ${describeValue(value)}`,
        });
      continue;
    }
    layer[key === 'fontFamily' ? 'font' : key] = value;
  }
  // fontFamily is the spec's spelling and wins over `font` when a request sends both.
  if (patch.fontFamily !== undefined) layer.font = patch.fontFamily;
  // Problems from here on are about the patched values; those of the geometry keys themselves
  // were reported above under their own names.
  const firstProblem = problems.length;
  checkCommonProps(layer, path, problems, unit);
  const type = getLayerType(layer.type);
  if (type) checkTypeProps(type, layer, path, problems, unit);
  for (const p of problems.slice(firstProblem)) {
    const target = p.path.slice(path.length + 1) as keyof typeof setBy;
    const sent = p.path.startsWith(`${path}.`) ? setBy[target] : undefined;
    if (sent) p.path = `${path}.${sent}`;
  }
  return layer;
}

/** Normalised copies of frozen stored layers (see normaliseStored). */
const normalisedFrozen = new WeakMap<LayerSpec, LayerSpec>();

/**
 * A normalised copy of a stored layer without a patch. Stored designs passed validateDesign, but
 * one saved before a property gained a default would otherwise reach drawing code without it.
 * A frozen layer (the API's design cache shares and freezes its designs) cannot change, and the
 * validators only read the layer, so its copy is made once and shared, frozen as well: the API
 * prepares every request's design twice, and most of its layers carry no request data.
 */
function normaliseStored(stored: LayerSpec, unit: PropContext['unit']): LayerSpec {
  const frozen = Object.isFrozen(stored);
  const known = frozen ? normalisedFrozen.get(stored) : undefined;
  if (known) return known;
  const layer: LayerSpec = { ...stored };
  const ignored: RenderProblem[] = [];
  checkCommonProps(layer, `layers.${stored.name}`, ignored, unit);
  const type = getLayerType(layer.type);
  if (type) checkTypeProps(type, layer, `layers.${stored.name}`, ignored, unit);
  if (frozen) normalisedFrozen.set(stored, Object.freeze(layer));
  return layer;
}

/**
 * The part of request layer data a render uses: entries of the design's dynamic layers, each
 * with the properties its type takes. What is left out changes nothing (request-warnings.ts names
 * it), so a request full of unknown names is not copied to a render thread.
 */
export function usedLayerData(design: Design, data: LayerData | undefined): LayerData | undefined {
  if (!isObject(data)) return data;
  const used: Array<[string, Record<string, unknown>]> = [];
  for (const layer of design.layers) {
    if (!Object.prototype.hasOwnProperty.call(data, layer.name) || !isDynamic(layer)) continue;
    const patch: unknown = data[layer.name];
    // Anything but an object is kept as it is: applyLayerData names it in its 422.
    used.push([layer.name, isObject(patch) ? knownProps(patch, layer.type) : (patch as never)]);
  }
  // fromEntries: a layer named "__proto__" stays an own property.
  return Object.fromEntries(used);
}

/** Applies request layer data to a validated design; unknown layer names are ignored. */
export function applyLayerData(
  design: Design,
  data: LayerData | undefined,
): { design: Design; problems: RenderProblem[] } {
  const problems: RenderProblem[] = [];
  if (data !== undefined && data !== null && !isObject(data)) {
    problems.push({
      path: 'layers',
      message: `must be an object keyed by layer name; received ${describeValue(data)}`,
    });
    return { design, problems };
  }
  const patches: LayerData = data ?? {};
  const unit = design.unit === 'px' || design.pixels ? undefined : design.unit;
  const layers = design.layers.map((stored) => {
    const patch = Object.prototype.hasOwnProperty.call(patches, stored.name)
      ? patches[stored.name]
      : undefined;
    const path = `layers.${stored.name}`;
    // A static layer ignores request data, as an unknown layer name does (a warning says so).
    if (patch === null || patch === undefined || !isDynamic(stored))
      return normaliseStored(stored, unit);
    if (!isObject(patch)) {
      problems.push({
        path,
        message: `must be an object of layer properties; received ${describeValue(patch)}`,
      });
      return normaliseStored(stored, unit);
    }
    return patchLayer(stored, patch, path, problems, unit);
  });
  return { design: { ...design, layers }, problems };
}
