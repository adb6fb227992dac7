/**
 * Layer values that arrive as text (a URL query) read with the same one coercion step that
 * applyLayerData applies to every request: each property the layer registry declares as a number
 * or a boolean is read from a string that spells one (scalars.ts). The URL API calls it before
 * hashing a query, so `font_size=40` and `font_size=40.0` name the same cached image.
 */
import type { Design, LayerData } from '../types.ts';
import { COMMON_SCALARS } from './common-props.ts';
import { getLayerType } from '../layers/index.ts';
import { coerceScalars, type ScalarKinds } from './scalars.ts';
import { scalarKindsOf } from './prop-specs.ts';

/** Per registered type, read once: every request's layer patches look them up. */
const kindsByType = new Map<string, ScalarKinds>();

/** The number and boolean properties of a layer type, common ones included. */
export function layerScalarKinds(type: string): ScalarKinds {
  const known = kindsByType.get(type);
  if (known) return known;
  const layerType = getLayerType(type);
  if (!layerType) return COMMON_SCALARS;
  const kinds = { ...COMMON_SCALARS, ...scalarKindsOf(layerType.props) };
  kindsByType.set(type, kinds);
  return kinds;
}

/**
 * Layer data with each string that spells a number or boolean, where the layer's type wants
 * one, replaced by that value; unknown layers, non-objects and other values are kept as given,
 * so the 422 shows a bad value as it was sent.
 */
export function coerceLayerValues(design: Design, data: LayerData): LayerData {
  const out: LayerData = {};
  for (const [name, patch] of Object.entries(data)) {
    const stored = design.layers.find((l) => l.name === name);
    const isObject = typeof patch === 'object' && patch !== null && !Array.isArray(patch);
    out[name] =
      stored && isObject
        ? coerceScalars(patch as Record<string, unknown>, layerScalarKinds(stored.type))
        : patch;
  }
  return out;
}
