/**
 * THE layer registry: stored `type` → LayerType. Adding a layer type is one folder under
 * render/layers/ and one line in LAYER_TYPES below; validation, listings, asset collection and
 * painting all look types up here.
 */
import type { LayerType } from '../types.ts';
import { barcodeLayer } from './barcode/index.ts';
import { browserframeLayer } from './browserframe/index.ts';
import { pictureLayer } from './picture/index.ts';
import { ratingLayer } from './rating/index.ts';
import { shapeLayer } from './shape/index.ts';
import { textLayer } from './text/index.ts';

const LAYER_TYPES: LayerType[] = [
  textLayer,
  pictureLayer,
  shapeLayer,
  browserframeLayer,
  barcodeLayer,
  ratingLayer,
];

const registry = new Map<string, LayerType>(LAYER_TYPES.map((t) => [t.type, t]));

/** The layer type registered for a stored `type` value, if any. */
export function getLayerType(type: string): LayerType | undefined {
  return registry.get(type);
}

/** The registered type names, in registry order. */
export function layerTypeNames(): string[] {
  return [...registry.keys()];
}
