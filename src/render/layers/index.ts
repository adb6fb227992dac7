/**
 * THE layer registry: stored `type` → LayerType. Adding a layer type is one folder under
 * render/layers/ and one line in LAYER_TYPES below; validation, listings, asset collection,
 * painting and the editor all look types up here.
 */
import { checkProps } from '../design/prop-specs.ts';
import type { DrawEnv, LayerSpec, LayerType, PropContext, RenderProblem } from '../types.ts';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { barcodeLayer } from './barcode/index.ts';
import { browserframeLayer } from './browserframe/index.ts';
import { pictureLayer } from './picture/index.ts';
import { ratingLayer } from './rating/index.ts';
import { lineLayer } from './shape/line.ts';
import { shapeLayer } from './shape/index.ts';
import { subtitleLayer } from './subtitle/index.ts';
import { tableLayer } from './table/index.ts';
import { textLayer } from './text/index.ts';
import { hasTypedProps, readLayer } from './typed-layer.ts';

export { defineLayerType, readLayer } from './typed-layer.ts';

/**
 * The registry of `types` by name. Two types of one name would make the second unreachable
 * (and its designs draw as the first), so a duplicate is an error at start.
 */
export function layerRegistry(types: readonly LayerType[]): ReadonlyMap<string, LayerType> {
  const registry = new Map<string, LayerType>();
  for (const type of types) {
    if (registry.has(type.type)) {
      throw new Error(`layer type "${type.type}" is registered twice`);
    }
    registry.set(type.type, type);
  }
  return registry;
}

const LAYER_TYPES: LayerType[] = [
  textLayer,
  pictureLayer,
  shapeLayer,
  lineLayer,
  browserframeLayer,
  barcodeLayer,
  ratingLayer,
  tableLayer,
  subtitleLayer,
];

const registry = layerRegistry(LAYER_TYPES);

/** The layer type registered for a stored `type` value, if any. */
export function getLayerType(type: string): LayerType | undefined {
  return registry.get(type);
}

/** Every registered layer type, in registry order. */
export function layerTypes(): readonly LayerType[] {
  return LAYER_TYPES;
}

/**
 * Checks and normalises the type's own properties of a layer in place (its props in order, then
 * the checks across them); problems get paths under `path` (e.g. 'layers.title.font_size').
 */
export function checkTypeProps(
  type: LayerType,
  layer: LayerSpec,
  path: string,
  problems: RenderProblem[],
  unit?: PropContext['unit'],
): void {
  checkProps({ layer, path, problems, unit }, type.props);
  // Each check wrote a value of its type (or its default), so the layer is typed here.
  if (type.checkTogether && hasTypedProps(type.props, layer)) {
    type.checkTogether(layer, path, problems);
  }
}

/** Draws `layer` with its type, its properties read as the type declares them (readLayer). */
export function drawLayer(
  type: LayerType,
  ctx: SKRSContext2D,
  layer: LayerSpec,
  env: DrawEnv,
): void | Promise<void> {
  return type.draw(ctx, readLayer(type, layer), env);
}

/** The registered type names, in registry order. */
export function layerTypeNames(): string[] {
  return [...registry.keys()];
}
