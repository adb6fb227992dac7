/**
 * THE layer registry: stored `type` → LayerType. Adding a layer type is one folder under
 * render/layers/ and one line in LAYER_TYPES below; validation, listings, asset collection and
 * painting all look types up here.
 */
import { checkProps } from '../design/prop-specs.ts';
import type { LayerSpec, LayerType, PropContext, RenderProblem } from '../types.ts';
import { barcodeLayer } from './barcode/index.ts';
import { browserframeLayer } from './browserframe/index.ts';
import { pictureLayer } from './picture/index.ts';
import { ratingLayer } from './rating/index.ts';
import { shapeLayer } from './shape/index.ts';
import { tableLayer } from './table/index.ts';
import { textLayer } from './text/index.ts';

const LAYER_TYPES: LayerType[] = [
  textLayer,
  pictureLayer,
  shapeLayer,
  browserframeLayer,
  barcodeLayer,
  ratingLayer,
  tableLayer,
];

const registry = new Map<string, LayerType>(LAYER_TYPES.map((t) => [t.type, t]));

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
  type.checkTogether?.(layer, path, problems);
}

/** The registered type names, in registry order. */
export function layerTypeNames(): string[] {
  return [...registry.keys()];
}
